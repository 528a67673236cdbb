import Foundation
@testable import QuestlogCore
import Testing

/// `serve` patches a save that changed the references an entry's front matter makes, with the same
/// problems before and after (`KeptResolve.patch(fields:)`): the entries it names or no longer names
/// list it among their relations, in order, and the graph takes the connections; the result is what
/// rendering from nothing gives.
struct ServedReferenceTests {
    typealias Served = ServedPatchTests.Served

    static let files = ServedRenameTests.files.merging([
        "Content/g/locations/hill.md": "---\nname: Hill\n---\nA hill.\n",
        "Content/g/quests/ride.md": "---\nname: Ride\nlocation: hill\n---\nRide out.\n",
        "Content/g/npcs/eve.md": "---\nname: Eve\nlocations: [hill]\n---\nA stranger on [[hill]]. Knows [[cid]].\n",
    ]) { $1 }

    @Test(arguments: [
        ("a location added", "Content/g/npcs/bob.md", "locations: [cave]", "locations: [cave, hill]"),
        ("a location taken away", "Content/g/npcs/alba.md", "locations: [cave, den]", "locations: [den]"),
        ("every location taken away", "Content/g/npcs/cid.md", "locations: [cave]", "locations: []"),
        ("a second location", "Content/g/npcs/eve.md", "locations: [hill]", "locations: [hill, den]"),
        ("one location for another", "Content/g/npcs/bob.md", "locations: [cave]", "locations: [hill]"),
        ("the same locations in another order", "Content/g/npcs/alba.md", "locations: [cave, den]", "locations: [den, cave]"),
        ("a reference by name", "Content/g/npcs/bob.md", "locations: [cave]", "locations: [Hill]"),
        ("a quest's location", "Content/g/quests/ride.md", "location: hill", "location: cave"),
        ("a quest given", "Content/g/npcs/bob.md", "quests: [hunt]", "quests: [hunt, ride]"),
        ("a quest no longer given", "Content/g/npcs/bob.md", "quests: [hunt]", "quests: []"),
        ("a parent", "Content/g/locations/den.md", "parent: cave", "parent: hill"),
        ("a place its notes link to, taken away", "Content/g/npcs/eve.md", "locations: [hill]", "locations: []"),
        ("a reference and a value", "Content/g/npcs/bob.md", "merchant: false\nlocations: [cave]", "merchant: true\nlocations: [den]"),
        ("a reference and a name", "Content/g/npcs/bob.md", "name: Bob\nmerchant: false\nlocations: [cave]", "name: Zed\nmerchant: false\nlocations: [hill]"),
    ] as [(String, String, String, String)])
    func aNewReferenceIsPatched(what: String, path: String, old: String, new: String) {
        let served = Served(site: TestSite(Self.files))
        served.matchesCleanRender("before")
        for page in served.last.pages?.paths ?? [] { _ = served.page(page) }
        let shown = served.save(ServedRenameTests.edited(path, old, new, in: Self.files))
        #expect(shown.isPatched && shown.patchedFields, "\(what)")
        served.matchesCleanRender("\(what)")
        #expect(served.save([path: Self.files[path]!]).patchedFields, "\(what), undone")
        served.matchesCleanRender("\(what), undone")
    }

    @Test func theEntriesNamedListItInOrder() {
        let served = Served(site: TestSite(Self.files))
        #expect(served.save(ServedRenameTests.edited("Content/g/npcs/eve.md", "locations: [hill]", "locations: [cave]", in: Self.files)).patchedFields)
        let cave = served.page("g/locations/cave.html")
        let names = ["Alba", "Bob", "Cid", "Eve"].compactMap { cave.range(of: ">\($0)<")?.lowerBound }
        #expect(names.count == 4 && names == names.sorted(), "the cave lists its NPCs by name, Eve last")
        #expect(served.save(ServedRenameTests.edited("Content/g/npcs/bob.md", "locations: [cave]", "locations: []", in: Self.files)).patchedFields)
        #expect(!served.page("g/locations/cave.html").contains(">Bob<"))
    }

