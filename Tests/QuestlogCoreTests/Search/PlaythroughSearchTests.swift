@testable import QuestlogCore
import Testing

/// "Open in playthrough P": each playthrough's done entries are a state of the index.
struct PlaythroughSearchTests {
    static let index: SearchIndex = {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/playthroughs/site")
        defer { site.remove() }
        let resolved = site.resolve().site
        return SearchIndexBuilder(site: resolved, strings: UIStrings.load(language: "en", theme: .embedded).0).build()
    }()

    static func names(_ query: SearchQuery) -> [String] {
        index.search(query).hits.map { index.documents[$0.document].name }.sorted()
    }

    @Test func kindsWithProgressCarryEveryPlaythroughState() throws {
        let quest = try #require(Self.index.kinds.first { $0.id == "quest" })
        #expect(quest.stateFields == ["complete", "playthrough:elden-ring/kaito", "playthrough:elden-ring/wren",
                                      "playthrough:tarnished-tales/first-run", "playthrough:tarnished-tales/new-game-plus"])
        let npc = try #require(Self.index.kinds.first { $0.id == "npc" })
        #expect(!npc.stateFields.contains { $0.hasPrefix("playthrough:") }, "an NPC is never open or done")
    }

    @Test func openInAPlaythroughKeepsWhatItHasNotDone() {
        let openInKaito = SearchStateFilter(field: "playthrough:elden-ring/kaito", value: false)
        #expect(Self.names(SearchQuery("castle", state: openInKaito)) == ["Stormveil Castle"])
        let openInWren = SearchStateFilter(field: "playthrough:elden-ring/wren", value: false)
        #expect(Self.names(SearchQuery("castle", state: openInWren)).isEmpty)
        #expect(Self.names(SearchQuery("castle", state: SearchStateFilter(field: "playthrough:elden-ring/kaito", value: true))) == ["Go to the Castle"])
    }

    @Test func completeMeansCompleteInEveryPlaythrough() {
        let complete = SearchStateFilter(field: "complete", value: true)
        #expect(Self.names(SearchQuery("castle", state: complete)) == ["Go to the Castle"], "both runs did it")
        #expect(Self.names(SearchQuery("service", state: complete)).isEmpty, "only Wren did Ranni's Service")
        #expect(Self.names(SearchQuery("steps", state: complete)) == ["First Steps"], "a game without playthroughs: its own value")
    }

    @Test func aPlaythroughStateConcernsItsOwnGameOnly() {
        // "Prologue" is in Tarnished Tales: never open in an Elden Ring playthrough.
        let openInKaito = SearchStateFilter(field: "playthrough:elden-ring/kaito", value: false)
        #expect(Self.names(SearchQuery("prologue", state: openInKaito)).isEmpty)
        let openInNewGamePlus = SearchStateFilter(field: "playthrough:tarnished-tales/new-game-plus", value: false)
        #expect(Self.names(SearchQuery("epilogue", state: openInNewGamePlus)) == ["Epilogue"])
        #expect(Self.names(SearchQuery("prologue", state: openInNewGamePlus)).isEmpty, "progress: shared counts it as done")
    }
}
