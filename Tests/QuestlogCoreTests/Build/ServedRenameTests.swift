import Foundation
@testable import QuestlogCore
import Testing

/// `serve` patches a save that gave an entry another name or other aliases, when no other entry,
/// reference or link goes by a name it took or left (`KeptResolve.canRename`): the result is what
/// rendering from nothing gives, and any other rename is made whole.
struct ServedRenameTests {
    typealias Served = ServedPatchTests.Served

    /// Links and references by id, so that names can change under them: Bob is linked to from
    /// three notes (one a data file's, one with a label of its own), gives a quest and stands in
    /// the cave among others; Dora is embedded and links to herself; Alba has a heading linked to.
    static let files = [
        "Content/g/game.md": "---\ntitle: G\n---\nStart with [[alba]] and [[npc:bob]].\n",
        "Content/g/npcs/alba.md": "---\nname: Alba\nlocations: [cave, den]\naliases: [Al]\n---\nKnows [[bob]] and shows ![[dora]]. #lore\n\n## Trades\n\nSells maps.\n",
        "Content/g/npcs/bob.md": "---\nname: Bob\nmerchant: false\nlocations: [cave]\nquests: [hunt]\n---\nAlone. Ask about [[alba#Trades]].\n",
        "Content/g/npcs/cid.md": "---\nname: Cid\nlocations: [cave]\n---\nFriend of [[bob|the hermit]].\n",
        "Content/g/npcs/dora.md": "---\nname: Dora\n---\nA preview of Dora, who is [[dora]].\n",
        "Content/g/locations/cave.md": "---\nname: Cave\nregion: North\n---\nDark.\n",
        "Content/g/locations/den.md": "---\nname: Den\nparent: cave\n---\nA den.\n",
        "Content/g/quests/hunt.yml": "- id: hunt\n  name: Hunt\n  location: cave\n  notes: Ask [[bob]].\n- id: fish\n  name: Fish\n",
    ]

    /// The text of `path` with `old` written as `new`.
    static func edited(_ path: String, _ old: String, _ new: String, in files: [String: String] = files) -> [String: String?] {
        let text = files[path]!
        #expect(text.contains(old), "\(path) has \(old)")
        return [path: text.replacingOccurrences(of: old, with: new)]
    }

    @Test(arguments: [
        ("a name that sorts last", "Content/g/npcs/bob.md", "name: Bob", "name: Zed"),
        ("a name that sorts first", "Content/g/npcs/cid.md", "name: Cid", "name: Aaron"),
        ("the case of a name", "Content/g/npcs/bob.md", "name: Bob", "name: BOB"),
        ("an embedded entry that links to itself", "Content/g/npcs/dora.md", "name: Dora", "name: Theodora"),
        ("an entry with a heading linked to", "Content/g/npcs/alba.md", "name: Alba", "name: Alma"),
        ("another alias", "Content/g/npcs/alba.md", "aliases: [Al]", "aliases: [Ally, Albie]"),
        ("the alias made the name", "Content/g/npcs/alba.md", "name: Alba\nlocations: [cave, den]\naliases: [Al]", "name: Al\nlocations: [cave, den]\naliases: [Alba]"),
        ("a parent whose children have names of their own", "Content/g/locations/cave.md", "name: Cave", "name: Grotto"),
        ("a name and a value", "Content/g/npcs/bob.md", "name: Bob\nmerchant: false", "name: Robert\nmerchant: true"),
    ] as [(String, String, String, String)])
    func aNewNameIsPatched(what: String, path: String, old: String, new: String) {
        let served = Served(site: TestSite(Self.files))
        served.matchesCleanRender("before")
        for page in served.last.pages?.paths ?? [] { _ = served.page(page) }
        let shown = served.save(Self.edited(path, old, new))
        #expect(shown.isPatched && shown.patchedFields, "\(what)")
        served.matchesCleanRender("\(what)")
        // And back: patched again.
        #expect(served.save([path: Self.files[path]!]).patchedFields, "\(what), undone")
        served.matchesCleanRender("\(what), undone")
    }

    @Test func theNewNameIsShownWhereverTheEntryIs() {
        let served = Served(site: TestSite(Self.files))
        let before = served.page("g/npcs/index.html")
        #expect(served.save(Self.edited("Content/g/npcs/bob.md", "name: Bob", "name: Zed")).patchedFields)
        #expect(served.page("g/npcs/bob.html").contains("Zed"))
        #expect(served.page("g/npcs/alba.html").contains(">Zed<"), "Alba's note links to it by its name")
        #expect(served.page("g/locations/cave.html").contains("Zed"), "the cave lists it")
        #expect(served.page("g/npcs/cid.html").contains(">the hermit<"), "a link with a label of its own keeps it")
        let listed = served.page("g/npcs/index.html")
        #expect(listed != before)
        let zed = listed.range(of: "Zed"), cid = listed.range(of: "Cid")
        #expect(zed != nil && cid != nil && zed!.lowerBound > cid!.lowerBound, "listed after Cid now")
    }

