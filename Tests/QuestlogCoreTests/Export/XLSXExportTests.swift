@testable import QuestlogCore
import Testing
import TestSupport

struct XLSXExportTests {
    static let site = ExportTestSite.make()

    /// The parts of a workbook, unzipped and inflated by the test's own reader.
    static func parts(_ path: String, site: Site = site, options: ExportOptions = ExportOptions()) throws -> [String: [UInt8]] {
        let files = try XLSXExport.files(for: site, options: options)
        let file = try #require(files.first { $0.path == path })
        let parts = try #require(ZipReader.read(file.bytes), "\(path) is not a readable ZIP archive, or a CRC differs")
        return Dictionary(uniqueKeysWithValues: parts.map { ($0.path, $0.bytes) })
    }

    static func xml(_ parts: [String: [UInt8]], _ path: String) throws -> SheetReader {
        let bytes = try #require(parts[path], "no part \(path)")
        return try #require(SheetReader.read(bytes), "\(path) is not well-formed XML")
    }

    static func text(_ parts: [String: [UInt8]], _ path: String) -> String {
        String(decoding: parts[path] ?? [], as: UTF8.self)
    }

    /// A sheet's cells by column name and entry id, from its header row and `A` column.
    static func cells(_ sheet: SheetReader) -> [String: [String: SheetReader.Cell]] {
        var columns: [String: String] = [:]
        var rows: [String: String] = [:]
        var table: [String: [String: SheetReader.Cell]] = [:]
        for (reference, cell) in sheet.cells {
            let letters = String(reference.prefix { $0.isLetter })
            let row = String(reference.dropFirst(letters.count))
            if row == "1" { columns[letters] = cell.text }
            if letters == "A" { rows[row] = cell.text }
        }
        for (reference, cell) in sheet.cells {
            let letters = String(reference.prefix { $0.isLetter })
            let row = String(reference.dropFirst(letters.count))
            guard row != "1", let id = rows[row], let column = columns[letters] else { continue }
            table[id, default: [:]][column] = cell
        }
        return table
    }

