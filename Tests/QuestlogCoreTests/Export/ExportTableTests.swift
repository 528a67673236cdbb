import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// Cells as the exports write them.
struct ExportTableTests {
    /// Trimmed by bytes when the ends are ASCII, as Foundation trims whatever the text.
    @Test func textIsTrimmedAsFoundationTrimsIt() {
        var texts = ["", " ", "\n", "a", " a ", "\r\n\tword\r\n", "\u{B}\u{C}x\u{C}", "\u{7F}", " \u{7F} ", "\u{1C}x\u{1F}", "\0x\0",
                     "\u{A0}x\u{A0}", " \u{3000}x\u{2028} ", " \u{301}e", "e\u{301} ", "x\u{85}", "\u{85}", " 龍 ", "\r", "a\r\n", " \r\n "]
        var random = SplitMix64(seed: 0x7A1)
        let pieces = [" ", "\t", "\n", "\r", "\u{B}", "a", "é", "\u{301}", "\u{A0}", "\u{2029}", "\u{1F}", "\u{7F}", "龍", "\0"]
        for _ in 0..<2_000 {
            texts.append((0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for text in texts {
            let trimmed = ExportTable.trimmed(text)
            #expect(Array(trimmed.utf8) == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8), "\(text.debugDescription)")
        }
    }
}