    /// Renames that reach other entries: made whole, and the next rename is patched again.
    @Test(arguments: [
        ("a name a link goes by", ["Content/g/npcs/cid.md": "---\nname: Cid\nlocations: [cave]\n---\nFriend of [[Bob]].\n"],
         "Content/g/npcs/bob.md", "name: Bob", "name: Zed"),
        ("a name a reference goes by", ["Content/g/npcs/cid.md": "---\nname: Cid\nlocations: [Cave]\n---\nFriend of [[bob]].\n"],
         "Content/g/locations/cave.md", "name: Cave", "name: Grotto"),
        ("an alias a reference goes by", ["Content/g/npcs/cid.md": "---\nname: Cid\nlocations: [cave]\nquests: [Hunt]\n---\nFriend.\n"],
         "Content/g/npcs/alba.md", "aliases: [Al]", "aliases: [Hunt]"),
        ("a name another entry has", [:], "Content/g/npcs/bob.md", "name: Bob", "name: Cid"),
        ("a name another kind has", [:], "Content/g/npcs/bob.md", "name: Bob", "name: Cave"),
        ("a name that is another entry's id", [:], "Content/g/npcs/bob.md", "name: Bob", "name: Den"),
        ("an alias another entry has", [:], "Content/g/npcs/alba.md", "aliases: [Al]", "aliases: [Dora]"),
        ("a name while a link names nothing", ["questlog.yml": "dangling_links: warning\n",
                                               "Content/g/npcs/cid.md": "---\nname: Cid\nlocations: [cave]\n---\nFriend of [[Zed]].\n"],
         "Content/g/npcs/bob.md", "name: Bob", "name: Zed"),
        ("the parent that tells two hollows apart", ["Content/g/locations/den.md": "---\nname: Hollow\nparent: cave\n---\nA den.\n",
                                                     "Content/g/locations/den2.md": "---\nname: Hollow\nparent: hill\n---\nAnother den.\n",
                                                  "Content/g/locations/hill.md": "---\nname: Hill\n---\nA hill.\n"],
         "Content/g/locations/cave.md", "name: Cave", "name: Grotto"),
    ] as [(String, [String: String], String, String, String)])
    func aRenameThatReachesFurtherIsMadeWhole(what: String, extra: [String: String], path: String, old: String, new: String) {
        let files = Self.files.merging(extra) { $1 }
        let served = Served(site: TestSite(files))
        for page in served.last.pages?.paths ?? [] { _ = served.page(page) }
        let shown = served.save(Self.edited(path, old, new, in: files))
        #expect(!shown.patchedFields, "\(what)")
        served.matchesCleanRender("\(what)")
        served.save([path: files[path]!])
        served.matchesCleanRender("\(what), undone")
        let next = served.save(Self.edited("Content/g/npcs/dora.md", "name: Dora", "name: Theodora", in: files))
        #expect(next.patchedFields, "after \(what)")
        served.matchesCleanRender("after \(what)")
    }

    /// A link that names nothing elsewhere still names nothing after a rename, though it may
    /// suggest the new name: its note is rendered again, and the rename patched.
    @Test func aLinkThatNamesNothingSuggestsTheNewName() {
        let files = Self.files.merging(["questlog.yml": "dangling_links: warning\n",
                                        "Content/g/npcs/cid.md": "---\nname: Cid\nlocations: [cave]\n---\nFriend of [[Zorro]] and [[bob]].\n",
                                        "Content/g/quests/hunt.yml": "- id: hunt\n  name: Hunt\n  notes: Ask [[Zoro]].\n"]) { $1 }
        let served = Served(site: TestSite(files))
        #expect(served.last.diagnostics.all.count { $0.code == "dangling-link" } == 2)
        let shown = served.save(Self.edited("Content/g/npcs/bob.md", "name: Bob", "name: Zorra", in: files))
        #expect(shown.patchedFields)
        #expect(shown.diagnostics.all.contains { $0.message.contains("did you mean 'Zorra'") }, "\(shown.diagnostics.all.map(\.message))")
        served.matchesCleanRender("a suggestion of the new name")
        #expect(served.save(["Content/g/npcs/bob.md": files["Content/g/npcs/bob.md"]!]).patchedFields)
        served.matchesCleanRender("the old name again")
    }

    /// A patch that writes references (a playthrough's lists) is seen by the next rename.
    @Test func aReferenceAPatchAddsIsSeenByTheNextRename() {
        var files = Self.files
        files["Content/g/quests/ride.md"] = "---\nname: Ride\n---\nRide out.\n"
        files["Content/g/playthroughs/wren.md"] = "---\nname: Wren\ncomplete: []\n---\nA run.\n"
        let served = Served(site: TestSite(files))
        // A rename first, so that the references written are worked out and kept.
        #expect(served.save(Self.edited("Content/g/npcs/dora.md", "name: Dora", "name: Theodora", in: files)).patchedFields)
        // Ticked off by its name: the playthrough's lists patched.
        #expect(served.save(["Content/g/playthroughs/wren.md": "---\nname: Wren\ncomplete: [Ride]\n---\nA run.\n"]).patchedFields)
        served.matchesCleanRender("ticked off by name")
        // The quest renamed: the list's old name names nothing now, which a whole build reports.
        #expect(!served.save(Self.edited("Content/g/quests/ride.md", "name: Ride", "name: Gallop", in: files)).patchedFields)
        served.matchesCleanRender("the quest renamed")
    }

    /// Every entry of every valid fixture site that has a Markdown file of its own, renamed one
    /// after another while served: each time, what is served is what rendering from nothing gives.
    @Test(arguments: ["wiki", "tabletop", "playthroughs", "scraped-wiki"])
    func everyEntryOfTheFixturesRenamed(fixture: String) throws {
        var renamed = 0
        let (saved, patched) = try Served.editingEveryEntry(of: fixture) { text in
            // The first `name:` of the front matter, given a name no entry has.
            guard text.hasPrefix("---"), let line = text.split(separator: "\n", omittingEmptySubsequences: false)
                .first(where: { $0.hasPrefix("name: ") }) else { return nil }
            renamed += 1
            return (text.replacingOccurrences(of: String(line), with: "name: \"Renamed \(renamed)\""), "renamed")
        }
        #expect(saved > 3, "\(fixture) has entries to rename")
        #expect(patched > 0, "\(fixture): some renames are patched")
    }
}
