import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The cells of a worksheet part as an XML parser reads them, for tests: each cell's type, style,
/// value or inline text and whether it holds a formula; plus the elements seen, with their attributes.
final class SheetReader: NSObject, XMLParserDelegate {
    struct Cell: Equatable {
        var type: String?
        var style: String?
        var value: String?
        var text: String?
        var formula = false
    }

    private(set) var cells: [String: Cell] = [:]
    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private var current: (reference: String, cell: Cell)?
    private var characters = ""

    /// Nil when the part is not well-formed XML.
    static func read(_ bytes: [UInt8]) -> SheetReader? {
        let reader = SheetReader()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    /// The attributes of every element named `name`, in document order.
    func attributes(of name: String) -> [[String: String]] {
        elements.filter { $0.name == name }.map(\.attributes)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        characters = ""
        if name == "c" { current = (attributes["r"] ?? "", Cell(type: attributes["t"], style: attributes["s"])) }
        if name == "f" { current?.cell.formula = true }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        characters += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "v": current?.cell.value = characters
        case "t":
            let text = (current?.cell.text ?? "") + characters
            current?.cell.text = text
        case "c":
            if let current { cells[current.reference] = current.cell }
            current = nil
        default: break
        }
    }
}
