import Immortal
@testable import QuestlogCore
import Testing

@Suite("A site made immortal keeps every value, and copies before it changes")
struct SiteImmortalTests {
    @Test func everyLongStringOfTheSiteIsMadeImmortalAndNothingChanges() throws {
        try #require(Immortal.isAvailable)
        let fixture = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site")
        defer { fixture.remove() }
        let (site, diagnostics) = fixture.resolve()
        #expect(!diagnostics.hasErrors)
        let games = site.games
        site.makeImmortal()
        #expect(site.games == games)

        var checked = 0
        for game in site.games {
            for entry in game.entries.values.joined() {
                for text in [entry.name, entry.displayName, entry.path, entry.source.path, entry.notes.html] where text.utf8.count > 15 {
                    #expect(Immortal.isImmortal(text), "\(entry.ref): \(text.prefix(40))")
                    checked += 1
                }
                for case let .string(text) in entry.fields.values where text.utf8.count > 15 {
                    #expect(Immortal.isImmortal(text), "\(entry.ref): \(text.prefix(40))")
                    checked += 1
                }
                for case let .ref(ref) in entry.fields.values where ref.id.utf8.count > 15 {
                    #expect(Immortal.isImmortal(ref.id), "\(entry.ref): \(ref.id)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20, "the fixture has long names, paths and notes to check")
        for kind in site.schema.kinds where kind.fields.count > 1 {
            #expect(Immortal.isImmortal(at: unsafeBitCast(kind.fields, to: UInt.self)), "\(kind.id)")
        }
    }

    @Test func aChangedCopyLeavesTheImmortalSiteAsItWas() throws {
        try #require(Immortal.isAvailable)
        let fixture = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/wiki/site")
        defer { fixture.remove() }
        let site = fixture.resolve().site
        site.makeImmortal()
        let games = site.games
        let first = try #require(site.games.first?.entries.values.joined().first)
        var changed = site
        var renamed = first
        renamed.name = first.name + " the Renamed"
        let replaced = changed.replaceEntry(renamed)
        let notesReplaced = changed.replaceNotes(of: first.ref, with: Notes(markdown: "New", html: "<p>New</p>\n", plainText: "New", headings: []))
        #expect(replaced && notesReplaced)
        #expect(changed.entry(first.ref)?.name == first.name + " the Renamed")
        #expect(changed.entry(first.ref)?.notes.html == "<p>New</p>\n")
        #expect(site.entry(first.ref) == first)
        #expect(site.games == games)
    }
}
