import Foundation
@testable import QuestlogCore
import Testing
import YAML

/// A build's memo of loaded files gives back exactly what loading gave, for the files whose stamps
/// are still the ones recorded, and nothing from a file that is damaged, foreign or made with other
/// settings.
struct LoadMemoFileTests {
    static let identity = "questlog 1 test"

    /// Files of every shape front matter takes: nested mappings and lists, every scalar style,
    /// tags, a damaged file, a data file of several entries, a diagnostic.
    static let files = [
        "questlog.yml": "title: Wiki\n",
        "Content/g/game.md": "---\ntitle: G\n---\n",
        "Content/g/npcs/a.md": "---\nname: 'Álba'\naliases: [\"A\", B]\ntags:\n  - x\nstats: {hp: 3, mp: !!str 4}\nmotto: |\n  line one\n  line two\nnote: >\n  folded\n---\n# Heading\nBody with [[b]].\n",
        "Content/g/npcs/b.md": "---\nname: [unclosed\n---\nBody.\n",
        "Content/g/npcs/c.md": "No front matter at all.\n",
        "Content/g/locations/places.yml": "- name: Cave\n  region: North\n- name: Lake\n  extra: !custom tagged\n- 3\n",
    ]

    /// Gives `paths` (every file by default) times long past, each its own in each `generation`.
    static func aged(_ site: TestSite, _ paths: [String] = files.keys.sorted(), generation: Int = 0) {
        for (index, path) in paths.enumerated() {
            try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(generation * 100 + index))],
                                                   ofItemAtPath: site.root + "/" + path)
        }
    }

    /// The site's files aged and loaded with a memo, and the memo's file as a build writes it.
    static func loadedAndKept(_ site: TestSite) -> (loaded: LoadedSite, bytes: [UInt8], stamps: [SourceStamp], settings: UInt64) {
        aged(site)
        let stamps = SourceStamp.collect(site: site.root)
        let settings = LoadMemo.settingsDigest(site: site.root)
        let memo = LoadMemo()
        let loaded = SiteLoader(root: site.root, jobs: 1, memo: memo).load()
        return (loaded, memo.bytes(identity: identity, settings: settings, stamps: stamps), stamps, settings)
    }

    @Test func aFileGivesBackEveryEntryAndDiagnosticExactly() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let (first, bytes, stamps, settings) = Self.loadedAndKept(site)
        let read = LoadMemo(parsing: bytes, identity: Self.identity, settings: settings, stamps: stamps)
        #expect(read.fileRecordCount == 4, "three Markdown files and the data file")
        let again = SiteLoader(root: site.root, jobs: 2, memo: read).load()
        #expect(read.reusedCount == 4)
        #expect(!read.changedSinceFile)
        Self.expectSame(again, first)
        // Written again, the records read are copied as they were.
        #expect(read.bytes(identity: Self.identity, settings: settings, stamps: stamps) == bytes)
    }

    @Test func aFileChangedOrWithOtherSettingsIsReadAgain() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let (_, bytes, _, settings) = Self.loadedAndKept(site)

        // A file written again has another stamp: it is read again, and gives its new entry.
        site.write("Content/g/npcs/a.md", "---\nname: Bela\n---\nNew body.\n")
        let stamps = SourceStamp.collect(site: site.root)
        let read = LoadMemo(parsing: bytes, identity: Self.identity, settings: settings, stamps: stamps)
        let loaded = SiteLoader(root: site.root, jobs: 1, memo: read).load()
        #expect(read.reusedCount == 3)
        #expect(read.changedSinceFile)
        Self.expectSame(loaded, SiteLoader(root: site.root, jobs: 1).load())

        // A file just changed is stamped with a hash: it is neither trusted nor written.
        #expect(stamps.first { $0.path == "Content/g/npcs/a.md" }?.hash != 0)
        let written = read.bytes(identity: Self.identity, settings: settings, stamps: stamps)
        #expect(LoadMemo(parsing: written, identity: Self.identity, settings: settings, stamps: stamps).fileRecordCount == 3)

        // Other settings, another binary, or damaged bytes: nothing is kept.
        for refused in [LoadMemo(parsing: bytes, identity: Self.identity, settings: settings &+ 1, stamps: stamps),
                        LoadMemo(parsing: bytes, identity: "questlog 2 test", settings: settings, stamps: stamps),
                        LoadMemo(parsing: Array(bytes.dropLast()), identity: Self.identity, settings: settings, stamps: stamps)] {
            #expect(refused.fileRecordCount == nil)
            _ = SiteLoader(root: site.root, jobs: 1, memo: refused).load()
            #expect(refused.reusedCount == 0)
        }
        for position in stride(from: 0, to: bytes.count, by: 11) {
            var damaged = bytes
            damaged[position] ^= 0x20
            #expect(LoadMemo(parsing: damaged, identity: Self.identity, settings: settings, stamps: stamps).fileRecordCount == nil,
                    "byte \(position) changed")
        }
    }

    /// A site of forty entries, for a journal to be small beside its file.
    static let many: [String: String] = {
        var files = ["questlog.yml": "title: Wiki\n", "Content/g/game.md": "---\ntitle: G\n---\n"]
        for number in 0..<40 {
            files["Content/g/npcs/n\(number).md"] = "---\nname: N\(number)\nrank: \(number)\n---\n"
                + String(repeating: "Varré rode to the tower of 龍王廟. ", count: 20) + "\n"
        }
        return files
    }()

    @Test func aFewFilesChangedAreWrittenAsAJournalOfTheFile() throws {
        let site = TestSite(Self.many)
        defer { site.remove() }
        Self.aged(site, Self.many.keys.sorted())
        let settings = LoadMemo.settingsDigest(site: site.root)
        let first = LoadMemo()
        _ = SiteLoader(root: site.root, jobs: 1, memo: first).load()
        let firstStamps = SourceStamp.collect(site: site.root)
        let (file, none) = first.files(identity: Self.identity, settings: settings, stamps: firstStamps)
        let whole = try #require(file)
        #expect(none == nil, "a memo read from no file is written whole")

        // One file edited (and settled): the next build writes a journal of it alone.
        site.write("Content/g/npcs/n3.md", "---\nname: Renamed\n---\nShort.\n")
        Self.aged(site, ["Content/g/npcs/n3.md"], generation: 1)
        let stamps = SourceStamp.collect(site: site.root)
        let read = LoadMemo(parsing: whole, identity: Self.identity, settings: settings, stamps: stamps)
        let loaded = SiteLoader(root: site.root, jobs: 1, memo: read).load()
        #expect(read.reusedCount == 39, "every entry file but the edited one")
        let (noFile, written) = read.files(identity: Self.identity, settings: settings, stamps: stamps)
        let journal = try #require(written)
        #expect(noFile == nil)
        #expect(journal.count * 10 < whole.count, "\(journal.count) bytes beside \(whole.count)")

        // The file and its journal give every file's entries, the edited one's from the journal,
        // and make the whole file a memo without them would.
        let both = LoadMemo(parsing: whole, journal: journal, identity: Self.identity, settings: settings, stamps: stamps)
        let again = SiteLoader(root: site.root, jobs: 2, memo: both).load()
        #expect(both.reusedCount == 40)
        Self.expectSame(again, loaded)
        let fresh = LoadMemo()
        _ = SiteLoader(root: site.root, jobs: 1, memo: fresh).load()
        #expect(both.bytes(identity: Self.identity, settings: settings, stamps: stamps)
            == fresh.bytes(identity: Self.identity, settings: settings, stamps: stamps))

        // A damaged journal, or one naming another file, is ignored: the file alone is the memo.
        var damaged = journal
        damaged[damaged.count / 2] ^= 0x20
        let damagedRead = LoadMemo(parsing: whole, journal: damaged, identity: Self.identity, settings: settings, stamps: stamps)
        _ = SiteLoader(root: site.root, jobs: 1, memo: damagedRead).load()
        #expect(damagedRead.reusedCount == 39, "the edited file is read again")
        #expect(both.fileRecordCount == 41, "the file's forty records and the journal's one")
        let otherFile = try #require(fresh.files(identity: Self.identity, settings: settings, stamps: stamps).file)
        #expect(LoadMemo(parsing: otherFile, journal: journal, identity: Self.identity, settings: settings, stamps: stamps).fileRecordCount == 40)

        // Most files edited: the whole file again.
        for number in 0..<20 { site.write("Content/g/npcs/n\(number).md", "---\nname: M\(number)\n---\n") }
        Self.aged(site, (0..<20).map { "Content/g/npcs/n\($0).md" }, generation: 2)
        let lateStamps = SourceStamp.collect(site: site.root)
        let late = LoadMemo(parsing: whole, journal: journal, identity: Self.identity, settings: settings, stamps: lateStamps)
        _ = SiteLoader(root: site.root, jobs: 1, memo: late).load()
        let (lateFile, lateJournal) = late.files(identity: Self.identity, settings: settings, stamps: lateStamps)
        #expect(lateJournal == nil)
        #expect(lateFile == late.bytes(identity: Self.identity, settings: settings, stamps: lateStamps))
    }

    @Test func theSettingsDigestCoversTheSettingsFile() {
        let site = TestSite(["questlog.yml": "title: A\n", "Content/g/game.md": "---\ntitle: G\n---\n"])
        defer { site.remove() }
        let first = LoadMemo.settingsDigest(site: site.root)
        site.write("questlog.yml", "title: B\n")
        #expect(LoadMemo.settingsDigest(site: site.root) != first)
        try? FileManager.default.removeItem(atPath: site.root + "/questlog.yml")
        let none = LoadMemo.settingsDigest(site: site.root)
        site.write("questlog.yaml", "title: B\n")
        #expect(LoadMemo.settingsDigest(site: site.root) != none)
    }

    /// A build reads only the files whose stamps changed since the last build; `--clean` reads all.
    @Test func aBuildReadsOnlyTheFilesWhoseStampsChanged() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        Self.aged(site)
        func build(clean: Bool = false) -> Int {
            var options = BuildOptions(site: site.root, output: site.root + "/Output")
            options.clean = clean
            let timings = BuildTimings()
            _ = SiteBuild(options: options).run(timings: timings)
            return timings.stages.first { $0.name == "load" }?.reused ?? -1
        }
        #expect(build() == 0)
        site.write("Content/g/npcs/c.md", "Changed.\n")
        #expect(build() == 3, "all but the changed file")
        Self.aged(site, ["Content/g/npcs/c.md"], generation: 1)
        #expect(build() == 3, "the changed file was not kept: changed so recently, its time could not be trusted")
        site.write("Content/g/npcs/a.md", "---\nname: Alba\n---\nChanged too.\n")
        Self.aged(site, ["Content/g/npcs/a.md"], generation: 2)
        #expect(build() == 3)
        site.write("questlog.yml", "title: Other\n")
        #expect(build() == 0, "other settings")
        site.write("Content/g/npcs/new.md", "---\nname: New\n---\n")
        #expect(build(clean: true) == 0, "--clean trusts nothing")
        Self.aged(site, ["Content/g/npcs/new.md"], generation: 3)
        #expect(build() == 4)
        // The damaged file's error is reported from the memo as loading reported it.
        var options = BuildOptions(site: site.root, output: site.root + "/Output")
        let remembered = SiteBuild(options: options).run().diagnostics.all
        options.clean = true
        #expect(remembered == SiteBuild(options: options).run().diagnostics.all)
        #expect(remembered.contains { $0.code == "yaml-syntax" })
    }

    static func expectSame(_ lhs: LoadedSite, _ rhs: LoadedSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(lhs.diagnostics.all == rhs.diagnostics.all, sourceLocation: sourceLocation)
        #expect(lhs.games.count == rhs.games.count, sourceLocation: sourceLocation)
        for (left, right) in zip(lhs.games, rhs.games) {
            #expect(left.entries.count == right.entries.count, sourceLocation: sourceLocation)
            for (a, b) in zip(left.entries, right.entries) {
                #expect(a.kind == b.kind && a.id == b.id && a.source == b.source && a.notes == b.notes, sourceLocation: sourceLocation)
                #expect(a.notesLineOffset == b.notesLineOffset && a.notesColumnOffset == b.notesColumnOffset, sourceLocation: sourceLocation)
                #expect(a.fallbackName == b.fallbackName && a.isDamaged == b.isDamaged && a.isDraft == b.isDraft, sourceLocation: sourceLocation)
                #expect(a.fields.count == b.fields.count, sourceLocation: sourceLocation)
                for (x, y) in zip(a.fields, b.fields) {
                    #expect(x.key == y.key && x.value == y.value, sourceLocation: sourceLocation)
                }
            }
        }
    }
}
