@testable import QuestlogCore
import Testing

struct SearchRankingTests {
    typealias Make = SearchTestSite

    @Test func namesOutrankAliasesTagsAndNotes() {
        let index = Make.index([
            Make.entry("npc", "Plain Person", notes: "Talked about the ember at length."),
            Make.entry("npc", "Tagged Person", tags: ["ember"]),
            Make.entry("npc", "Aliased Person", aliases: ["Ember Keeper"]),
            Make.entry("location", "Ember Hollow"),
        ])
        #expect(Make.names(index, "ember") == ["Ember Hollow", "Aliased Person", "Tagged Person", "Plain Person"])
    }

    @Test func theExactNameComesFirstEvenWhenAnotherEntryScoresHigher() {
        let index = Make.index([
            Make.entry("quest", "Patches' Betrayal", notes: "Patches again. Patches lies. Patches runs.", tags: ["patches"]),
            Make.entry("npc", "Patches"),
        ])
        let results = index.search(SearchQuery("patches"))
        #expect(results.hits.map { index.documents[$0.document].name } == ["Patches", "Patches' Betrayal"])
        #expect(results.hits[0].isExactName)
        #expect(results.hits[1].score > results.hits[0].score)
        // Case and accents do not matter to an exact name, word order neither.
        let varre = Make.index([Make.entry("npc", "White Mask Varré"), Make.entry("quest", "Varré's White Mask Errand")])
        #expect(varre.search(SearchQuery("mask white varre")).hits.first?.isExactName == true)
        #expect(varre.search(SearchQuery("white mask")).hits.allSatisfy { !$0.isExactName })
    }

    @Test func aWholeNameOrAWholeWordOfItOutranksAPrefixOrATypo() {
        let index = Make.index([
            Make.entry("quest", "Gowry + Millicent", notes: "Millicent, Millicent, Millicent and Gowry.", tags: ["millicent"]),
            Make.entry("npc", "Millicent"),
            Make.entry("npc", "Millicenta Rowe"),
            Make.entry("location", "Gowry's Shack", notes: "Millicent rests here."),
        ])
        // The quest scores higher on every word, yet the query completes or corrects to Millicent's whole name.
        for text in ["Milli", "millic", "Millicnet", "Milicent"] {
            let results = index.search(SearchQuery(text))
            #expect(Make.names(index, text).first == "Millicent", "\(text)")
            #expect(results.hits.first?.nameMatch == .completesName || results.hits.first?.nameMatch == .wholeName, "\(text)")
        }
        #expect(index.search(SearchQuery("Milli")).hits.count == 4)
        // A whole word of the name beats a name that is one typo away, and a page that only mentions it.
        #expect(Make.names(index, "millicent ") == ["Millicent", "Gowry + Millicent", "Millicenta Rowe", "Gowry's Shack"])
        #expect(Make.names(index, "millicent") == ["Millicent", "Gowry + Millicent", "Millicenta Rowe", "Gowry's Shack"])
        #expect(index.search(SearchQuery("millicent ")).hits.map(\.nameMatch) == [.wholeName, .wholeWords, .inName, .none])
        #expect(Make.names(index, "gowry millicent").prefix(2) == ["Gowry + Millicent", "Gowry's Shack"])
        #expect(index.search(SearchQuery("gowry millicent")).hits.first?.isExactName == true)
    }

    @Test func theNameMatchOrderIsFixed() {
        #expect(SearchNameMatch.of(quality: [2, 2], words: 2, nameLength: 2) == .wholeName)
        #expect(SearchNameMatch.of(quality: [2, 2], words: 2, nameLength: 3) == .wholeWords)
        #expect(SearchNameMatch.of(quality: [2, 1], words: 2, nameLength: 2) == .completesName)
        #expect(SearchNameMatch.of(quality: [1], words: 1, nameLength: 3) == .inName)
        #expect(SearchNameMatch.of(quality: [2, 0], words: 2, nameLength: 2) == .none)
        #expect(SearchNameMatch.allCases.sorted() == [.none, .inName, .completesName, .wholeWords, .wholeName])
    }

