import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// Text held as bytes is the same cell, written the same way, as the string of it.
struct ExportCellTests {
    /// Texts of the pieces the cells meet: white space inside and beyond ASCII, quotes beside
    /// characters beyond ASCII, formula starts, control characters, line breaks of every kind.
    static func texts(seed: UInt64, count: Int = 3_000) -> [String] {
        var texts = ["", " ", "\n", "a", " a ", "=1+2", "-5", "- five", "@x", "\tx", "\rx", "+1.5e3", "\"quoted\"", "é\"", "\"\u{301}",
                     "a,b", "\u{1}", "\u{1}\u{2}", "\u{FFFE}", "\u{FFFE}x", " \u{3000}x\u{2028} ", "\u{A0}x\u{A0}", "x\u{85}", "日本\n語",
                     "\u{915}\u{94D}\u{937}", "e\u{301}", "x\r\ny", "<&>"]
        var random = SplitMix64(seed: seed)
        let pieces = [" ", "\t", "\n", "\r", "\u{B}", "a", "word", "é", "\u{301}", "\u{A0}", "\u{2029}", "\u{1F}", "龍", "\0", "\"", ",",
                      "=", "-", "+", "@", "5", "<", "&", "\u{FFFF}", "\u{915}\u{94D}", String(repeating: "b", count: 70)]
        for _ in 0..<count {
            texts.append((0..<Int(random.next() % 9)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        return texts
    }

    /// Notes whose plain text is `text`, held as the memo keeps them (bytes) or as strings.
    static func notes(_ text: String, encoded: Bool) -> Notes {
        guard encoded else { return Notes(markdown: "m", html: "<p>h</p>", plainText: text, headings: []) }
        let markdown = Array("m".utf8), html = Array("<p>h</p>".utf8)
        return Notes(Notes.Encoded(bytes: markdown + html + Array(text.utf8), starts: (markdown.count, markdown.count + html.count))!,
                     headings: [], tags: [])
    }

    @Test func notesHeldAsBytesGiveTheCellOfTheirTrimmedText() {
        var held = 0
        for text in Self.texts(seed: 0xCE11) {
            var entry = SearchTestSite.entry("npc", "Entry")
            entry.notes = Self.notes(text, encoded: true)
            let cell = ExportTable.notesCell(entry)
            let expected = ExportTable.trimmed(text)
            if case .utf8 = cell { held += 1 }
            #expect(Array(cell.text.utf8) == Array(expected.utf8), "\(text.debugDescription)")
            #expect(cell == .text(expected))
            #expect(cell.hashValue == ExportCell.text(expected).hashValue)
            entry.notes = Self.notes(text, encoded: false)
            #expect(ExportTable.notesCell(entry) == .text(expected))
        }
        #expect(held > 1_000, "most notes are written from their bytes")
    }

    @Test func cellsOfBytesAndOfStringsDiffer() {
        #expect(ExportCell.utf8(ArraySlice("a".utf8)) != .text("b"))
        #expect(ExportCell.utf8(ArraySlice("2024-01-01".utf8)) != .date("2024-01-01"))
        #expect(ExportCell.utf8(ArraySlice("1".utf8)) != .int(1))
    }

    @Test func aCSVRecordOfBytesIsTheRecordOfTheirString() {
        let texts = Self.texts(seed: 0xC5F)
        for neutralise in [true, false] {
            for (number, text) in texts.enumerated() {
                let other = texts[(number * 7) % texts.count]
                var ofBytes: [UInt8] = [], ofStrings: [UInt8] = []
                CSVEncoding.appendRecord(cells: [.utf8(ArraySlice(text.utf8)), .int(number), .utf8(ArraySlice(other.utf8))],
                                         neutraliseFormulas: neutralise, to: &ofBytes)
                CSVEncoding.appendRecord([text, String(number), other], neutraliseFormulas: neutralise, to: &ofStrings)
                #expect(ofBytes == ofStrings, "\(text.debugDescription)")
                #expect(String(decoding: ofStrings, as: UTF8.self) == CSVEncoding.record([text, String(number), other], neutraliseFormulas: neutralise))
            }
        }
    }

    @Test func aWorkbookCellOfBytesIsTheCellOfTheirString() {
        var texts = Self.texts(seed: 0x715)
        texts.append(String(repeating: "a", count: XLSXSheet.maximumTextLength + 3))
        texts.append(String(repeating: "é", count: XLSXSheet.maximumTextLength / 2 + 1))
        for text in texts {
            var ofBytes: [UInt8] = [], ofString: [UInt8] = []
            XLSXSheet.appendCell(.utf8(ArraySlice(text.utf8)), column: Array("C".utf8), row: 7, style: nil, to: &ofBytes)
            XLSXSheet.appendCell(.text(text), column: Array("C".utf8), row: 7, style: nil, to: &ofString)
            #expect(ofBytes == ofString, "\(text.prefix(40).debugDescription)")
            #expect(XLSXSheet.displayLength(.utf8(ArraySlice(text.utf8))) == XLSXSheet.displayLength(.text(text)), "\(text.prefix(40).debugDescription)")
        }
    }
}
