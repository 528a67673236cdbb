import Foundation
@testable import QuestlogCore
import Testing

/// Notes written in Obsidian build as they are: heading links, embeds, private comments, inline
/// tags, relative links to files, and plugin syntax left alone.
struct ObsidianNotesTests {
    static let files: [String: String] = [
        "Content/campaign/game.md": "---\ntitle: Campaign\n---\nStart at [[Castle#The Gate]]. %%the DM reads this%%\n",
        "Content/campaign/locations/castle.md": """
        ---
        name: Castle
        ---
        ## The Gate
        Guarded. See [[#Inner Keep|the keep]] and ![[castle-map.png|300]].
        ## Inner Keep
        %%
        The villain hides here.
        %%
        Dusty. #haunted #undead and `#notatag`
        ```dataview
        TABLE name FROM "locations"
        ```
        """,
        "Content/campaign/npcs/sub/tom.md": """
        ---
        name: Old Tom
        tags: [ally]
        ---
        Lives by the [[Castle]]. ![[Castle]]

        ![his portrait](../../art/tom.png) and [the map](../../art/castle-map.png).
        """,
    ]

    static func site() -> TestSite {
        let site = TestSite(files)
        site.write("Content/campaign/art/castle-map.png", bytes: TinyImages.png(width: 8, height: 6))
        site.write("Content/campaign/art/tom.png", bytes: TinyImages.png(width: 2, height: 2))
        site.write("Content/campaign/.obsidian/workspace.json", bytes: Array("{\"secret\": \"layout\"}".utf8))
        return site
    }

    @Test func anObsidianVaultBuildsAsItIs() throws {
        let site = Self.site()
        defer { site.remove() }
        let result = site.build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.formattedText())")
        let game = site.page("campaign/index.html")
        #expect(game.contains(#"<a href="locations/castle.html#the-gate">"#))
        let castle = site.page("campaign/locations/castle.html")
        #expect(castle.contains(##"<a href="#inner-keep">the keep</a>"##))
        #expect(castle.contains(#"<img src="../art/castle-map.png" alt="castle-map" loading="lazy" width="300">"#))
        #expect(castle.contains("<code>#notatag</code>"))
        #expect(castle.contains("TABLE name FROM"), "plugin blocks stay code")
        let tom = site.page("campaign/npcs/tom.html")
        #expect(tom.contains(#"<img src="../art/tom.png" alt="his portrait""#), "images in a nested note are rewritten for its page")
        #expect(tom.contains(#"<a href="../art/castle-map.png">the map</a>"#))
        #expect(tom.contains(#"<span class="embed"><a class="embed-title" href="../locations/castle.html">Castle</a>"#))
        #expect(FileManager.default.fileExists(atPath: site.root + "/Output/campaign/art/tom.png"))
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Output/campaign/.obsidian/workspace.json"))
    }

    @Test func inlineTagsJoinTheEntrysTags() throws {
        let site = Self.site()
        defer { site.remove() }
        let (resolved, _) = Resolver(options: ResolveOptions(jobs: 2)).resolve(SiteLoader(root: site.root).load())
        let castle = try #require(resolved.entry(EntryRef(game: "campaign", kind: "location", id: "castle")))
        #expect(castle.list("tags") == ["haunted", "undead"])
        #expect(resolved.entry(EntryRef(game: "campaign", kind: "npc", id: "tom"))?.list("tags") == ["ally"])
    }

    @Test func privateCommentsReachNoOutputByte() throws {
        let site = Self.site()
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        for (path, bytes) in TestSite.tree(site.root + "/Output") {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("the DM reads this") && !text.contains("villain") && !text.contains("%%"), "\(path)")
        }
    }

    @Test func brokenHeadingLinksEmbedsAndFileLinksAreReportedWhereTheyAre() {
        let site = TestSite([
            "Content/g/locations/castle.md": "---\nname: Castle\n---\n## The Gate\n",
            "Content/g/npcs/tom.md": "---\nname: Tom\n---\nSee [[Castle#The Gat]], [[#Nowhere]] and ![[map.png]].\n\nA ![pic](art/missing.png) and [up](../../../secret.txt).\n",
            "Content/g/npcs/ann.md": "---\nname: Ann\n---\n![[dup.png]]\n",
        ])
        defer { site.remove() }
        site.write("Content/g/a/dup.png", bytes: TinyImages.png(width: 1, height: 1))
        site.write("Content/g/b/dup.png", bytes: TinyImages.png(width: 1, height: 1))
        site.write("Content/g/npcs/art/missin.png", bytes: TinyImages.png(width: 1, height: 1))
        let diagnostics = site.build().diagnostics.sorted.map(\.description)
        #expect(diagnostics == [
            "Content/g/npcs/ann.md:4:1: error: 'dup.png' names several files: 'Content/g/a/dup.png', 'Content/g/b/dup.png'; write more of the path, such as ![[a/dup.png]] [ambiguous-file]",
            "Content/g/npcs/tom.md:4:5: error: link to unknown heading 'Castle#The Gat': 'Castle' has no heading 'The Gat' (did you mean 'The Gate'?) [dangling-link]",
            "Content/g/npcs/tom.md:4:25: error: link to unknown heading '#Nowhere': 'Tom' has no headings [dangling-link]",
            "Content/g/npcs/tom.md:4:42: error: no file named 'map.png' in this game to embed [missing-file]",
            "Content/g/npcs/tom.md:6:3: error: image to a missing file 'art/missing.png' (did you mean 'art/missin.png'?) [missing-file]",
            "Content/g/npcs/tom.md:6:31: error: link '../../../secret.txt' leads outside Content/; keep the file inside the site's content [path-outside-content]",
        ])
    }
}
