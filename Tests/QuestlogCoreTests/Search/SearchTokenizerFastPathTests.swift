@testable import QuestlogCore
import Testing
import TestSupport

/// The ASCII fast path of `SearchTokenizer.terms` gives exactly what the Unicode steps give on the whole text.
struct SearchTokenizerFastPathTests {
    static let pieces: [String] = [
        "a", "Z", "q", "7", "varre", "VARRÉ", "Đường", "bà", " ", "  ", "\n", "\t", ",", ".", "-", "'", "<", "=", ">",
        "\u{0338}", "\u{0301}", "e\u{0301}", "\u{00AD}", "\u{200D}", "\u{FE0F}", "鈴木", "春人", "の", "龙王庙", "मीरा",
        "गुरु", "ﬁ", "①", "½", "Ⅻ", "ＡＢＣ", "ｶﾀｶﾅ", "ς", "ΣΑΣ", "ß", "İ", "\u{3000}", "\u{00A0}", "!", "#", "👍🏽", "x\u{0338}",
    ]

    @Test func fastAndUnicodePathsAgreeOnRandomText() {
        var random = SplitMix64(seed: 0x5EA_4C4)
        for _ in 0..<3_000 {
            let count = Int(random.next() % 12) + 1
            let text = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            #expect(SearchTokenizer.terms(in: text) == SearchTokenizer.unicodeTerms(in: text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func asciiTextIsLowerCasedAndSplitAtSeparators() {
        #expect(SearchTokenizer.terms(in: "Go to the Castle, then ask Patches' friend (x2)!") ==
            ["go", "to", "the", "castle", "then", "ask", "patches", "friend", "x2"])
        #expect(SearchTokenizer.terms(in: "a <\u{0338} b") == SearchTokenizer.unicodeTerms(in: "a <\u{0338} b"))
    }
}
