import Foundation
@testable import QuestlogCore
import Testing

/// `serve` patches a save that changed notes alone (`SiteBuild.renderServed(changed:)`): the result
/// is what rendering from nothing gives, and a save that reaches beyond the notes is made whole.
struct ServedPatchTests {
    static let files = [
        "questlog.yml": "dangling_links: warning\n",
        "Content/g/game.md": "---\ntitle: G\n---\nStart with [[Alba]].\n",
        "Content/g/npcs/alba.md": "---\nname: Alba\nlocations: [cave]\n---\nKnows [[Bob]]. #lore\n\n## Trades\n\nSells maps.\n",
        "Content/g/npcs/bob.md": "---\nname: Bob\n---\nAlone.\n",
        "Content/g/npcs/cid.md": "---\nname: Cid\n---\nEmbeds ![[Dora]] and goes to [[Alba#Trades]].\n",
        "Content/g/npcs/dora.md": "---\nname: Dora\n---\nA preview of Dora.\n",
        "Content/g/locations/cave.md": "---\nname: Cave\n---\nDark.\n",
        "Content/g/quests/hunt.yml": "- name: Hunt\n  notes: In [[Cave]].\n- name: Fish\n",
    ]

    /// A site served with a memo, saved and served again with the files saved.
    final class Served {
        let site: TestSite
        let memo = BuildMemo(loads: LoadMemo(), served: ServedMemo())
        var options: BuildOptions
        var last: ServedSite

        convenience init(_ files: [String: String] = ServedPatchTests.files) {
            self.init(site: TestSite(files))
        }

        init(site: TestSite) {
            self.site = site
            options = BuildOptions(site: site.root, output: site.root + "/Output", jobs: 2, includeDrafts: true)
            last = SiteBuild(options: options).renderServed(memo: memo)
        }

        /// Writes the files (nil: removes one) and serves what changed; the served site.
        @discardableResult
        func save(_ files: [String: String?]) -> ServedSite {
            for (path, text) in files {
                if let text {
                    site.write(path, text)
                } else {
                    try? FileManager.default.removeItem(atPath: site.root + "/" + path)
                }
            }
            last = SiteBuild(options: options).renderServed(memo: memo, changed: files.keys.sorted())
            return last
        }

        /// Every file the last served site shows, as `serve` would make them when asked for.
        func shown() -> [String: [UInt8]] {
            let build = SiteBuild(options: options)
            guard let pages = last.pages, let resolved = last.site else { return [:] }
            var files = last.files + build.renderSitemap(of: last) + build.renderSearch(of: resolved) + build.renderExports(of: resolved).files
            for path in pages.paths {
                if case let .success(file)? = pages.page(at: path) { files.append(file) }
            }
            return Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        }

        /// Whether the last served site is what a render from nothing gives: files and diagnostics.
        func matchesCleanRender(_ comment: Comment) {
            let clean = SiteBuild(options: options).render()
            #expect(last.diagnostics.all == clean.diagnostics.all, comment)
            let expected = Dictionary(uniqueKeysWithValues: clean.files.map { ($0.path, $0.bytes) })
            let shown = shown()
            #expect(shown.keys.sorted() == expected.keys.sorted(), comment)
            for (path, bytes) in expected where shown[path] != bytes {
                Issue.record("\(comment): \(path) differs from a clean render")
            }
            // Each page is asked for by its own path, in the order a site served afresh lists them.
            let fresh = SiteBuild(options: options).renderServed()
            #expect(last.pages?.paths == fresh.pages?.paths, comment)
            for path in last.pages?.paths ?? [] {
                guard case let .success(file)? = last.pages?.page(at: path), file.path == path else {
                    Issue.record("\(comment): \(path) is not the page asked for")
                    continue
                }
            }
        }

