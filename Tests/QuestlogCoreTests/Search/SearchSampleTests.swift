import Foundation
@testable import QuestlogCore
import Testing

/// The sample site's queries in five languages, shared with the browser test.
struct SearchSampleTests {
    struct Expectation: Decodable, CustomTestStringConvertible {
        var text: String
        var language: String
        var why: String
        var first: String?
        var top: [String]?
        var game: String?
        var kind: String?
        var state: String?
        var testDescription: String { "\(text) (\(why))" }
    }

    private struct ExpectationFile: Decodable {
        var queries: [Expectation]
    }

    static let expectations: [Expectation] = {
        let path = TestSite.packageRoot + "/Tests/Fixtures/search/queries.json"
        guard let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(ExpectationFile.self, from: data) else { return [] }
        return file.queries
    }()

    static let index: SearchIndex = {
        let (site, _) = Resolver(jobs: 2).resolve(SiteLoader(root: TestSite.packageRoot).load())
        let (strings, _) = UIStrings.load(language: "en", theme: .embedded)
        return SearchIndexBuilder(site: site, strings: strings).build()
    }()

    @Test func everyLanguageIsQueried() {
        #expect(Set(Self.expectations.map(\.language)) == ["en", "vi", "ja", "hi", "zh"])
    }

    @Test(arguments: expectations) func rankedFirst(_ expectation: Expectation) throws {
        let index = Self.index
        var query = SearchQuery(expectation.text)
        query.game = expectation.game.flatMap { id in index.games.firstIndex { $0.id == id } }
        query.kind = expectation.kind.flatMap { id in index.kinds.firstIndex { $0.id == id } }
        if let state = expectation.state {
            query.state = state.hasPrefix("!") ? SearchStateFilter(field: String(state.dropFirst()), value: false)
                : SearchStateFilter(field: state, value: true)
        }
        let paths = index.search(query).hits.map { index.documents[$0.document].path }
        if let first = expectation.first {
            #expect(paths.first == first, "got \(paths)")
        }
        if let top = expectation.top {
            #expect(Set(paths.prefix(top.count)) == Set(top), "got \(paths)")
        }
    }
}
