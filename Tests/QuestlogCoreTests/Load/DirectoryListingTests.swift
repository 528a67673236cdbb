@testable import QuestlogCore
import Testing
import TestSupport

struct DirectoryListingTests {
    /// What is never content, told by characters.
    static func ignoredByCharacters(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
            || name.hasSuffix(".tmp") || (name.hasPrefix("#") && name.hasSuffix("#"))
            || name == "Thumbs.db" || name == "desktop.ini"
    }

    @Test func namesAreIgnoredAsTheirCharactersSay() {
        let named = ["", ".", "..", ".git", "a~", "~", "x.swp", ".swp", "x.swo", "a.tmp", "#", "#a#", "#a", "a#", "Thumbs.db",
                     "thumbs.db", "xThumbs.db", "desktop.ini", "my desktop.ini", "npc-0-1.md", "a.SWP", "é.swp", ".\u{301}x",
                     "#\u{301}x#", "x.swp\u{301}", "\r\n", "a\r\n#", "#\r\n#"]
        let pieces = [".", "~", "#", "swp", "swo", "tmp", "Thumbs", "desktop", "ini", "db", "a", "Z", " ", "é", "\u{301}", "\r", "\n"]
        var random = SplitMix64(seed: 37)
        var names = named
        for _ in 0..<4_000 {
            names.append((0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for name in names {
            #expect(DirectoryListing.isIgnored(name) == Self.ignoredByCharacters(name), "\(name.debugDescription)")
        }
    }
}