    @Test func oneWorkbookPerGameWithItsPartsInAFixedOrder() throws {
        #expect(try XLSXExport.files(for: Self.site, options: ExportOptions()).map(\.path) == ["dark-souls.xlsx", "elden-ring.xlsx"])
        let files = try XLSXExport.files(for: Self.site, options: ExportOptions())
        let file = try #require(files.last)
        #expect(ZipReader.read(file.bytes)?.map(\.path) == [
            "[Content_Types].xml", "_rels/.rels", "docProps/app.xml", "docProps/core.xml", "xl/workbook.xml",
            "xl/_rels/workbook.xml.rels", "xl/styles.xml",
            "xl/worksheets/sheet1.xml", "xl/worksheets/_rels/sheet1.xml.rels",
            "xl/worksheets/sheet2.xml", "xl/worksheets/_rels/sheet2.xml.rels",
            "xl/worksheets/sheet3.xml", "xl/worksheets/_rels/sheet3.xml.rels",
            "xl/worksheets/sheet4.xml", "xl/worksheets/_rels/sheet4.xml.rels",
            "xl/worksheets/sheet5.xml",
        ])
        let parts = try Self.parts("elden-ring.xlsx")
        for (path, bytes) in parts {
            #expect(SheetReader.read(bytes) != nil, "\(path) is not well-formed XML")
        }
        let types = try Self.xml(parts, "[Content_Types].xml").attributes(of: "Override").compactMap { $0["PartName"] }
        #expect(types.filter { $0.hasPrefix("/xl/worksheets/") }.count == 5)
        #expect(Self.text(parts, "docProps/core.xml").contains("<dcterms:modified xsi:type=\"dcterms:W3CDTF\">1980-01-01T00:00:00Z</dcterms:modified>"))
        #expect(Self.text(parts, "docProps/core.xml").contains("<dc:title>Elden Ring</dc:title>"))
    }

    @Test func oneSheetPerKindWithEntriesThenProgress() throws {
        let workbook = try Self.xml(try Self.parts("elden-ring.xlsx"), "xl/workbook.xml")
        #expect(workbook.attributes(of: "sheet").map { $0["name"] } == ["NPCs", "Quests", "Locations", "Bosses", "Progress"])
        #expect(workbook.attributes(of: "sheet").map { $0["r:id"] } == ["rId1", "rId2", "rId3", "rId4", "rId5"])
        // Dark Souls has no quests or bosses: no sheet for them.
        let darkSouls = try Self.xml(try Self.parts("dark-souls.xlsx"), "xl/workbook.xml")
        #expect(darkSouls.attributes(of: "sheet").map { $0["name"] } == ["NPCs", "Locations", "Progress"])
        let rels = try Self.xml(try Self.parts("elden-ring.xlsx"), "xl/_rels/workbook.xml.rels").attributes(of: "Relationship")
        #expect(rels.map { $0["Target"] } == ["worksheets/sheet1.xml", "worksheets/sheet2.xml", "worksheets/sheet3.xml",
                                               "worksheets/sheet4.xml", "worksheets/sheet5.xml", "styles.xml"])
    }

    @Test func sheetNamesAreMadeValidAndUnique() throws {
        let odd = Kind(id: "odd", folder: "odds", name: "Odd", plural: "'NPCs: [old]/new?'", fields: [])
        let long = Kind(id: "long", folder: "longs", name: "Long", plural: String(repeating: "Progress", count: 5), fields: [])
        let same = Kind(id: "same", folder: "sames", name: "Same", plural: "npcs: [old]/new?", fields: [])
        let config = SiteConfig(customKinds: [odd, long, same])
        func entry(_ kind: String, _ folder: String) -> Entry {
            Entry(ref: EntryRef(game: "g", kind: kind, id: "e"), name: "E", source: SourceLocation(path: "Content/g/\(folder)/e.md"),
                  path: "g/\(folder)/e.html", fields: [:], notes: .empty, inverse: [], mentions: [])
        }
        let game = Game(id: "g", title: "G", source: SourceLocation(path: "Content/g"), path: "g/index.html", fields: [:],
                        notes: .empty, entries: ["odd": [entry("odd", "odds")], "long": [entry("long", "longs")],
                                                 "same": [entry("same", "sames")]], links: [])
        let site = Site(config: config, schema: config.schema, games: [game])
        let workbook = try Self.xml(try Self.parts("g.xlsx", site: site), "xl/workbook.xml")
        #expect(workbook.attributes(of: "sheet").compactMap { $0["name"] }
            == ["NPCs_ _old__new_", String(repeating: "Progress", count: 3) + "Progres", "npcs_ _old__new_ (2)"])
    }

    @Test func cellsKeepTheirTypes() throws {
        let parts = try Self.parts("elden-ring.xlsx")
        let npcs = Self.cells(try Self.xml(parts, "xl/worksheets/sheet1.xml"))
        let kale = try #require(npcs["merchant-kale"])
        #expect(kale["merchant"] == SheetReader.Cell(type: "b", value: "1"))
        #expect(npcs["white-mask-varre"]?["merchant"] == SheetReader.Cell(type: "b", value: "0"))
        // An absent boolean is false, as in the CSV.
        #expect(npcs["ba-duong"]?["merchant"] == SheetReader.Cell(type: "b", value: "0"))
        #expect(kale["locations"] == SheetReader.Cell(type: "inlineStr", text: "Rose Church"))
        #expect(kale["tags"] == SheetReader.Cell(type: "inlineStr", text: "-5 apples; -5"))
        #expect(kale["url"]?.text == "elden-ring/npcs/merchant-kale.html")
        // An empty value is no cell at all.
        #expect(kale["quests"] == nil)

        let boss = try #require(Self.cells(try Self.xml(parts, "xl/worksheets/sheet4.xml"))["margit"])
        #expect(boss["hp"] == SheetReader.Cell(value: "-5"))
        // 2024-03-02 is day 45353 counted from 1899-12-30, shown with the date format.
        #expect(boss["first_seen"] == SheetReader.Cell(style: "\(XLSXStyle.date.rawValue)", value: "45353"))
        #expect(boss["wiki"]?.text == "https://example.org/margit")

        let quests = Self.cells(try Self.xml(parts, "xl/worksheets/sheet2.xml"))
        #expect(quests["formula"]?["level"] == SheetReader.Cell(value: "1"))
        #expect(quests["formula"]?["offset"] == SheetReader.Cell(value: "-0.5"))
        #expect(quests["clear-the-church"]?["weight"] == SheetReader.Cell(value: "2.5"))
        #expect(quests["clear-the-church"]?["optional"] == SheetReader.Cell(type: "b", value: "0"))
        #expect(quests["clear-the-church"]?["found"]?.value == "45356")
        #expect(quests["formula"]?["url_2"]?.text == "Line\nbreak, \"quoted\", commas")
    }

    @Test func dateSerialNumbers() {
        #expect(XLSXSheet.serialNumber(ofDate: "1900-03-01") == 61)
        #expect(XLSXSheet.serialNumber(ofDate: "1970-01-01") == 25_569)
        #expect(XLSXSheet.serialNumber(ofDate: "2024-02-29") == 45_351)
        #expect(XLSXSheet.serialNumber(ofDate: "9999-12-31") == 2_958_465)
        // Before March 1900 Excel's calendar is wrong: such dates stay text.
        #expect(XLSXSheet.serialNumber(ofDate: "1900-02-28") == nil)
        #expect(XLSXSheet.cell(.date("1179-03-02"), at: "A2", style: nil)
            == "<c r=\"A2\" t=\"inlineStr\"><is><t xml:space=\"preserve\">1179-03-02</t></is></c>")
    }

    @Test func numbersASpreadsheetCannotHoldExactlyStayText() {
        #expect(XLSXSheet.cell(.int(Int.max), at: "B2", style: nil).contains("t=\"inlineStr\""))
        #expect(XLSXSheet.cell(.int(Int.min), at: "B2", style: nil).contains("<t xml:space=\"preserve\">\(Int.min)</t>"))
        #expect(XLSXSheet.cell(.number(.infinity), at: "B2", style: nil).contains("t=\"inlineStr\""))
        #expect(XLSXSheet.cell(.int(9_007_199_254_740_992), at: "B2", style: nil) == "<c r=\"B2\"><v>9007199254740992</v></c>")
    }

    @Test func hostileTextIsInlineTextNeverAFormula() throws {
        let parts = try Self.parts("elden-ring.xlsx")
        let sheets = try (1...5).map { try Self.xml(parts, "xl/worksheets/sheet\($0).xml") }
        #expect(sheets.allSatisfy { $0.attributes(of: "f").isEmpty })
        for sheet in sheets {
            for (reference, cell) in sheet.cells {
                #expect(!cell.formula && [nil, "b", "inlineStr"].contains(cell.type), "\(reference)")
            }
        }
        let npcs = Self.cells(sheets[0])
        // No `'` prefix: the text is exactly the value.
        #expect(npcs["white-mask-varre"]?["aliases"]?.text == "=HYPERLINK(\"http://x\"); @Varré")
        let quests = Self.cells(sheets[1])
        #expect(quests["formula"]?["name"]?.text == "=1+1")
        #expect(quests["formula"]?["motto"]?.text == "=cmd|' /C calc'!A0")
        #expect(quests["formula"]?["display_name_2"]?.text == "@fake")
    }

    @Test func markupControlCharactersAndLongTextAreSafe() throws {
        let long = String(repeating: "Ωx", count: 20_000)
        let site = ExportTestSite.single(name: "<script>alert(1)</script> & \u{1}bell\u{7}", aliases: ["tab\there"],
                                         notes: "line\r\nbreak\u{B}\u{C}\u{FFFE}", extra: [ExtraField(name: "lore", value: .text(long))])
        let parts = try Self.parts("g.xlsx", site: site)
        let raw = Self.text(parts, "xl/worksheets/sheet1.xml")
        #expect(raw.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; bell"))
        #expect(!raw.contains("<script>"))
        let cells = try #require(Self.cells(try Self.xml(parts, "xl/worksheets/sheet1.xml"))["n"])
        #expect(cells["name"]?.text == "<script>alert(1)</script> & bell")
        #expect(cells["aliases"]?.text == "tab\there")
        // The carriage return survives as a character reference; what XML forbids is gone.
        #expect(cells["notes"]?.text == "line\r\nbreak")
        let lore = try #require(cells["lore"]?.text)
        #expect(lore.utf16.count == XLSXSheet.maximumTextLength)
        #expect(long.hasPrefix(lore))
    }

    @Test func headerIsBoldAndFrozenWithAnAutofilter() throws {
        let parts = try Self.parts("elden-ring.xlsx")
        let sheet = try Self.xml(parts, "xl/worksheets/sheet1.xml")
        #expect(sheet.attributes(of: "pane") == [["ySplit": "1", "topLeftCell": "A2", "activePane": "bottomLeft", "state": "frozen"]])
        #expect(sheet.attributes(of: "autoFilter") == [["ref": "A1:O4"]])
        #expect(sheet.attributes(of: "dimension") == [["ref": "A1:O4"]])
        let header = sheet.cells.filter { $0.key.hasSuffix("1") && $0.key.dropLast().allSatisfy(\.isLetter) }
        #expect(header.count == 15)
        #expect(header.values.allSatisfy { $0.style == "\(XLSXStyle.header.rawValue)" && $0.type == "inlineStr" })
        let styles = try Self.xml(parts, "xl/styles.xml")
        // The first `xf` is the one cell style; the cell formats follow.
        #expect(Array(styles.attributes(of: "xf").dropFirst())[XLSXStyle.header.rawValue]["fontId"] == "1")
        #expect(styles.elements.map(\.name).contains("b"))
        #expect(styles.attributes(of: "numFmt") == [["numFmtId": "164", "formatCode": "yyyy-mm-dd"]])
        let names = try Self.xml(parts, "xl/workbook.xml").attributes(of: "definedName")
        #expect(names.first == ["name": "_xlnm._FilterDatabase", "localSheetId": "0", "hidden": "1"])
        #expect(Self.text(parts, "xl/workbook.xml").contains(">'NPCs'!$A$1:$O$4</definedName>"))
        // Only the first sheet is selected.
        #expect(sheet.attributes(of: "sheetView").first?["tabSelected"] == "1")
        #expect(try Self.xml(parts, "xl/worksheets/sheet2.xml").attributes(of: "sheetView").first?["tabSelected"] == nil)
    }

    @Test func columnsAreFittedToTheirContent() throws {
        let sheet = try Self.xml(try Self.parts("elden-ring.xlsx"), "xl/worksheets/sheet1.xml")
        let widths = sheet.attributes(of: "col").compactMap { $0["width"].flatMap(Int.init) }
        #expect(widths.count == 15)
        #expect(widths.allSatisfy(XLSXSheet.widths.contains))
        // `id`: "white-mask-varre" and two characters for the filter button.
        #expect(widths[0] == 18)
        // `merchant`: the header is the longest.
        #expect(widths[3] == 10)
        let long = ExportTestSite.single(name: String(repeating: "n", count: 200), notes: "short\nlines")
        let widest = try Self.xml(try Self.parts("g.xlsx", site: long), "xl/worksheets/sheet1.xml")
            .attributes(of: "col").compactMap { $0["width"].flatMap(Int.init) }
        #expect(widest[1] == 60)
        #expect(widest[widest.count - 2] == 8)
        // Characters, not bytes, on the longest line; the cap holds for any script.
        let sheet2 = XLSXSheet(name: "s", header: ["a", "b", "c"], rows: [
            [.text("Bà Đường\r\nđi chợ"), .text(String(repeating: "龍", count: 300)), .text("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}ab")],
        ])
        #expect(sheet2.columnWidths() == [10, 60, 13])
        #expect(sheet2.columnWidths(jobs: 4) == [10, 60, 13])
        // ASCII lines and others in one cell: an ASCII line as long as the widest column is
        // enough, whatever follows it; shorter ones leave the rest to be counted by characters.
        let mixed = XLSXSheet(name: "x", header: ["a", "b", "c"], rows: [
            [.text(String(repeating: "a", count: 70) + "\n" + "é"),
             .text(String(repeating: "a", count: 20) + "\n" + String(repeating: "é", count: 30) + "\n" + "a"),
             .text("ab\r\n" + String(repeating: "a", count: 25) + "\u{301}" + String(repeating: "b", count: 4))],
        ])
        #expect(mixed.columnWidths() == [60, 32, 31])
        // Many rows, over several batches: a column at the widest is measured no further, and
        // the width is the one measuring every cell gives.
        var random = SplitMix64(seed: 0x5EE7)
        let rows: [[ExportCell]] = (0..<3_000).map { _ in
            let long = Int(random.next() % 80), short = Int(random.next() % 20)
            return [.text(String(repeating: "é", count: long)), .text(String(repeating: "x", count: short)), .int(Int(random.next() % 1_000))]
        }
        let many = XLSXSheet(name: "m", header: ["long", "s", "n"], rows: rows)
        let measured = [0, 1, 2].map { column in
            min(max(rows.map { row -> Int in if case let .text(text) = row[column] { return text.count } else { return row[column].text.count } }
                .max()! + 2, XLSXSheet.widths.lowerBound), XLSXSheet.widths.upperBound)
        }
        #expect(many.columnWidths(jobs: 3) == measured)
        #expect(measured[0] == 60 && measured[1] == 21)
    }

    @Test func namesLinkToTheirPagesBesideTheExports() throws {
        let parts = try Self.parts("elden-ring.xlsx")
        let sheet = try Self.xml(parts, "xl/worksheets/sheet1.xml")
        let links = sheet.attributes(of: "hyperlink")
        #expect(links == [["ref": "B2", "r:id": "rId1"], ["ref": "B3", "r:id": "rId2"], ["ref": "B4", "r:id": "rId3"]])
        let rels = try Self.xml(parts, "xl/worksheets/_rels/sheet1.xml.rels").attributes(of: "Relationship")
        #expect(rels.map { $0["Target"] } == ["../elden-ring/npcs/ba-duong.html", "../elden-ring/npcs/merchant-kale.html",
                                               "../elden-ring/npcs/white-mask-varre.html"])
        #expect(rels.allSatisfy { $0["TargetMode"] == "External" && $0["Type"] == XLSXWorkbook.hyperlinkType })
        #expect(rels.map { $0["Id"] } == ["rId1", "rId2", "rId3"])
        #expect(sheet.cells["B2"]?.style == "\(XLSXStyle.link.rawValue)")
        #expect(sheet.cells["B2"]?.text == "Bà Đường")
        // The progress sheet has no links.
        #expect(parts["xl/worksheets/_rels/sheet5.xml.rels"] == nil)
    }

    @Test func progressSheetCountsEachProgressField() throws {
        let parts = try Self.parts("elden-ring.xlsx")
        let sheet = try Self.xml(parts, "xl/worksheets/sheet5.xml")
        func row(_ number: Int) -> [SheetReader.Cell?] {
            ["A", "B", "C", "D", "E"].map { sheet.cells["\($0)\(number)"] }
        }
        #expect(row(1).map { $0?.text } == ["kind", "field", "done", "total", "percent"])
        #expect(row(2).map { $0?.text ?? $0?.value } == ["Quests", "Complete", "1", "3", "0.3333333333333333"])
        #expect(row(3).map { $0?.text ?? $0?.value } == ["Locations", "Cleared", "1", "5", "0.2"])
        #expect(row(2)[4]?.style == "\(XLSXStyle.percent.rawValue)")
        #expect(sheet.attributes(of: "autoFilter") == [["ref": "A1:E3"]])
        // Without the kinds that have progress fields, no progress sheet.
        let npcsOnly = try Self.xml(try Self.parts("elden-ring.xlsx", options: ExportOptions(kinds: ["npc"])), "xl/workbook.xml")
        #expect(npcsOnly.attributes(of: "sheet").map { $0["name"] } == ["NPCs"])
    }

    @Test func gamesWithoutEntriesHaveNoWorkbook() throws {
        #expect(try XLSXExport.files(for: Self.site, options: ExportOptions(kinds: ["boss"])).map(\.path) == ["elden-ring.xlsx"])
        #expect(try XLSXExport.files(for: Self.site, options: ExportOptions(games: [])).isEmpty)
    }

    @Test func zipLimitsBecomeErrorDiagnostics() {
        let diagnostic = XLSXExport.diagnostic(.tooManyEntries(70_000), path: "elden-ring.xlsx")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.description
            == "error: exports/elden-ring.xlsx would hold 70000 parts; an XLSX file holds at most 65535 (no ZIP64) [xlsx-too-large]")
        #expect(XLSXExport.diagnostic(.tooLarge("xl/worksheets/sheet1.xml"), path: "g.xlsx").code == "xlsx-too-large")
    }

    @Test func sameBytesOnEveryRun() throws {
        #expect(try XLSXExport.files(for: ExportTestSite.make(), options: ExportOptions())
            == XLSXExport.files(for: ExportTestSite.make(), options: ExportOptions()))
    }
}

