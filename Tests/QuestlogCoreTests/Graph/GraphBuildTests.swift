import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// Built sites with pictures of the graph: the same bytes whatever the thread count and run, the
/// picture's stylesheet only where there is a picture.
struct GraphBuildTests {
    /// A game of `count` entries with random references and note links among them.
    static func randomSite(count: Int, seed: UInt64) -> TestSite {
        var random = SplitMix64(seed: seed)
        var files: [String: String] = [:]
        let locations = count / 3
        for index in 0..<locations {
            let parent = index > 0 && random.next() % 2 == 0 ? "parent: l\(Int(random.next() % UInt64(index)))\n" : ""
            files["Content/w/locations/l\(index).md"] = "---\nname: Place \(index)\ncleared: \(random.next() % 2 == 0)\n\(parent)---\n"
        }
        for index in 0..<(count - locations) {
            let here = (0..<Int(random.next() % 3)).map { _ in "l\(random.next() % UInt64(locations))" }
            let link = random.next() % 2 == 0 ? "See [[npc:n\(random.next() % UInt64(count - locations))]].\n" : "\n"
            files["Content/w/npcs/n\(index).md"] = "---\nname: Person \(index) <&>\nlocations: [\(Set(here).sorted().joined(separator: ", "))]\n---\n\(link)"
        }
        return TestSite(files)
    }

    @Test func theSameBytesWhateverTheThreadCountAndRun() {
        let site = Self.randomSite(count: 240, seed: 42)
        defer { site.remove() }
        _ = site.build(output: site.root + "/one", jobs: 1)
        _ = site.build(output: site.root + "/two", jobs: 2)
        _ = site.build(output: site.root + "/eight", jobs: 8)
        let one = TestSite.tree(site.root + "/one")
        #expect(one.keys.contains("w/graph.html"))
        let withPictures = one.filter { $0.key.hasPrefix("w/npcs/") && String(decoding: $0.value, as: UTF8.self).contains("<svg ") }
        #expect(withPictures.count > 100)
        #expect(one == TestSite.tree(site.root + "/two"))
        #expect(one == TestSite.tree(site.root + "/eight"))
        let again = Self.randomSite(count: 240, seed: 42)
        defer { again.remove() }
        _ = again.build(output: again.root + "/Output", jobs: 3)
        #expect(TestSite.tree(again.root + "/Output") == one, "another run, another folder")
    }

    @Test func theStylesheetAndScriptComeOnlyWithAPicture() {
        let site = TestSite([
            "Content/g/npcs/a.md": "---\nname: A\nlocations: [p]\n---\n",
            "Content/g/npcs/alone.md": "---\nname: Alone\n---\n",
            "Content/g/locations/p.md": "---\nname: P\n---\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(!result.diagnostics.hasErrors)
        let stylesheet = "<link rel=\"stylesheet\" href=\"../../assets/graph.css\">"
        #expect(site.page("g/npcs/a.html").contains(stylesheet))
        #expect(site.page("g/npcs/a.html").contains("<section class=\"graph-section\" aria-labelledby=\"ql-graph\">"))
        #expect(!site.page("g/npcs/alone.html").contains("graph"))
        let graph = site.page("g/graph.html")
        #expect(graph.contains("<link rel=\"stylesheet\" href=\"../assets/graph.css\">"))
        #expect(graph.contains("<script src=\"../assets/graph.js\" defer></script>"))
        #expect(graph.contains("<fieldset class=\"graph-filter\" hidden>"), "without the script the filter stays hidden")
        #expect(site.page("g/index.html").contains("<a href=\"graph.html\">Graph of connections</a>"))
        #expect(FileManager.default.fileExists(atPath: site.root + "/Output/assets/graph.js"))
        #expect(!site.page("index.html").contains("graph.css"))
    }
}
