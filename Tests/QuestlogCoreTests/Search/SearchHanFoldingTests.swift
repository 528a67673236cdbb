import Foundation
@testable import QuestlogCore
import Testing

struct SearchHanFoldingTests {
    @Test func traditionalCharactersFoldToSimplifiedOnes() {
        let table = SearchHanFolding.table
        #expect(table.count == SearchHanFolding.packedCount)
        #expect(table.count > 2_500)
        for (traditional, simplified) in [("龍", "龙"), ("廟", "庙"), ("發", "发"), ("髮", "发"), ("後", "后"), ("語", "语"), ("門", "门")] {
            #expect(SearchHanFolding.fold(traditional.unicodeScalars.first!) == simplified.unicodeScalars.first!, "\(traditional)")
        }
        // Simplified characters, characters with several Simplified forms and other scripts stay.
        for same in ["龙", "王", "后", "乾", "a", "한", "ラ"] {
            #expect(SearchHanFolding.fold(same.unicodeScalars.first!) == same.unicodeScalars.first!, "\(same)")
        }
    }

    @Test func foldingTwiceChangesNothingAndKeepsTheLength() {
        for (traditional, simplified) in SearchHanFolding.table {
            #expect(SearchHanFolding.table[simplified.value] == nil, "U+\(String(traditional, radix: 16)) folds to a foldable character")
            #expect(traditional <= 0xFFFF && simplified.value <= 0xFFFF)
            let key = Unicode.Scalar(traditional)!
            #expect(SearchTokenizer.isIdeographic(key) && SearchTokenizer.isIdeographic(simplified))
        }
    }

    @Test func theBrowserHasTheSameTable() throws {
        let script = try #require(Theme.embedded.files["assets/search-han.js"].map { String(decoding: $0, as: UTF8.self) })
        let traditional = SearchHanFolding.packedTraditional.filter { $0 != "\n" }
        let simplified = SearchHanFolding.packedSimplified.filter { $0 != "\n" }
        #expect(script.contains("QuestlogSearch.load(\"han\",0,[\"\(traditional)\",\"\(simplified)\"]);\n"))
        // search.js itself stays small: it loads the table only for queries with Han characters.
        let search = try #require(Theme.embedded.files["assets/search.js"].map { String(decoding: $0, as: UTF8.self) })
        #expect(!search.contains(traditional.prefix(40)))
        #expect(search.contains("assets/search-han.js"))
    }

    @Test func unpackingReadsBase32Numbers() {
        // "B" is 1; "hB" is (1 × 32) + 1 = 33; "_" then "A" is 31 × 32 + 0; line breaks are skipped.
        #expect(SearchHanFolding.unpack("BhB\n_A") == [1, 33, 992])
    }

    @Test func eitherScriptFindsTheOther() {
        #expect(SearchTokenizer.terms(in: "龍王廟") == SearchTokenizer.terms(in: "龙王庙"))
        let index = SearchTestSite.index([SearchTestSite.entry("location", "龙王庙"), SearchTestSite.entry("location", "龍門客棧")])
        #expect(SearchTestSite.names(index, "龍王廟") == ["龙王庙"])
        #expect(index.search(SearchQuery("龍王廟")).hits.first?.isExactName == true)
        #expect(SearchTestSite.names(index, "龙门") == ["龍門客棧"])
    }
}