/// Column widths count characters; text of scalars that each stand for one character is counted
/// by its scalars, without Unicode segmentation (`XLSXSheet.standsAlone`).
struct XLSXColumnWidthTests {
    /// The longest line in characters, as `Character` and `isNewline` have it.
    static func reference(_ text: String) -> Int {
        var longest = 0, run = 0
        for character in text {
            if character.isNewline { run = 0 } else { run += 1; longest = max(longest, run) }
        }
        return longest
    }

    /// Every scalar said to stand alone is one character beside ASCII, beside itself and beside
    /// scalars of every kind the others are (Hangul syllables of both shapes, a pictograph, format
    /// characters, line breaks).
    @Test func everyScalarSaidToStandAloneIsACharacterWhateverIsBesideIt() {
        let neighbours: [Unicode.Scalar] = ["a", "\r", "\n", "\u{85}", "\u{AC00}", "\u{AC01}", "\u{A9}", "\u{AD}", "\u{200B}",
                                            "\u{2028}", "\u{3042}", "\u{4E00}", "\u{E9}", "\u{FF76}", "\u{1EA1}"]
        for neighbour in neighbours { #expect(XLSXSheet.standsAlone(neighbour.value) || neighbour.isASCII) }
        var failures: [UInt32] = []
        for value in UInt32(0x80)...0xFFFF where XLSXSheet.standsAlone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var string = String.UnicodeScalarView()
            string.append(scalar)
            string.append(scalar)
            for neighbour in neighbours {
                string.append(neighbour)
                string.append(scalar)
            }
            // Each scalar a character but CR then LF, which this sequence never has side by side.
            if String(string).count != string.count { failures.append(value) }
        }
        #expect(failures.isEmpty, "not characters of their own: \(failures.prefix(10).map { String($0, radix: 16) })")
    }

