import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// A build after edits of notes alone patches the last build's resolve, kept in `.questlog/site`
/// (`SiteMemo`) by every build that resolves the site but a clean one, rather than loading and
/// resolving every entry; its output is a clean build's.
struct SiteMemoTests {
    static let files = [
        "questlog.yml": "title: Wiki\n",
        "Content/g/game.md": "---\ntitle: G\n---\nStart with [[Varre]].\n",
        "Content/g/npcs/varre.md": "---\nname: Varre\nlocations: [Church]\n---\nAt the [[Church]]. #lore\n\n## Trades\n\nSells things.\n",
        "Content/g/npcs/kale.md": "---\nname: Kale\n---\nKnows [[Varre]].\n",
        "Content/g/npcs/iji.md": "---\nname: Iji\n---\nSee [[Varre#Trades]].\n",
        "Content/g/locations/church.md": "---\nname: Church\n---\nA church.\n",
        "Content/g/locations/lake.md": "---\nname: Lake\n---\nShows ![[Church]].\n",
    ]

    /// Builds the site and compares its output and diagnostics with a clean build's; whether the
    /// build patched the last one's resolve.
    static func build(_ site: TestSite, _ label: String, jobs: Int = 2, loaded: Int = 1, output: String = "Output",
                      listEveryUse: Bool = false) -> Bool {
        let options = BuildOptions(site: site.root, output: site.root + "/" + output, jobs: jobs, listEveryUse: listEveryUse)
        let timings = BuildTimings()
        let result = SiteBuild(options: options).run(timings: timings)
        let clean = SiteBuild(options: options).render()
        #expect(result.diagnostics.all == clean.diagnostics.all, "\(label)")
        if !clean.diagnostics.failed(strict: false) { TestSite.expectOutput(site.root + "/" + output, equals: clean.files, label) }
        let patched = timings.stages.contains { $0.name == "read site" } && !timings.stages.contains { $0.name == "compare" }
        if patched {
            #expect(timings.stages.first { $0.name == "load" }?.items == loaded, "\(label): the files edited loaded")
        }
        return patched
    }

