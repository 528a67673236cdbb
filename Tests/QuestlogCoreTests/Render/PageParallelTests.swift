@testable import QuestlogCore
import Foundation
import Testing

/// Pages built on several threads: every page once, results in the pages' order, whatever order
/// the threads take them in.
struct PageParallelTests {
    final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var items: [Int] = []
        func add(_ item: Int) { lock.withLock { items.append(item) } }
    }

    @Test func everyItemIsTransformedOnceAndResultsKeepTheInputOrder() {
        let items = Array(0..<500)
        // The last items first, as big pages go first.
        let order = Array(items.reversed().prefix(50)) + Array(items.prefix(450))
        for jobs in [1, 2, 4] {
            let seen = Seen()
            let results = PageParallel.map(items, jobs: jobs, order: order) { item -> String in
                seen.add(item)
                return "page \(item)"
            }
            #expect(results == items.map { "page \($0)" })
            #expect(seen.items.sorted() == items)
        }
        #expect(PageParallel.map([Int](), jobs: 2, order: []) { $0 }.isEmpty)
    }

    /// A state of its own for each thread, handed from one of its items to the next.
    final class Tally {
        var items: [Int] = []
    }

    @Test func eachThreadKeepsItsOwnStateFromItemToItem() {
        let items = Array(0..<300)
        for jobs in [1, 2, 4] {
            let states = Seen()
            let results = PageParallel.map(items, jobs: jobs, order: items, state: { Tally() }) { tally, item -> [Int] in
                tally.items.append(item)
                if tally.items.count == 1 { states.add(item) }
                return tally.items
            }
            // What each item found is what its thread took before it, in the order it took them.
            for (item, seen) in zip(items, results) {
                #expect(seen.last == item)
                #expect(seen == seen.sorted())
            }
            #expect(states.items.count >= 1 && states.items.count <= jobs)
            // The items a state saw last are, together, every item once.
            let lasts = results.filter { last in !results.contains { $0.count > last.count && $0.starts(with: last) } }
            #expect(lasts.flatMap { $0 }.sorted() == items)
        }
    }

    @Test func aPagesGameIsTheFirstFolderOfItsPath() {
        #expect(PageBuilder.pageGame("elden-ring/npcs/varre.html") == "elden-ring")
        #expect(PageBuilder.pageGame("index.html") == "index.html")
        #expect(PageBuilder.pageGame("/a/b") == "a")
        #expect(PageBuilder.pageGame("") == nil)
        #expect(PageBuilder.pageGame("//") == nil)
        for path in ["elden-ring/npcs/varre.html", "index.html", "/a/b", "", "//", "a//b", "ゲーム/x.html"] {
            #expect(PageBuilder.pageGame(path).map(String.init) == path.split(separator: "/").first.map(String.init))
        }
    }
}

/// Links between pages as `RelativeURL` makes them, against a plain version of its rule.
struct RelativeLinkTests {
    /// The longest common run of whole folders dropped, one `../` per folder of the source left.
    static func plain(_ source: String, to target: String) -> String {
        let source = Array(source.utf8), target = Array(target.utf8)
        var common = 0
        var index = 0
        while index < source.count, index < target.count, source[index] == target[index] {
            if source[index] == UInt8(ascii: "/") { common = index + 1 }
            index += 1
        }
        let up = source[common...].count { $0 == UInt8(ascii: "/") }
        return String(repeating: "../", count: up) + String(decoding: target[common...], as: UTF8.self)
    }

    @Test func linksFollowTheRule() {
        let paths = ["index.html", "404.html", "elden-ring/index.html", "elden-ring/npcs/varre.html", "elden-ring/npcs/index.html",
                     "elden-ring/quests/varre-quest.html", "elden-ring/graph.html", "elden-ring-dlc/npcs/varre.html", "ゲーム/人物/ヴァレー.html",
                     "ゲーム/index.html", "a/b/c/d.html", "a/b/", "", "/", "a//b.html", "maps/limgrave.png", "elden-ring/npcs"]
        for source in paths {
            for target in paths {
                #expect(RelativeURL.from(source, to: target) == Self.plain(source, to: target), "\(source) → \(target)")
            }
        }
        #expect(RelativeURL.from("elden-ring/npcs/varre.html", to: "elden-ring/locations/castle.html") == "../locations/castle.html")
        #expect(RelativeURL.from("index.html", to: "elden-ring/index.html") == "elden-ring/index.html")
    }
}