    /// Over ASCII words (read eight bytes at a time) between line breaks, tabs and other
    /// characters: the length of the longest line, up to the widest column, exactly.
    @Test func widthsOfMostlyASCIITextAreThoseOfCharacters() {
        var random = SplitMix64(seed: 0xA5C1)
        let breaks = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\t", "é", "龍", "\u{2028}", "\u{85}", "e\u{301}", " "]
        let letters = Array("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ,.-0123456789")
        let enough = XLSXSheet.widths.upperBound - 2
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 6) {
                text += String((0..<Int(random.next() % UInt64(enough + 20))).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
                text += breaks[Int(random.next() % UInt64(breaks.count))]
            }
            #expect(XLSXSheet.displayLength(.text(text)) == min(Self.reference(text), enough), "\(text.debugDescription)")
        }
    }

    /// Over random text of scalars of all kinds: the same length as counting characters.
    @Test func widthsAreThoseOfCharacters() {
        var random = SplitMix64(seed: 0xD15)
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "\r", "\n", "\u{0B}", "\u{85}", "\u{2028}", "é", "\u{301}", "\u{483}", "Đ", "ạ", "α",
                                      "ж", "\u{3042}", "\u{3099}", "\u{30AB}", "龍", "\u{AC00}", "\u{1100}", "\u{1161}", "\u{11A8}",
                                      "आ", "\u{93E}", "\u{94D}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{1F409}", "\u{1F1EB}",
                                      "\u{FF76}", "\u{FF9E}", "\u{302A}", "\u{A9}", "\u{AD}", "—", "…"]
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 90) { scalars.append(pool[Int(random.next() % UInt64(pool.count))]) }
            let text = String(scalars)
            let expected = min(Self.reference(text), XLSXSheet.widths.upperBound - 2)
            let measured = min(XLSXSheet.displayLength(.text(text)), XLSXSheet.widths.upperBound - 2)
            #expect(measured == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