        /// Serves a copy of the valid fixture site `fixture` and saves, one after another, each
        /// entry's own Markdown file (not `game.md`) as `edit` writes it (nil: not saved), each save
        /// compared with a clean render and put back when it failed the site. How many saves were
        /// made, and how many of them were patched.
        static func editingEveryEntry(of fixture: String, _ edit: (_ text: String) -> (text: String, what: String)?) throws -> (saved: Int, patched: Int) {
            let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/\(fixture)/site")
            let served = Served(site: site)
            try #require(served.last.pages != nil, "\(fixture) builds")
            let files = (FileManager.default.enumerator(atPath: site.root + "/Content")?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".md") && !$0.hasSuffix("game.md") }.sorted()
            var saved = 0, patched = 0
            for file in files {
                let path = "Content/" + file
                let text = try String(contentsOfFile: site.root + "/" + path, encoding: .utf8)
                guard let (edited, what) = edit(text) else { continue }
                saved += 1
                let shown = served.save([path: edited])
                if shown.patchedFields { patched += 1 }
                served.matchesCleanRender("\(fixture): \(path), \(what)")
                if shown.pages == nil { served.save([path: text]) }
            }
            return (saved, patched)
        }

        func page(_ path: String) -> String {
            last.pages?.page(at: path).flatMap { try? $0.get() }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        }

