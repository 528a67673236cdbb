import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

struct StringTrimmingWhitespaceTests {
    @Test(arguments: ["", " ", "a", " a ", "\ta b\t", "Varre", "\u{00A0}Varre\u{3000}", "é ", " ü", "a\u{2009}", "\n x \n", "~", "x\u{7F}"])
    func trimsAsFoundationDoes(text: String) {
        #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespaces))
        #expect(text[...].trimmingWhitespace == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func trimsWhiteSpaceAndLineBreaksAsFoundationDoes() {
        // Every kind of white space and line break at either end, beside letters, combining marks,
        // characters beyond the Basic Multilingual Plane and control characters that are neither.
        let pieces = [" ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{2029}",
                      "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{301}", "a", "é", "日", "𠀋", "\u{1}", "\u{7F}"]
        var random = SplitMix64(seed: 41)
        for _ in 0..<2_000 {
            let text = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(text.trimmingWhitespaceAndNewlines.unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars),
                    "\(text.debugDescription)")
            #expect(ExportTable.trimmed(text).unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars),
                    "\(text.debugDescription)")
        }
    }
}