    @Test func pagesWithSomeWordsFollowThoseWithMoreAndAreFlagged() {
        let index = Make.index([
            Make.entry("location", "Castle Morne", notes: "rain"),
            Make.entry("location", "Stormveil Castle", notes: "wind and rain"),
            Make.entry("npc", "Edgar", notes: "wind"),
        ])
        let partial = index.search(SearchQuery("castle rain snow"))
        #expect(!partial.matchesAllWords)
        #expect(partial.hits.map(\.matchedWords) == [2, 2])
        let some = index.search(SearchQuery("castle wind snow"))
        #expect(Make.names(index, "castle wind snow") == ["Stormveil Castle", "Castle Morne", "Edgar"])
        #expect(some.hits.map(\.matchedWords) == [2, 1, 1])
        // Two unrelated words: each page has one, and the results say so.
        let unrelated = index.search(SearchQuery("morne edgar"))
        #expect(!unrelated.matchesAllWords)
        #expect(Set(Make.names(index, "morne edgar")) == ["Castle Morne", "Edgar"])
        // Among pages with one word, those it names come first, as they would for that word alone.
        let named = Make.index([
            Make.entry("quest", "Gowry + Millicent", notes: "Millicent, Millicent, Millicent.", tags: ["millicent"]),
            Make.entry("npc", "Millicent"),
            Make.entry("npc", "Melina"),
            Make.entry("quest", "Melina's Accord", notes: "Melina, Melina, Melina."),
        ])
        let names = Make.names(named, "melina millicent")
        #expect(Set(names.prefix(2)) == ["Millicent", "Melina"], "got \(names)")
        #expect(named.search(SearchQuery("melina millicent")).hits.prefix(2).allSatisfy { $0.nameMatch == .wholeName })
    }