    @Test func editsOfNotesAlonePatchTheLastBuildsSite() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        #expect(!Self.build(site, "the first build"))
        #expect(FileManager.default.fileExists(atPath: BuildMemo.sitePath(site: site.root)), "a build that resolves the site keeps its resolve")
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]].\n\nMore.\n")
        #expect(Self.build(site, "a first edit"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] well.\n")
        #expect(Self.build(site, "a note edited"))
        #expect(site.page("g/npcs/kale.html").contains("Knows"))
        #expect(FileManager.default.fileExists(atPath: BuildMemo.siteJournalPath(site: site.root)))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] very well.\n")
        site.write("Content/g/locations/lake.md", "---\nname: Lake\n---\nStill shows ![[Church]].\n")
        #expect(Self.build(site, "two notes edited, one again, one that embeds another as it did", loaded: 2))
        #expect(site.page("g/npcs/kale.html").contains("very well"))
        site.write("Content/g/npcs/varre.md", "---\nname: Varre\nlocations: [Church]\n---\nStill at the [[Church]]. #lore\n\n## Trades\n\nSells things.\n")
        #expect(Self.build(site, "a note whose headings another links to, the headings as they were"))
    }

    @Test func editsThatReachBeyondTheirNotesResolveTheSite() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        #expect(!Self.build(site, "the first build"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] and [[Church]].\n")
        #expect(!Self.build(site, "a link to another entry"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] and [[Church]]. #boss\n")
        #expect(!Self.build(site, "another inline tag"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kalé\n---\nKnows [[Varre]] and [[Church]]. #boss\n")
        #expect(!Self.build(site, "another name"))
        site.write("Content/g/locations/church.md", "---\nname: Church\n---\nA church, embedded.\n")
        #expect(!Self.build(site, "a note another embeds"))
        site.write("Content/g/npcs/varre.md", "---\nname: Varre\nlocations: [Church]\n---\nAt the [[Church]]. #lore\n\n## Wares\n")
        #expect(!Self.build(site, "a heading another note links to"))
        site.write("Content/g/npcs/iji.md", "---\nname: Iji\n---\nSee [[Varre#Wares]] now.\n")
        #expect(!Self.build(site, "a note with a link to a heading"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kalé\n---\nKnows [[Nobody]].\n")
        #expect(!Self.build(site, "a link to nothing: an error"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kalé\n---\nKnows [[Varre]] and [[Church]] well. #boss\n")
        #expect(Self.build(site, "after a failed build, notes alone changed since the last good one"))
    }

    @Test func aMemoThatCannotBeTrustedIsNotUsed() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        #expect(!Self.build(site, "the first build"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]], first.\n")
        #expect(Self.build(site, "a first edit"))
        let path = BuildMemo.sitePath(site: site.root)
        var bytes = try #require(FileManager.default.contents(atPath: path))
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: path))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] well.\n")
        #expect(!Self.build(site, "a damaged memo"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] very well.\n")
        #expect(Self.build(site, "the memo written again"))
        let whole = try #require(FileManager.default.contents(atPath: path))
        try whole.prefix(whole.count - 5).write(to: URL(fileURLWithPath: path))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]].\n")
        #expect(!Self.build(site, "a memo cut short"))
        // A journal of another site: the memo names the site before it, not the cache's.
        let journal = BuildMemo.siteJournalPath(site: site.root)
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] again.\n")
        #expect(Self.build(site, "patched"))
        try FileManager.default.removeItem(atPath: journal)
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]] once more.\n")
        #expect(!Self.build(site, "the journal gone: the memo is of an older site"))
    }

    /// An output folder removed or emptied since the last build of it, the site unchanged, is made
    /// from the last build's site (`SiteMemo.read(linking: false)`, the notes of its journal in
    /// place) rather than loaded and resolved, with the same problems. One emptied after edits of
    /// notes alone is made from that site patched, as a folder that holds the last output would
    /// be; a clean build reads no memo.
    @Test func anEmptiedOutputFolderIsMadeFromTheLastBuildsSite() throws {
        var files = Self.files
        // An unknown field, reported, and a link to nothing, allowed with a warning.
        files["Content/g/npcs/kale.md"] = "---\nname: Kale\nmood: calm\n---\nKnows [[Varre]] and [[Nobody]].\n"
        files["questlog.yml"] = "title: Wiki\ndangling_links: warning\n"
        files["Content/g/npcs/ash.md"] = "---\nname: Ash\n---\nA plain note.\n"
        let site = TestSite(files)
        defer { site.remove() }
        let output = site.root + "/Output"
        let options = BuildOptions(site: site.root, output: output, jobs: 2)
        #expect(SiteBuild(options: options).render().diagnostics.all.count >= 2, "the site has problems to report")
        func remove() throws { try FileManager.default.removeItem(atPath: output) }
        func empty() throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: output) {
                try FileManager.default.removeItem(atPath: output + "/" + name)
            }
        }
        #expect(!Self.build(site, "the first build"))
        try remove()
        #expect(Self.build(site, "the folder removed", loaded: 0))
        try empty()
        #expect(Self.build(site, "the folder emptied", loaded: 0))
        site.write("Content/g/npcs/ash.md", "---\nname: Ash\n---\nA plain note, first.\n")
        try remove()
        #expect(Self.build(site, "a note edited, then the folder removed"))
        site.write("Content/g/npcs/ash.md", "---\nname: Ash\n---\nA plain note, again.\n")
        #expect(Self.build(site, "a note edited"))
        #expect(FileManager.default.fileExists(atPath: BuildMemo.siteJournalPath(site: site.root)))
        try empty()
        #expect(Self.build(site, "the folder emptied after a patched build", loaded: 0))
        #expect(site.page("g/npcs/ash.html").contains("again."))
        try remove()
        let timings = BuildTimings()
        var clean = options
        clean.clean = true
        #expect(SiteBuild(options: clean).run(timings: timings).report != nil)
        #expect(!timings.stages.contains { $0.name == "read site" }, "a clean build reads no memo")
    }

    /// Random edits of a site of plain notes (links to entries a note already links to, or to
    /// others, tags, headings, words, links to nothing), now and then of a front matter, or of
    /// two notes at once, each build compared with a clean one: most patch the last build's site.
    @Test(arguments: [7, 8] as [UInt64])
    func randomEditsOfNotesGiveWhatACleanBuildGives(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let names = (0..<24).map { "Name \($0)" }
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        var links: [Int: [Int]] = [:]
        func note(_ number: Int) -> String {
            let linked = links[number] ?? []
            var lines = linked.map { "Knows [[\(names[$0])]] \(rng.next() % 100)." }
            if rng.next() % 3 == 0 { lines.append("## Part \(rng.next() % 3)") }
            if rng.next() % 4 == 0 { lines.append("Words #lore and more.") }
            if number % 3 == 0 { lines.append("Was at [[\(names[number % 3])|the place]].") }
            if rng.next() % 4 == 0 { lines.append("Met [[Nobody]] there.") }
            return lines.joined(separator: "\n\n") + "\n"
        }
        func file(_ number: Int, kind: String = "npcs", extra: String = "") -> (path: String, text: String) {
            ("Content/g/\(kind)/e\(number).md", "---\nname: \(names[number])\n\(extra)---\n" + note(number))
        }
        var files = ["questlog.yml": "title: Wiki\ndangling_links: warning\n", "Content/g/game.md": "---\ntitle: G\n---\n"]
        for number in 0..<20 {
            links[number] = [Int(rng.next() % 20)].filter { $0 != number }
            let (path, text) = file(number, kind: number < 3 ? "locations" : "npcs")
            files[path] = text
        }
        let site = TestSite(files)
        defer { site.remove() }
        #expect(!Self.build(site, "seed \(seed): the first build"))
        var patched = 0
        for step in 1...40 {
            let number = 3 + Int(rng.next() % 17)
            let path = "Content/g/npcs/e\(number).md"
            var loaded = 1
            switch rng.next() % 10 {
            case 0:
                // A link to an entry the note did not link to: the site is resolved.
                links[number, default: []].append(Int(rng.next() % 20))
                site.write(path, file(number).text)
            case 1:
                site.write(path, file(number, extra: "aliases: [Alias \(number)]\n").text)
            case 2:
                // Two notes at once.
                site.write(path, file(number).text)
                let other = 3 + (number - 2) % 17
                if other != number {
                    site.write("Content/g/npcs/e\(other).md", file(other).text)
                    loaded = 2
                }
            default:
                site.write(path, file(number).text)
            }
            if Self.build(site, "seed \(seed), step \(step)", loaded: loaded) { patched += 1 }
        }
        #expect(patched >= 15, "most edits are of notes alone: \(patched) of 40 patched")
    }

    /// Notes patched one build after another are kept as a journal beside the memo, until it would
    /// hold more than an eighth of the entries (or eight), when the memo is written whole again.
    @Test func theJournalGrowsUntilTheMemoIsWrittenWholeAgain() throws {
        var files = ["Content/g/game.md": "---\ntitle: G\n---\n"]
        for number in 0..<12 { files["Content/g/npcs/e\(number).md"] = "---\nname: N\(number)\n---\nFirst words.\n" }
        let site = TestSite(files)
        defer { site.remove() }
        #expect(!Self.build(site, "the first build"))
        let memo = URL(fileURLWithPath: BuildMemo.sitePath(site: site.root))
        let journal = BuildMemo.siteJournalPath(site: site.root)
        let first = try Data(contentsOf: memo)
        for number in 0..<8 {
            site.write("Content/g/npcs/e\(number).md", "---\nname: N\(number)\n---\nWords of edit \(number).\n")
            #expect(Self.build(site, "edit \(number)"))
            #expect(try Data(contentsOf: memo) == first, "edit \(number): a journal")
            #expect(FileManager.default.fileExists(atPath: journal))
        }
        site.write("Content/g/npcs/e3.md", "---\nname: N3\n---\nWords of edit 3, again.\n")
        #expect(Self.build(site, "an entry of the journal edited again"))
        #expect(try Data(contentsOf: memo) == first)
        site.write("Content/g/npcs/e8.md", "---\nname: N8\n---\nWords of edit 8.\n")
        #expect(Self.build(site, "a ninth entry"))
        #expect(try Data(contentsOf: memo) != first, "the memo written whole again")
        #expect(!FileManager.default.fileExists(atPath: journal))
        site.write("Content/g/npcs/e9.md", "---\nname: N9\n---\nWords of edit 9.\n")
        #expect(Self.build(site, "the memo written whole, patched again"))
        #expect(site.page("g/npcs/e8.html").contains("edit 8"))
    }

    /// A note larger than the loads memo keeps (`LoadMemo.largestFile`) is patched from its whole file.
    @Test func aLargeNoteIsPatchedWhole() throws {
        var files = Self.files
        let long = String(repeating: "Many words about the road. ", count: LoadMemo.largestFile / 20)
        files["Content/g/npcs/boc.md"] = "---\nname: Boc\n---\n" + long + "\n"
        let site = TestSite(files)
        defer { site.remove() }
        #expect(!Self.build(site, "the first build"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nKnows [[Varre]], first.\n")
        #expect(Self.build(site, "a first edit"))
        site.write("Content/g/npcs/boc.md", "---\nname: Boc\n---\n" + long + "\n\nThe last words.\n")
        #expect(Self.build(site, "the large note edited"))
        #expect(site.page("g/npcs/boc.html").contains("The last words."))
    }

    /// A memo made with other options (`--verbose` here, which lists every use of an unknown
    /// field) is not used: its resolve's problems would not be this build's.
    @Test func aMemoOfOtherOptionsIsNotUsed() throws {
        var files = Self.files
        files["Content/g/npcs/kale.md"] = "---\nname: Kale\nmood: calm\n---\nKnows [[Varre]].\n"
        files["Content/g/npcs/iji.md"] = "---\nname: Iji\nmood: odd\n---\nSee [[Varre#Trades]].\n"
        let site = TestSite(files)
        defer { site.remove() }
        #expect(!Self.build(site, "the first build"))
        #expect(!Self.build(site, "the first verbose build", output: "Verbose", listEveryUse: true))
        site.write("Content/g/locations/lake.md", "---\nname: Lake\n---\nShows ![[Church]], first.\n")
        #expect(!Self.build(site, "a first edit, resolved"))
        #expect(!Self.build(site, "a first verbose edit, resolved", output: "Verbose", listEveryUse: true))
        site.write("Content/g/locations/lake.md", "---\nname: Lake\n---\nShows ![[Church]], again.\n")
        #expect(!Self.build(site, "the memo of the verbose build"))
        site.write("Content/g/locations/lake.md", "---\nname: Lake\n---\nShows ![[Church]], once more.\n")
        #expect(Self.build(site, "its own memo again"))
    }
}
