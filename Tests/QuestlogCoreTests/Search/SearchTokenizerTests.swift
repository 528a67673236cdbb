import Foundation
@testable import QuestlogCore
import Testing

struct SearchTokenizerTests {
    struct Vector: Decodable, CustomTestStringConvertible {
        var name: String
        var text: String
        var terms: [String]
        var testDescription: String { name }
    }

    private struct VectorFile: Decodable {
        var cases: [Vector]
    }

    /// The vectors `search.js` is checked against in the browser, so both tokenizers agree.
    static let vectors: [Vector] = {
        let path = TestSite.packageRoot + "/Tests/Fixtures/search/tokenizer-vectors.json"
        guard let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(VectorFile.self, from: data) else { return [] }
        return file.cases
    }()

    @Test func theVectorFileIsReadAndCoversEveryScript() {
        #expect(Self.vectors.count >= 40)
        let text = Self.vectors.map(\.text).joined()
        for sample in ["Đ", "मी", "春", "龙", "ラ", "한"] {
            #expect(text.contains(sample), "no vector with \(sample)")
        }
    }

    @Test(arguments: vectors) func sharedVector(_ vector: Vector) {
        #expect(SearchTokenizer.terms(in: vector.text) == vector.terms)
    }

    @Test func latinAccentsFoldButOtherMarksStay() {
        #expect(SearchTokenizer.terms(in: "Varré") == SearchTokenizer.terms(in: "varre"))
        #expect(SearchTokenizer.terms(in: "Đường") == ["duong"])
        // Without its vowel sign मीरा would become मरा, another word.
        #expect(SearchTokenizer.terms(in: "मीरा") != SearchTokenizer.terms(in: "मरा"))
        #expect(SearchTokenizer.terms(in: "が") == ["が"])
    }

    @Test func ideographicRunsOverlapSoAnyTwoNeighboursMatch() {
        let terms = SearchTokenizer.terms(in: "黒田雷蔵")
        #expect(terms == ["黒田", "田雷", "雷蔵", "蔵"])
        #expect(Set(SearchTokenizer.terms(in: "雷蔵")).isSubset(of: Set(terms)))
        // Every character starts a term: a pair, or the last character alone.
        for character in "黒田雷蔵" {
            #expect(terms.contains { $0.hasPrefix(String(character)) })
        }
        #expect(SearchTokenizer.isSingleIdeograph("蔵"))
        #expect(!SearchTokenizer.isSingleIdeograph("雷蔵"))
        #expect(!SearchTokenizer.isSingleIdeograph("a"))
    }

    @Test func wordCharactersAndIdeographs() {
        #expect(SearchTokenizer.isWordCharacter("a"))
        #expect(SearchTokenizer.isWordCharacter("\u{093F}"))
        #expect(!SearchTokenizer.isWordCharacter("-"))
        #expect(SearchTokenizer.isIdeographic("春"))
        #expect(SearchTokenizer.isIdeographic("한"))
        #expect(!SearchTokenizer.isIdeographic("म"))
        #expect(SearchTokenizer.isIgnorable("\u{200D}"))
        #expect(!SearchTokenizer.isIgnorable("a"))
    }
}
