@testable import QuestlogCore
import Testing
import TestSupport

/// The ASCII fast path of `SearchTokenizer.terms` gives exactly what the Unicode steps give on the whole text.
struct SearchTokenizerFastPathTests {
    static let pieces: [String] = [
        "a", "Z", "q", "7", "varre", "VARRÉ", "Đường", "bà", " ", "  ", "\n", "\t", ",", ".", "-", "'", "<", "=", ">",
        "\u{0338}", "\u{0301}", "e\u{0301}", "\u{00AD}", "\u{200D}", "\u{FE0F}", "鈴木", "春人", "の", "龙王庙", "मीरा",
        "गुरु", "ﬁ", "①", "½", "Ⅻ", "ＡＢＣ", "ｶﾀｶﾅ", "ς", "ΣΑΣ", "ß", "İ", "\u{3000}", "\u{00A0}", "!", "#", "👍🏽", "x\u{0338}",
        // Han of the unified blocks (byte-level path) and characters next to them that are not.
        "漢", "龍", "门", "門", "会", "會", "\u{3400}", "\u{4DBF}", "\u{4DC0}", "\u{4E00}", "\u{9FFF}", "\u{A000}", "\u{F900}",
        "\u{2F00}", "々", "𠀋", "한", "ラ", "か", "\u{3099}", "漢\u{0301}", "\u{FF01}", "\u{3001}", "\u{3002}",
        // Letters text is cut before when a separator precedes them, and what may follow them.
        " मीरा", " गुरु", " Nổi", " Đường", " Мир", " ёж", " カタ", " かな", " 한국", " ñ", " ǅ", " ゔ", " \u{0958}",
        " \u{FF9E}", " \u{0E33}", "\u{0306}", "\u{093C}", "\u{3099}", "\u{1161}", "\u{11A8}",
    ]

    @Test func fastAndUnicodePathsAgreeOnRandomText() {
        var random = SplitMix64(seed: 0x5EA_4C4)
        for _ in 0..<3_000 {
            let count = Int(random.next() % 12) + 1
            let text = (0..<count).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            #expect(SearchTokenizer.terms(in: text) == SearchTokenizer.unicodeTerms(in: text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func textsOneAfterAnotherHaveTheTermsOfTheTextsJoinedWithLineBreaks() {
        var random = SplitMix64(seed: 0x7E_A75)
        func text() -> String {
            (0..<Int(random.next() % 6)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
        }
        for _ in 0..<2_000 {
            let texts = (0..<Int(random.next() % 4) + 1).map { _ in text() }
            #expect(texts.flatMap { SearchTokenizer.terms(in: $0) } == SearchTokenizer.terms(in: texts.joined(separator: "\n")),
                    "\(texts.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
        }
    }

    /// What the byte-level path assumes of every unified Han character: folding changes it only by
    /// the Traditional-to-Simplified table, it is a letter of an ideographic script, and the flat
    /// table the path reads agrees with the table.
    @Test func unifiedHanCharactersFoldOnlyByTheTable() {
        var checked = 0
        for value in UInt32(0x3400)...0x9FFF where SearchTokenizer.isUnifiedHan(value) {
            let scalar = Unicode.Scalar(value)!
            #expect(scalar.properties.generalCategory == .otherLetter && SearchTokenizer.isIdeographic(scalar), "\(value)")
            #expect(NameKey.make(String(scalar)) == String(scalar), "\(value)")
            #expect(SearchHanFolding.foldUnified(value) == SearchHanFolding.fold(scalar).value, "\(value)")
            checked += 1
        }
        #expect(checked == 0x4DBF - 0x3400 + 1 + 0x9FFF - 0x4E00 + 1)
        #expect(!SearchTokenizer.isUnifiedHan(0x4DC0) && !SearchTokenizer.isUnifiedHan(0xF900) && !SearchTokenizer.isUnifiedHan(0x33FF))
        #expect(SearchTokenizer.terms(in: "龍王廟 and 龙王庙, Dragon") == ["龙王", "王庙", "庙", "and", "龙王", "王庙", "庙", "dragon"])
    }

    /// What cutting text before a stable letter assumes of it: a letter, a starter, its own character
    /// after any ASCII separator; and the terms around such a cut are those of the whole text.
    @Test func textIsCutOnlyBeforeLettersNothingCombinesWith() {
        let stable = (UInt32(0x80)...0xFFFF).filter(SearchTokenizer.isStableLetter)
        #expect(stable.count > 12_000)
        let separators = (UInt8(0)..<0x80).map { Character(Unicode.Scalar($0)) }.filter { !$0.isLetter && !$0.isNumber }
        for value in stable {
            let scalar = Unicode.Scalar(value)!
            let letter: Bool
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: letter = true
            default: letter = false
            }
            #expect(letter && scalar.properties.canonicalCombiningClass == .notReordered && !SearchTokenizer.isIgnorable(scalar),
                    "\(value)")
            let character = String(scalar)
            #expect(separators.allSatisfy { (String($0) + character).count == 2 }, "\(value)")
            for separator in [" ", "<", "=", ">", "\n", "-"] {
                let text = "a" + separator + character + "\u{0301}b"
                #expect(SearchTokenizer.terms(in: text) == SearchTokenizer.unicodeTerms(in: text), "\(value) after \(separator)")
            }
        }
    }

    @Test func termsAreHandedOverAsTheirBytes() {
        let text = "Varré met 鈴木 at the ＡＢＣ inn"
        var seen: [String] = []
        SearchTokenizer.forEachTerm(in: text) { seen.append(String(decoding: $0, as: UTF8.self)) }
        #expect(seen == SearchTokenizer.unicodeTerms(in: text))
        var none = 0
        SearchTokenizer.forEachTerm(in: "") { _ in none += 1 }
        SearchTokenizer.forEachTerm(in: " -- ") { _ in none += 1 }
        #expect(none == 0)
    }

    @Test func asciiTextIsLowerCasedAndSplitAtSeparators() {
        #expect(SearchTokenizer.terms(in: "Go to the Castle, then ask Patches' friend (x2)!") ==
            ["go", "to", "the", "castle", "then", "ask", "patches", "friend", "x2"])
        #expect(SearchTokenizer.terms(in: "a <\u{0338} b") == SearchTokenizer.unicodeTerms(in: "a <\u{0338} b"))
    }
}