    @Test func filtersWorkWithoutWords() {
        let index = Make.index([
            Make.entry("quest", "Lantern Errand", fields: ["complete": .bool(true)]),
            Make.entry("quest", "Lantern Debt", fields: ["complete": .bool(false)]),
            Make.entry("quest", "Bell Debt", fields: ["complete": .bool(false)]),
            Make.entry("npc", "Lantern Maker", fields: ["merchant": .bool(true)]),
            Make.entry("npc", "Bell Ringer", fields: ["merchant": .bool(false)]),
        ])
        let quest = index.kinds.firstIndex { $0.id == "quest" }
        #expect(Make.names(index, SearchQuery("", state: SearchStateFilter(field: "merchant", value: true))) == ["Lantern Maker"])
        #expect(Make.names(index, SearchQuery(" ", kind: quest, state: SearchStateFilter(field: "complete", value: false)))
            == ["Bell Debt", "Lantern Debt"])
        let quests = index.search(SearchQuery("", kind: quest, limit: 2))
        #expect(quests.total == 3)
        #expect(quests.hits.count == 2)
        #expect(quests.matchesAllWords)
        #expect(index.search(SearchQuery("")).total == 0, "no words and no filter: nothing")
    }

    @Test func rarerWordsWeighMore() {
        let index = Make.index([
            Make.entry("npc", "Alpha", notes: "common rare"),
            Make.entry("npc", "Beta", notes: "common"),
            Make.entry("npc", "Gamma", notes: "common"),
            Make.entry("npc", "Delta", notes: "common"),
        ])
        let rare = index.postings[index.termPosition("rare")][0].impact
        let common = index.postings[index.termPosition("common")].first { $0.document == 1 }!.impact
        #expect(rare > common)
    }

    @Test func theLastWordIsAPrefixWhileTyping() {
        let index = Make.index([Make.entry("location", "Stormveil Castle"), Make.entry("location", "Stormhill Shack")])
        // Stormhill is one typo away from a completion of "stormv", so it follows.
        #expect(Make.names(index, "stormv") == ["Stormveil Castle", "Stormhill Shack"])
        #expect(Set(Make.names(index, "storm")) == ["Stormveil Castle", "Stormhill Shack"])
        #expect(Make.names(index, "castle storm") == ["Stormveil Castle"])
        #expect(Make.names(index, "stormveil castle") == ["Stormveil Castle"])
        // A finished word (followed by a space) and a single letter match only whole terms.
        #expect(Make.names(index, "stormv ").isEmpty)
        #expect(Make.names(index, "s").isEmpty)
        #expect(!index.search(SearchQuery("stormv castle")).matchesAllWords)
    }

    @Test func aShorterCompletionRanksAboveALongerOne() {
        let index = Make.index([Make.entry("npc", "Varrekinsman"), Make.entry("npc", "Varren")])
        #expect(Make.names(index, "varr") == ["Varren", "Varrekinsman"])
    }

    @Test func oneTypoIsForgivenInWordsOfFiveLettersOrMore() {
        let index = Make.index([Make.entry("npc", "Melina"), Make.entry("npc", "Sellen"), Make.entry("npc", "Boc")])
        #expect(Make.names(index, "melnia") == ["Melina"], "two letters swapped")
        #expect(Make.names(index, "selen") == ["Sellen"], "a letter missing")
        #expect(Make.names(index, "selleen") == ["Sellen"], "a letter too many")
        #expect(Make.names(index, "mwlina") == ["Melina"], "a wrong letter")
        #expect(Make.names(index, "mwlnia").isEmpty, "two typos")
        #expect(Make.names(index, "bok").isEmpty, "short words must be right")
        #expect(Make.names(index, "melinaa sellen").isEmpty == false, "a letter too many, in a word that is not the last")
        #expect(!index.search(SearchQuery("melinxxa sellen")).matchesAllWords)
        // While typing, the start of a word may hold the typo.
        #expect(Make.names(index, "mleina") == ["Melina"])
        #expect(Make.names(index, "mleinaxyz").isEmpty)
    }

    @Test func anExactMatchOutranksATypoMatch() {
        let index = Make.index([Make.entry("npc", "Sellen"), Make.entry("npc", "Seller")])
        #expect(Make.names(index, "sellen ") == ["Sellen", "Seller"])
    }

    @Test func aTypoInTheFirstLettersIsFoundAcrossShards() {
        // Many terms between "cap" and "cat" push them into different shards.
        var entries = (0..<200).map { Make.entry("location", "Place \($0)", notes: "capa\($0) cara\($0) casa\($0) cata\($0)") }
        entries.append(Make.entry("npc", "Captain Rowe"))
        let index = Make.index(entries, shardBytes: 400)
        #expect(index.shardCount > 20)
        #expect(index.shard(for: "catpain") != index.shard(for: "captain"), "the typo changes the shard")
        let results = index.search(SearchQuery("catpain"))
        #expect(results.hits.map { index.documents[$0.document].name } == ["Captain Rowe"])
        #expect(results.shards.contains(index.shard(for: "captain")))
        #expect(index.typoShards(for: "captain", besides: [index.shard(for: "captain")]).count <= SearchIndex.typoShardLimit)
    }

    @Test func allWordsMustMatchUnlessNoEntryHasThemAll() {
        let index = Make.index([
            Make.entry("location", "Castle Morne", notes: "rain"),
            Make.entry("location", "Stormveil Castle", notes: "wind"),
        ])
        let both = index.search(SearchQuery("castle rain"))
        #expect(both.matchesAllWords)
        #expect(both.hits.map { index.documents[$0.document].name } == ["Castle Morne"])
        let fallback = index.search(SearchQuery("castle snow"))
        #expect(!fallback.matchesAllWords)
        #expect(fallback.total == 2)
        #expect(index.search(SearchQuery("snow")).total == 0)
    }

    @Test func filtersByGameKindAndState() {
        let index = Make.index([
            Make.entry("quest", "Lantern Errand", fields: ["complete": .bool(true)]),
            Make.entry("quest", "Lantern Debt", fields: ["complete": .bool(false)]),
            Make.entry("npc", "Lantern Maker", fields: ["merchant": .bool(true)]),
            Make.entry("location", "Lantern Street", game: "beta", fields: ["cleared": .bool(false), "merchant": .bool(true)]),
        ])
        let quest = index.kinds.firstIndex { $0.id == "quest" }
        let beta = index.games.firstIndex { $0.id == "beta" }
        #expect(Set(Make.names(index, SearchQuery("lantern", kind: quest))) == ["Lantern Errand", "Lantern Debt"])
        #expect(Make.names(index, SearchQuery("lantern", game: beta)) == ["Lantern Street"])
        #expect(Make.names(index, SearchQuery("lantern", state: SearchStateFilter(field: "complete", value: true))) == ["Lantern Errand"])
        #expect(Make.names(index, SearchQuery("lantern", state: SearchStateFilter(field: "complete", value: false))) == ["Lantern Debt"],
                "kinds without the field are not 'not complete'")
        #expect(Set(Make.names(index, SearchQuery("lantern", state: SearchStateFilter(field: "merchant", value: true))))
            == ["Lantern Maker", "Lantern Street"])
        #expect(Make.names(index, SearchQuery("lantern", game: beta, state: SearchStateFilter(field: "cleared", value: false)))
            == ["Lantern Street"])
        #expect(Make.names(index, SearchQuery("lantern", kind: quest, state: SearchStateFilter(field: "merchant", value: true))).isEmpty)
    }

    @Test func everyLanguageOfTheSample() {
        let index = Make.index([
            Make.entry("npc", "Bà Đường", aliases: ["Grandmother Đường"]),
            Make.entry("npc", "鈴木春人"),
            Make.entry("npc", "渡辺雪"),
            Make.entry("npc", "राजकुमारी मीरा"),
            Make.entry("location", "龙王庙"),
            Make.entry("quest", "龙王的怒火"),
        ])
        #expect(Make.names(index, "duong").first == "Bà Đường")
        #expect(Make.names(index, "BA DUONG").first == "Bà Đường")
        #expect(Make.names(index, "春人") == ["鈴木春人"])
        #expect(Make.names(index, "雪") == ["渡辺雪"], "a run's last character")
        #expect(Make.names(index, "春") == ["鈴木春人"], "a character inside a run")
        #expect(Make.names(index, "मीरा") == ["राजकुमारी मीरा"])
        #expect(Make.names(index, "मरा").isEmpty, "vowel signs are part of the word")
        #expect(Make.names(index, "龙王庙").first == "龙王庙")
        #expect(index.search(SearchQuery("龙王庙")).hits.first?.isExactName == true)
        #expect(Set(Make.names(index, "龙王")) == ["龙王庙", "龙王的怒火"])
    }

    @Test func queryWords() {
        let words = SearchIndex.words(of: "Castle castle stormv")
        #expect(words.map(\.term) == ["castle", "stormv"])
        #expect(words.map(\.isPrefix) == [false, true])
        #expect(SearchIndex.words(of: "castle ").map(\.isPrefix) == [false])
        #expect(SearchIndex.words(of: "castle.").map(\.isPrefix) == [false])
        #expect(SearchIndex.words(of: "c").map(\.isPrefix) == [false])
        #expect(SearchIndex.words(of: "月影 ").map(\.isPrefix) == [false, true], "a lone ideograph is always a prefix")
        #expect(SearchIndex.words(of: "  ").isEmpty)
    }

    @Test func limitsHitsButCountsThemAll() {
        let index = Make.index((0..<25).map { Make.entry("npc", "Guard \($0)") })
        let results = index.search(SearchQuery("guard", limit: 10))
        #expect(results.hits.count == 10)
        #expect(results.total == 25)
        #expect(results.chunks == Array(Set(results.hits.map { index.chunk(of: $0.document) })).sorted())
        #expect(results.hits.map(\.document) == results.hits.map(\.document).sorted(), "equal scores keep document order")
    }
}
