import Foundation

/// An XLSX file (Office Open XML SpreadsheetML) written part by part: the content types, the
/// package and workbook relationships, document properties with a fixed date, the workbook with its
/// sheets and their autofilters, the styles, then each sheet with its hyperlinks' relationships, in
/// that order inside a `ZipArchive`. The same sheets always give the same bytes.
struct XLSXWorkbook: Sendable {
    /// The document's title, in its properties.
    var title: String
    var sheets: [XLSXSheet]
    /// Threads that write sheets and compress parts; the bytes do not depend on it.
    var jobs = 1

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
    static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let relationshipsNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let hyperlinkType = relationshipsNamespace + "/hyperlink"
    /// Document properties carry this date, so that files do not change from run to run.
    static let fixedDate = "1980-01-01T00:00:00Z"

    /// The parts of the file, paths inside the package, in their order in the archive.
    var parts: [(path: String, bytes: [UInt8])] {
        let fixed: [(path: String, text: String)] = [
            ("[Content_Types].xml", contentTypes),
            ("_rels/.rels", Self.relationships([
                (id: "rId1", type: Self.relationshipsNamespace + "/officeDocument", target: "xl/workbook.xml", external: false),
                (id: "rId2", type: "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
                 target: "docProps/core.xml", external: false),
                (id: "rId3", type: Self.relationshipsNamespace + "/extended-properties", target: "docProps/app.xml", external: false),
            ])),
            ("docProps/app.xml", Self.declaration
                + "<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\">"
                + "<Application>Questlog</Application></Properties>"),
            ("docProps/core.xml", Self.declaration
                + "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\""
                + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
                + "<dc:title>\(XMLText.content(title))</dc:title><dc:creator>Questlog</dc:creator>"
                + "<dcterms:created xsi:type=\"dcterms:W3CDTF\">\(Self.fixedDate)</dcterms:created>"
                + "<dcterms:modified xsi:type=\"dcterms:W3CDTF\">\(Self.fixedDate)</dcterms:modified>"
                + "</cp:coreProperties>"),
            ("xl/workbook.xml", workbook),
            ("xl/_rels/workbook.xml.rels", Self.relationships(sheets.indices.map { index in
                (id: "rId\(index + 1)", type: Self.relationshipsNamespace + "/worksheet",
                 target: "worksheets/sheet\(index + 1).xml", external: false)
            } + [(id: "rId\(sheets.count + 1)", type: Self.relationshipsNamespace + "/styles", target: "styles.xml", external: false)])),
            ("xl/styles.xml", XLSXStyle.stylesheet),
        ]
        var parts = fixed.map { (path: $0.path, bytes: Array($0.text.utf8)) }
        for (index, sheet) in sheets.enumerated() {
            parts.append(("xl/worksheets/sheet\(index + 1).xml", sheet.xmlBytes(selected: index == 0, jobs: jobs)))
            if let relationships = sheet.relationships {
                parts.append(("xl/worksheets/_rels/sheet\(index + 1).xml.rels", Array(relationships.utf8)))
            }
        }
        return parts
    }

    /// The file's bytes.
    func bytes() throws(ZipArchiveError) -> [UInt8] {
        try ZipArchive(jobs: jobs).bytes(of: parts)
    }

    private var contentTypes: String {
        var xml = Self.declaration
            + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
            + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
            + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
            + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
            + "<Override PartName=\"/xl/styles.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
        for index in sheets.indices {
            xml += "<Override PartName=\"/xl/worksheets/sheet\(index + 1).xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
        }
        return xml
            + "<Override PartName=\"/docProps/core.xml\" ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>"
            + "<Override PartName=\"/docProps/app.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.extended-properties+xml\"/>"
            + "</Types>"
    }

    /// The sheets in order, and each one's autofilter range as the name spreadsheet apps give it.
    private var workbook: String {
        var xml = Self.declaration
            + "<workbook xmlns=\"\(Self.mainNamespace)\" xmlns:r=\"\(Self.relationshipsNamespace)\">"
            + "<bookViews><workbookView activeTab=\"0\"/></bookViews><sheets>"
        for (index, sheet) in sheets.enumerated() {
            xml += "<sheet name=\"\(XMLText.attribute(sheet.name))\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>"
        }
        xml += "</sheets><definedNames>"
        for (index, sheet) in sheets.enumerated() {
            let range = sheet.range.split(separator: ":").map { "$" + Self.absolute(String($0)) }.joined(separator: ":")
            let quoted = "'" + sheet.name.replacingOccurrences(of: "'", with: "''") + "'"
            xml += "<definedName name=\"_xlnm._FilterDatabase\" localSheetId=\"\(index)\" hidden=\"1\">"
                + XMLText.content(quoted + "!" + range) + "</definedName>"
        }
        return xml + "</definedNames></workbook>"
    }

    /// `K4` → `K$4`; the caller adds the column's `$`.
    private static func absolute(_ reference: String) -> String {
        let letters = reference.prefix { $0.isLetter }
        return letters + "$" + reference.dropFirst(letters.count)
    }

    /// A relationships part.
    static func relationships(_ items: [(id: String, type: String, target: String, external: Bool)]) -> String {
        declaration + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
            + items.map { item in
                "<Relationship Id=\"\(item.id)\" Type=\"\(item.type)\" Target=\"\(XMLText.attribute(item.target))\""
                    + (item.external ? " TargetMode=\"External\"" : "") + "/>"
            }.joined()
            + "</Relationships>"
    }
}