    /// A save that renames an entry and writes a reference by name: the next rename sees that
    /// reference.
    @Test func aReferenceWrittenWithARenameIsSeenByTheNextRename() {
        let served = Served(site: TestSite(Self.files))
        let bob = Self.files["Content/g/npcs/bob.md"]!
        #expect(served.save(["Content/g/npcs/bob.md": bob.replacingOccurrences(of: "name: Bob", with: "name: Zed")
                .replacingOccurrences(of: "locations: [cave]", with: "locations: [Hill]")]).patchedFields)
        served.matchesCleanRender("renamed, and a reference by name")
        // Bob's reference goes by the hill's name: renaming the hill is made whole, and reported.
        #expect(!served.save(ServedRenameTests.edited("Content/g/locations/hill.md", "name: Hill", "name: Mound", in: Self.files)).patchedFields)
        served.matchesCleanRender("the hill renamed")
    }

    /// References from another game (`g/cave`): they reach the entries of this one, and a rename
    /// here sees those written by name there.
    @Test func referencesAcrossGames() {
        let files = Self.files.merging([
            "Content/h/game.md": "---\ntitle: H\n---\n",
            "Content/h/npcs/hal.md": "---\nname: Hal\nlocations: [g/cave]\n---\nA visitor.\n",
            "Content/h/npcs/ivy.md": "---\nname: Ivy\nlocations: [g/Hill]\n---\nAnother.\n",
        ]) { $1 }
        let served = Served(site: TestSite(files))
        served.matchesCleanRender("two games")
        #expect(served.save(ServedRenameTests.edited("Content/h/npcs/hal.md", "locations: [g/cave]", "locations: [g/den, g/cave]", in: files)).patchedFields)
        served.matchesCleanRender("a reference to another game's place added")
        #expect(served.save(ServedRenameTests.edited("Content/h/npcs/hal.md", "locations: [g/cave]", "locations: []", in: files)).patchedFields)
        served.matchesCleanRender("every reference to the other game taken away")
        #expect(served.save(["Content/h/npcs/hal.md": files["Content/h/npcs/hal.md"]!]).patchedFields)
        // The cave is named by its id from the other game: renamed in place.
        #expect(served.save(ServedRenameTests.edited("Content/g/locations/cave.md", "name: Cave", "name: Grotto", in: files)).patchedFields)
        served.matchesCleanRender("a place the other game names by its id, renamed")
        // The hill is named by its name from the other game: made whole.
        #expect(!served.save(ServedRenameTests.edited("Content/g/locations/hill.md", "name: Hill", "name: Mound", in: files)).patchedFields)
        served.matchesCleanRender("a place the other game names by its name, renamed")
    }

    /// A `url` field names a web page or a file of the site: a new one is patched, one that names
    /// no file is made whole and reported.
    @Test func aNewFileOrLinkIsPatched() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3]
        let files = Self.files.merging(["Content/g/npcs/bob.md": "---\nname: Bob\nimage: bob.png\n---\nAlone.\n"]) { $1 }
        let site = TestSite(files)
        site.write("Content/g/npcs/bob.png", bytes: png)
        site.write("Content/g/npcs/bob2.png", bytes: png + [0])
        let served = Served(site: site)
        served.matchesCleanRender("a picture")
        for (what, image) in [("another picture", "bob2.png"), ("a picture on the web", "https://example.org/bob.png"), ("the first picture", "bob.png")] {
            #expect(served.save(["Content/g/npcs/bob.md": "---\nname: Bob\nimage: \(image)\n---\nAlone.\n"]).patchedFields, "\(what)")
            served.matchesCleanRender("\(what)")
        }
        #expect(!served.save(["Content/g/npcs/bob.md": "---\nname: Bob\nimage: nobody.png\n---\nAlone.\n"]).patchedFields)
        served.matchesCleanRender("a picture that is not there")
    }

    /// References whose change reaches further: made whole.
    @Test(arguments: [
        ("a reference that names nothing", "Content/g/npcs/bob.md", "locations: [cave]", "locations: [cave, nowhere]"),
        ("a reference to the wrong kind", "Content/g/npcs/bob.md", "locations: [cave]", "locations: [alba]"),
        ("a field written as another type", "Content/g/npcs/bob.md", "locations: [cave]", "locations: 3"),
    ] as [(String, String, String, String)])
    func aReferenceThatReachesFurtherIsMadeWhole(what: String, path: String, old: String, new: String) {
        let served = Served(site: TestSite(Self.files))
        let shown = served.save(ServedRenameTests.edited(path, old, new, in: Self.files))
        #expect(!shown.patchedFields, "\(what)")
        served.matchesCleanRender("\(what)")
        served.save([path: Self.files[path]!])
        served.matchesCleanRender("\(what), undone")
    }

    /// The parent of a place that shares its name with another tells the two apart in their names:
    /// a new one is made whole.
    @Test func aParentThatTellsTwoPlacesApartIsMadeWhole() {
        let files = Self.files.merging(["Content/g/locations/den.md": "---\nname: Hollow\nparent: cave\n---\nA den.\n",
                                        "Content/g/locations/den2.md": "---\nname: Hollow\nparent: hill\n---\nAnother den.\n"]) { $1 }
        let served = Served(site: TestSite(files))
        #expect(!served.save(ServedRenameTests.edited("Content/g/locations/den.md", "parent: cave", "parent: den2", in: files)).patchedFields)
        served.matchesCleanRender("a parent that tells two hollows apart")
    }

    /// A game whose entries were connected by one reference alone loses its graph page with it, and
    /// gets it back.
    @Test func theGraphPageComesAndGoesWithTheOnlyConnection() {
        let files = [
            "Content/g/game.md": "---\ntitle: G\n---\n",
            "Content/g/npcs/ann.md": "---\nname: Ann\nlocations: [pit]\n---\nAlone.\n",
            "Content/g/locations/pit.md": "---\nname: Pit\n---\nDeep.\n",
        ]
        let served = Served(site: TestSite(files))
        let graph = served.last.pages?.paths.filter { $0.contains("graph") } ?? []
        #expect(!graph.isEmpty)
        #expect(served.save(ServedRenameTests.edited("Content/g/npcs/ann.md", "locations: [pit]", "locations: []", in: files)).patchedFields)
        served.matchesCleanRender("the only connection gone")
        #expect(served.last.pages?.paths.filter { $0.contains("graph") } != graph)
        #expect(served.save(["Content/g/npcs/ann.md": files["Content/g/npcs/ann.md"]!]).patchedFields)
        served.matchesCleanRender("the connection back")
    }

    /// In every valid fixture site, the first item of each list in each entry's front matter taken
    /// away, one file after another while served: each time, what is served is what rendering from
    /// nothing gives.
    @Test(arguments: ["wiki", "tabletop", "playthroughs", "scraped-wiki"])
    func everyListOfTheFixturesShortened(fixture: String) throws {
        let (saved, patched) = try Served.editingEveryEntry(of: fixture) { text in
            guard text.hasPrefix("---"), let end = text.range(of: "\n---", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) else { return nil }
            // The first flow list with an item, `key: [a, b]` → `key: [b]`.
            guard let line = text[..<end.lowerBound].split(separator: "\n").first(where: { $0.contains(": [") && $0.hasSuffix("]") && !$0.hasSuffix("[]") }),
                  let open = line.range(of: ": [") else { return nil }
            let items = line[open.upperBound..<line.index(before: line.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
            let shorter = line[..<open.upperBound] + items.dropFirst().joined(separator: ",").trimmingCharacters(in: .whitespaces) + "]"
            return (text.replacingOccurrences(of: String(line), with: String(shorter)), "\(line) → \(shorter)")
        }
        #expect(saved > 2, "\(fixture) has lists to shorten")
        #expect(patched > 0, "\(fixture): some are patched")
    }
}
