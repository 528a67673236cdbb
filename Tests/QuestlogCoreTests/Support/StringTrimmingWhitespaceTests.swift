import Foundation
@testable import QuestlogCore
import Testing

struct StringTrimmingWhitespaceTests {
    @Test(arguments: ["", " ", "a", " a ", "\ta b\t", "Varre", "\u{00A0}Varre\u{3000}", "é ", " ü", "a\u{2009}", "\n x \n", "~", "x\u{7F}"])
    func trimsAsFoundationDoes(text: String) {
        #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespaces))
        #expect(text[...].trimmingWhitespace == text.trimmingCharacters(in: .whitespaces))
    }
}
