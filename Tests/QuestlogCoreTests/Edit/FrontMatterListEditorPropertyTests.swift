import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// Random front matters in every supported shape (flow and block lists, one item a line or
/// several, comments between and after items, quoting, CRLF, a byte order mark), edited several
/// times in a row: every edit succeeds, the list reads as expected, and the line ends stay the file's.
struct FrontMatterListEditorPropertyTests {
    private struct Document {
        var text: String
        var items: [String]
    }

    private static let pool = ["a", "b-2", "go-to-the-castle", "ä-ö", "x9", "church-of-elleh", "c"]

    private static func quoted(_ value: String, _ random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return "'\(value)'"
        case 1: return "\"\(value)\""
        default: return value
        }
    }

    private static func document(_ random: inout SplitMix64) -> Document {
        let br = Bool.random(using: &random) ? "\r\n" : "\n"
        let count = Int.random(in: 0...4, using: &random)
        let items = Array(pool.shuffled(using: &random).prefix(count))
        func comment() -> String { Bool.random(using: &random) ? "  # note" : "" }
        var list: String
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where !items.isEmpty:
            let indent = ["", "  ", "    "].randomElement(using: &random)!
            list = "complete:\(comment())\(br)"
            for item in items {
                if Int.random(in: 0..<4, using: &random) == 0 { list += "\(indent)# between\(br)" }
                list += "\(indent)- \(quoted(item, &random))\(comment())\(br)"
            }
        case 1 where !items.isEmpty:
            list = "complete: [\(br)"
            let trailing = Bool.random(using: &random)
            for (index, item) in items.enumerated() {
                if Int.random(in: 0..<4, using: &random) == 0 { list += "  # between\(br)" }
                let comma = index < items.count - 1 || trailing ? "," : ""
                list += "  \(quoted(item, &random))\(comma)\(comment())\(br)"
            }
            list += "]\(br)"
        case 2 where items.isEmpty:
            list = "complete:\(comment())\(br)"
        case 3 where items.isEmpty:
            list = ""
        default:
            let separator = [", ", ",", " , "].randomElement(using: &random)!
            list = "complete: [\(items.map { quoted($0, &random) }.joined(separator: separator))]\(comment())\(br)"
        }
        var fields = ["name: Wren  # the samurai\(br)", "tags: [x, \"y z\"]\(br)", "# a comment line\(br)", "status: playing\(br)"]
            .filter { _ in Bool.random(using: &random) }
        fields.insert(list, at: Int.random(in: 0...fields.count, using: &random))
        let bom = Bool.random(using: &random) ? "\u{FEFF}" : ""
        return Document(text: bom + "---\(br)" + fields.joined() + "---\(br)Notes, complete: [not, these]\(br)", items: items)
    }

    @Test func randomEditsOfEverySupportedShapeSucceed() throws {
        var random = SplitMix64(seed: 12)
        for round in 0..<600 {
            var document = Self.document(&random)
            var editor = FrontMatterListEditor(bytes: Array(document.text.utf8), path: "pt.md")
            let crlf = document.text.contains("\r\n")
            for _ in 0..<3 {
                let before = editor.bytes
                if document.items.isEmpty || Bool.random(using: &random) {
                    guard let value = Self.pool.first(where: { !document.items.contains($0) }) else { break }
                    do { try editor.append(value, to: "complete") } catch {
                        Issue.record("round \(round): appending \(value) failed: \(error)\n\(String(decoding: before, as: UTF8.self).debugDescription)")
                        break
                    }
                    document.items.append(value)
                } else {
                    let index = Int.random(in: 0..<document.items.count, using: &random)
                    do { try editor.remove(itemAt: index, from: "complete") } catch {
                        Issue.record("round \(round): removing item \(index) failed: \(error)\n\(String(decoding: before, as: UTF8.self).debugDescription)")
                        break
                    }
                    document.items.remove(at: index)
                }
                #expect(try editor.items(of: "complete").map(\.value) == document.items, "round \(round)")
                let text = String(decoding: editor.bytes, as: UTF8.self)
                if crlf {
                    #expect(!Array(editor.bytes).enumerated().contains { $0.element == 0x0A && ($0.offset == 0 || editor.bytes[$0.offset - 1] != 0x0D) },
                            "round \(round): a bare LF in a CRLF file\n\(text.debugDescription)")
                } else {
                    #expect(!text.utf8.contains(0x0D), "round \(round)")
                }
                #expect(text.hasSuffix("Notes, complete: [not, these]" + (crlf ? "\r\n" : "\n")))
            }
        }
    }
}