        deinit { site.remove() }
    }

    @Test func aSaveOfNotesAloneIsPatched() {
        let served = Served()
        #expect(!served.last.isPatched, "the first render is whole")
        _ = served.page("g/npcs/bob.html")
        _ = served.page("g/npcs/alba.html")
        let patched = served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nAlone, and **tired**.\n"])
        #expect(patched.isPatched)
        #expect(patched.pages?.madeCount == 1, "Alba's page is kept, Bob's made again")
        #expect(served.page("g/npcs/bob.html").contains("<strong>tired</strong>"))
        served.matchesCleanRender("notes edited")
        // Saved again: patched from the patch.
        #expect(served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nRested now.\n"]).isPatched)
        served.matchesCleanRender("edited twice")
    }

    @Test func aSaveThatChangedNothingIsPatched() {
        let served = Served()
        let again = served.save(["Content/g/npcs/bob.md": Self.files["Content/g/npcs/bob.md"]!])
        #expect(again.isPatched)
        served.matchesCleanRender("nothing changed")
    }

    @Test func theDiagnosticsOfPatchedNotesComeAndGo() {
        let served = Served()
        let broken = served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nAlone.\n\nSee [[Nobody]].\n"])
        // A link to nothing adds no mention, so the note is still patched, with its warning.
        #expect(broken.isPatched)
        #expect(broken.diagnostics.all.contains { $0.code == "dangling-link" && $0.location?.path == "Content/g/npcs/bob.md" })
        served.matchesCleanRender("a link to nothing")
        let fixed = served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nAlone again.\n"])
        #expect(fixed.isPatched)
        #expect(!fixed.diagnostics.all.contains { $0.code == "dangling-link" })
        served.matchesCleanRender("the link removed")
    }

    @Test func anErrorInPatchedNotesFailsTheSiteUntilFixed() {
        let served = Served(Self.files.merging(["Content/g/locations/eve.md": "---\nname: Eve\n---\nA place.\n",
                                                "Content/g/npcs/eve.md": "---\nname: Eve\n---\nA person.\n"]) { $1 })
        served.matchesCleanRender("two Eves")
        // `[[Eve]]` names both: an error, found by the patch.
        let failed = served.save(["Content/g/locations/cave.md": "---\nname: Cave\n---\nDark. [[Eve]]?\n"])
        #expect(failed.pages == nil)
        #expect(failed.diagnostics.all.contains { $0.code == "ambiguous-link" })
        #expect(failed.diagnostics.all == SiteBuild(options: served.options).render().diagnostics.all)
        let fixed = served.save(["Content/g/locations/cave.md": "---\nname: Cave\n---\nDarker.\n"])
        #expect(fixed.isPatched)
        served.matchesCleanRender("fixed")
    }

    /// Changes that reach other entries' pages, tags, headings or previews are made whole.
    @Test(arguments: [
        ("a new link: a mention on Bob's page", "Content/g/locations/cave.md", "---\nname: Cave\n---\nDark. Bob? [[Bob]].\n"),
        ("a link gone", "Content/g/npcs/alba.md", "---\nname: Alba\nlocations: [cave]\n---\nKnows nobody. #lore\n\n## Trades\n\nSells maps.\n"),
        ("an inline tag", "Content/g/npcs/bob.md", "---\nname: Bob\n---\nAlone. #hermit\n"),
        ("a heading linked to", "Content/g/npcs/alba.md", "---\nname: Alba\nlocations: [cave]\n---\nKnows [[Bob]]. #lore\n\n## Wares\n\nSells maps.\n"),
        ("a note that links to a heading", "Content/g/npcs/cid.md", "---\nname: Cid\n---\nEmbeds ![[Dora]] and goes to [[Alba#Trades]] now.\n"),
        ("an embedded note", "Content/g/npcs/dora.md", "---\nname: Dora\n---\nAnother preview.\n"),
        ("the front matter", "Content/g/npcs/bob.md", "---\nname: Bob\nmerchant: true\n---\nAlone.\n"),
        ("a name from the first heading", "Content/g/locations/cave.md", "---\n---\n# Grotto\n\nDark.\n"),
        ("a data file's entry added", "Content/g/quests/hunt.yml", "- name: Hunt\n  notes: In [[Cave]].\n- name: Fish\n- name: Dive\n"),
        ("a data file's last entry removed", "Content/g/quests/hunt.yml", "- name: Hunt\n  notes: In [[Cave]].\n"),
        ("a data file's entry renamed", "Content/g/quests/hunt.yml", "- name: Hunt\n  notes: In [[Cave]].\n- name: Fishing\n"),
        ("a data file's entries swapped", "Content/g/quests/hunt.yml", "- name: Fish\n- name: Hunt\n  notes: In [[Cave]].\n"),
        ("a data file's note linking elsewhere", "Content/g/quests/hunt.yml", "- name: Hunt\n  notes: In [[Bob]]'s cave.\n- name: Fish\n"),
        ("game.md", "Content/g/game.md", "---\ntitle: G\n---\nStart with [[Alba]] today.\n"),
        ("the settings", "questlog.yml", "title: Other\ndangling_links: warning\n"),
        ("a template", "Templates/partials/tags.mustache", "<p>tags</p>\n"),
        ("a new entry", "Content/g/npcs/eve.md", "---\nname: Eve\n---\nNew.\n"),
    ] as [(String, String, String)])
    func aSaveThatReachesFurtherIsMadeWhole(what: String, path: String, text: String) {
        let served = Served()
        for path in served.last.pages?.paths ?? [] { _ = served.page(path) }
        #expect(!served.save([path: text]).isPatched, "\(what)")
        served.matchesCleanRender("\(what)")
        // And the next save of notes alone is patched again.
        let next = path == "Content/g/npcs/bob.md" ? ["Content/g/locations/cave.md": "---\nname: Cave\n---\nDark and cold.\n"]
            : ["Content/g/npcs/bob.md": "---\nname: Bob\n---\nStill alone.\n"]
        #expect(served.save(next).isPatched, "after \(what)")
        served.matchesCleanRender("after \(what)")
    }

    static let valueFiles = files.merging([
        "Content/g/npcs/alba.md": "---\nname: Alba\nmerchant: false\nlocations: [cave]\naliases: [Al]\ntags: [trader]\n---\nKnows [[Bob]]. #lore\n\n## Trades\n\nSells maps.\n",
        "Content/g/quests/ride.md": "---\nname: Ride\ncomplete: false\nlocation: cave\nlevel: 3\n---\nRide out.\n",
        "Content/g/locations/cave.md": "---\nname: Cave\nregion: North\ncleared: false\n---\nDark.\n",
        "Content/g/locations/den.md": "---\nname: Den\nregion: East\n---\nA den.\n",
        "Content/g/locations/den2.md": "---\nname: Den\nregion: West\n---\nAnother den.\n",
    ]) { $1 }

    /// The entries of a data file are patched as a Markdown file's entry is: a note edited, a
    /// value saved, each alone in its entry.
    @Test func aSaveOfADataFilesNotesOrValuesIsPatched() {
        let served = Served()
        for path in served.last.pages?.paths ?? [] { _ = served.page(path) }
        let notes = served.save(["Content/g/quests/hunt.yml": "- name: Hunt\n  notes: Still in [[Cave]].\n- name: Fish\n"])
        #expect(notes.isPatched && !notes.patchedFields)
        #expect(served.page("g/quests/hunt.html").contains("Still in"))
        served.matchesCleanRender("a data file's note")
        let value = served.save(["Content/g/quests/hunt.yml": "- name: Hunt\n  notes: Still in [[Cave]].\n- name: Fish\n  complete: true\n"])
        #expect(!value.isPatched, "a field added is not a value changed")
        served.matchesCleanRender("a field added")
        let flipped = served.save(["Content/g/quests/hunt.yml": "- name: Hunt\n  notes: Still in [[Cave]].\n- name: Fish\n  complete: false\n"])
        #expect(flipped.isPatched && flipped.patchedFields)
        served.matchesCleanRender("a data file's value")
    }

    /// A field the kind does not declare is shown as it is written: a new value is patched too,
    /// its warning kept.
    @Test func aValueOfAnUndeclaredFieldIsPatched() {
        let served = Served(Self.valueFiles)
        let shown = served.save(["Content/g/quests/ride.md": "---\nname: Ride\ncomplete: false\nlocation: cave\nlevel: 4\n---\nRide out.\n"])
        #expect(shown.patchedFields)
        served.matchesCleanRender("an undeclared field")
    }

    /// A playthrough's progress lists (what `questlog mark` and the live checkboxes write) are
    /// patched: progress everywhere, and the playthrough's links in the graph.
    @Test func aPlaythroughsProgressIsPatched() {
        let wren = "---\nname: Wren\nclass: Samurai\ncomplete: [ride]\ncleared: []\n---\nA run.\n"
        let served = Served(Self.valueFiles.merging(["Content/g/playthroughs/wren.md": wren,
                                                     "Content/g/playthroughs/kaito.md": "---\nname: Kaito\ncomplete: []\n---\n"]) { $1 })
        served.matchesCleanRender("two playthroughs")
        for path in served.last.pages?.paths ?? [] { _ = served.page(path) }
        let ticked = served.save(["Content/g/playthroughs/wren.md": wren.replacingOccurrences(of: "complete: [ride]", with: "complete: [ride, hunt]")])
        #expect(ticked.patchedFields)
        served.matchesCleanRender("a quest ticked off")
        let cleared = served.save(["Content/g/playthroughs/wren.md": wren.replacingOccurrences(of: "cleared: []", with: "cleared: [cave, den2]")])
        #expect(cleared.patchedFields)
        served.matchesCleanRender("places cleared, a quest unticked")
        #expect(served.save(["Content/g/playthroughs/wren.md": wren.replacingOccurrences(of: "class: Samurai", with: "class: Monk")]).patchedFields)
        served.matchesCleanRender("another class")
        // A list that names nothing warns: made whole, as its warning is new.
        let wrong = served.save(["Content/g/playthroughs/wren.md": wren.replacingOccurrences(of: "complete: [ride]", with: "complete: [ride, nowhere]")])
        #expect(!wrong.patchedFields)
        served.matchesCleanRender("a list naming nothing")
        #expect(served.save(["Content/g/playthroughs/wren.md": wren]).patchedFields == false, "its warning goes: made whole")
        served.matchesCleanRender("mended")
    }

    /// A save that changes the values of fields no other entry depends on is patched in place:
    /// the entry's page, the tables, the progress and the pictures show the new values.
    @Test func aSaveOfFieldValuesAloneIsPatched() {
        let served = Served(Self.valueFiles)
        for path in served.last.pages?.paths ?? [] { _ = served.page(path) }
        let merchant = served.save(["Content/g/npcs/alba.md": Self.valueFiles["Content/g/npcs/alba.md"]!.replacingOccurrences(of: "merchant: false", with: "merchant: true")])
        #expect(merchant.isPatched && merchant.patchedFields)
        served.matchesCleanRender("a merchant now")
        // A quest done: the game's progress moves.
        let before = served.page("g/index.html")
        let done = served.save(["Content/g/quests/ride.md": "---\nname: Ride\ncomplete: true\nlocation: cave\nlevel: 3\n---\nRide out.\n"])
        #expect(done.isPatched && done.patchedFields)
        #expect(served.page("g/index.html") != before)
        served.matchesCleanRender("a quest done")
        // The region of a place whose name no other place has, and a location cleared.
        #expect(served.save(["Content/g/locations/cave.md": "---\nname: Cave\nregion: South\ncleared: true\n---\nDark.\n"]).patchedFields)
        served.matchesCleanRender("a region and a clearing")
        // Notes saved next: patched from the patch.
        let notes = served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nAlone still.\n"])
        #expect(notes.isPatched && !notes.patchedFields)
        served.matchesCleanRender("notes after values")
    }

    /// New tags are merged with the inline tags of the entry's notes, as a build merges them.
    @Test(arguments: ["tags: [smith]", "tags: [lore, smith]", "tags: [Lore]", "tags: []"])
    func newTagsArePatched(tags: String) {
        let served = Served(Self.valueFiles)
        for path in served.last.pages?.paths ?? [] { _ = served.page(path) }
        let alba = Self.valueFiles["Content/g/npcs/alba.md"]!
        #expect(served.save(["Content/g/npcs/alba.md": alba.replacingOccurrences(of: "tags: [trader]", with: tags)]).patchedFields)
        served.matchesCleanRender(Comment(rawValue: tags))
        #expect(served.page("g/npcs/alba.html").contains("lore"), "the inline tag stays")
    }

    /// Values that reach other entries, the index or the notes are made whole.
    @Test(arguments: [
        ("a name a link goes by", "Content/g/npcs/alba.md", "name: Alba", "name: Albane"),
        ("a name another entry has", "Content/g/npcs/alba.md", "name: Alba", "name: Bob"),
        ("an alias that is another entry's name", "Content/g/npcs/alba.md", "aliases: [Al]", "aliases: [Cid]"),
        ("a reference that names nothing", "Content/g/npcs/alba.md", "locations: [cave]", "locations: [cave, nowhere]"),
        ("a draft", "Content/g/quests/ride.md", "complete: false", "draft: true"),
        ("a value of the wrong type", "Content/g/quests/ride.md", "complete: false", "complete: maybe"),
        ("the region that tells two dens apart", "Content/g/locations/den.md", "region: East", "region: North"),
        ("a value and the notes", "Content/g/locations/cave.md", "cleared: false\n---\nDark.", "cleared: true\n---\nLight."),
    ] as [(String, String, String, String)])
    func aSaveOfValuesThatReachFurtherIsMadeWhole(what: String, path: String, old: String, new: String) {
        let served = Served(Self.valueFiles)
        for path in served.last.pages?.paths ?? [] { _ = served.page(path) }
        let text = Self.valueFiles[path]!
        #expect(text.contains(old))
        let shown = served.save([path: text.replacingOccurrences(of: old, with: new)])
        #expect(!shown.patchedFields, "\(what)")
        served.matchesCleanRender("\(what)")
        // A failed build keeps nothing: mended, it is made whole.
        if shown.pages == nil { served.save([path: text]) }
        // And the next save of values alone is patched again.
        let next = path.contains("alba") ? ["Content/g/locations/cave.md": "---\nname: Cave\nregion: North\ncleared: true\n---\nDark.\n"]
            : ["Content/g/npcs/alba.md": Self.valueFiles["Content/g/npcs/alba.md"]!.replacingOccurrences(of: "merchant: false", with: "merchant: true")]
        #expect(served.save(next).patchedFields, "after \(what)")
        served.matchesCleanRender("after \(what)")
    }

    @Test func aRemovedFileIsMadeWhole() {
        let served = Served()
        #expect(!served.save(["Content/g/npcs/bob.md": nil]).isPatched)
        served.matchesCleanRender("a file removed")
    }

    /// An editor's save may write and remove files of its own beside the one saved (Vim's `4913`):
    /// gone by the time the save is served, they change nothing. A file of the last build that is
    /// gone, or a folder of them, does.
    @Test func filesThatCameAndWentAreNoChange() throws {
        let served = Served(Self.files.merging(["Content/g/npcs/bob.txt": "A file to publish.\n"]) { $1 })
        #expect(served.save(["Content/g/npcs/4913": nil, "Content/g/npcs/bob.md": "---\nname: Bob\n---\nSaved by Vim.\n"]).isPatched)
        served.matchesCleanRender("a short-lived file")
        #expect(!served.save(["Content/g/npcs/bob.txt": nil]).isPatched, "a published file removed")
        served.matchesCleanRender("a published file removed")
        try FileManager.default.moveItem(atPath: served.site.root + "/Content/g/locations", toPath: served.site.root + "/moved")
        #expect(!served.save(["Content/g/locations": nil]).isPatched, "a folder of entries moved away")
        served.matchesCleanRender("a folder moved away")
    }

    /// A save that is built whole still takes every file not saved from the memo, unread: the
    /// watcher names each file that changed (a folder for all the files under it).
    @Test func filesNotSavedAreNotReadAgain() {
        let served = Served()
        // Written behind the watcher's back: not read, as nothing said it changed.
        served.site.write("Content/g/npcs/dora.md", "---\nname: Dora\n---\nUnseen.\n")
        served.save(["Content/g/npcs/bob.md": "---\nname: Bob\nmerchant: true\n---\nAlone.\n"])
        #expect(!served.last.isPatched)
        #expect(!served.page("g/npcs/dora.html").contains("Unseen."))
        served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nAlone.\n"])
        #expect(!served.page("g/npcs/dora.html").contains("Unseen."), "only bob.md named")
        // Its folder named as changed: read again.
        served.last = SiteBuild(options: served.options).renderServed(memo: served.memo, changed: ["Content/g/npcs"])
        #expect(served.page("g/npcs/dora.html").contains("Unseen."))
        served.matchesCleanRender("the folder read again")
    }

    @Test func otherOptionsAreMadeWhole() {
        let served = Served()
        served.options.includeDrafts = false
        #expect(!served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nOther options.\n"]).isPatched)
        served.matchesCleanRender("drafts left out")
    }

    /// A failed build keeps nothing to patch: the next save is made whole.
    @Test func aFailedBuildIsNotPatched() {
        let served = Served()
        #expect(served.save(["Content/g/npcs/bob.md": "---\nname: [Bob\n---\nBroken.\n"]).diagnostics.hasErrors)
        #expect(!served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nMended.\n"]).isPatched)
        served.matchesCleanRender("mended")
        #expect(served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nMended twice.\n"]).isPatched)
        served.matchesCleanRender("mended twice")
    }

    /// A page made from the patched site shows the entry's new notes everywhere they are shown:
    /// the entry's page, the search index and the exports.
    @Test func searchAndExportsShowPatchedNotes() {
        let served = Served()
        served.save(["Content/g/npcs/bob.md": "---\nname: Bob\n---\nSpeaks of zanzibar.\n"])
        #expect(served.last.isPatched)
        let shown = served.shown()
        #expect(shown.contains { $0.key.hasPrefix(ExportDownload.folder) && String(decoding: $0.value, as: UTF8.self).contains("zanzibar") })
        #expect(shown.contains { $0.key.hasPrefix(SearchIndex.folder) && String(decoding: $0.value, as: UTF8.self).contains("zanzibar") })
    }
}
