import Foundation
@testable import QuestlogCore
import Testing

/// Pages of real content: undeclared fields, shared names, pictures, drafts, spoilers, long lists,
/// games that choose their language or are made only of custom kinds.
struct RealContentPageTests {
    @Test func undeclaredFieldsShowUnderDetailsAfterTheDeclaredOnes() {
        let site = TestSite([
            "Content/g/locations/church.md": "---\nname: Church of Elleh\nregion: Limgrave\nsource: https://example.org/church\nbosses: [Tree Sentinel, Margit]\nlevel: 3\nvisited: true\n---\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.formattedText())")
        let html = site.page("g/locations/church.html")
        let region = html.range(of: "<dt>Region</dt>")
        let source = html.range(of: #"<dt>Source</dt><dd><a href="https://example.org/church">https://example.org/church</a></dd>"#)
        #expect(region != nil && source != nil)
        if let region, let source { #expect(region.lowerBound < source.lowerBound, "declared fields first") }
        #expect(html.contains("<dt>Bosses</dt><dd>Tree Sentinel, Margit</dd>"))
        #expect(html.contains("<dt>Level</dt><dd>3</dd>"))
        #expect(html.contains(#"<dt>Visited</dt><dd><span class="bool bool-yes">Yes</span></dd>"#))
    }

    @Test func sharedNamesAreQualifiedWhereTheyCouldBeConfused() {
        let site = TestSite([
            "Content/g/locations/smoldering-church.md": "---\nname: Smoldering Church\nregion: Limgrave\n---\n",
            "Content/g/locations/smoldering-church-caelid.md": "---\nname: Smoldering Church\nregion: Caelid\n---\n",
            "Content/g/npcs/nomad.md": "---\nname: Nomad\nlocations: [smoldering-church, smoldering-church-caelid]\n---\n",
        ])
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        let page = site.page("g/locations/smoldering-church-caelid.html")
        #expect(page.contains("<title>Smoldering Church (Caelid) · g · Questlog</title>"))
        #expect(page.contains("<h1>Smoldering Church</h1>"))
        #expect(page.contains("Smoldering Church (Caelid)</span>") || page.contains("aria-current=\"page\">Smoldering Church (Caelid)"), "breadcrumb")
        let nomad = site.page("g/npcs/nomad.html")
        #expect(nomad.contains(#"<a href="../locations/smoldering-church.html">Smoldering Church (Limgrave)</a>"#))
        #expect(nomad.contains(#"<a href="../locations/smoldering-church-caelid.html">Smoldering Church (Caelid)</a>"#))
        let table = site.page("g/locations/index.html")
        #expect(table.contains(">Smoldering Church (Caelid)</a>") && table.contains(">Smoldering Church (Limgrave)</a>"))
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: site.root + "/Output/assets/search"))?
            .first { $0.hasPrefix("docs-0.") } ?? "docs-0.js"
        let search = (try? String(contentsOfFile: site.root + "/Output/assets/search/" + docs, encoding: .utf8)) ?? ""
        #expect(search.contains("Smoldering Church (Caelid)"), "search results")
    }

    @Test func picturesShowWithTheirSizeAndAsThumbnails() throws {
        let site = TestSite([
            "Content/g/npcs/sub/varre.md": "---\nname: Varré\nimage: ../../images/varre.png\n---\n",
            "Content/g/npcs/kale.md": "---\nname: Kale\nimage: https://example.org/kale.jpg\n---\n",
            "Content/g/npcs/nobody.md": "---\nname: Nobody\n---\n",
            "Content/g/locations/map.md": "---\nname: Map\nimage: \"[[limgrave.gif]]\"\n---\n",
        ])
        defer { site.remove() }
        site.write("Content/g/images/varre.png", bytes: TinyImages.png(width: 40, height: 30))
        site.write("Content/g/maps/limgrave.gif", bytes: TinyImages.gif(width: 7, height: 5))
        let result = site.build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.formattedText())")
        let varre = site.page("g/npcs/varre.html")
        #expect(varre.contains(#"<img src="../images/varre.png" alt="Varré" loading="lazy" width="40" height="30">"#))
        #expect(site.page("g/npcs/kale.html").contains(#"<img src="https://example.org/kale.jpg" alt="Kale" loading="lazy">"#))
        #expect(site.page("g/locations/map.html").contains(#"<img src="../maps/limgrave.gif" alt="Map" loading="lazy" width="7" height="5">"#))
        let table = site.page("g/npcs/index.html")
        #expect(table.contains(#"<td class="thumbnail"><img src="../images/varre.png" alt="" loading="lazy" width="40" height="30"></td>"#))
        #expect(table.contains(#"<td class="thumbnail"></td>"#), "an entry without a picture keeps the column")
        #expect(FileManager.default.fileExists(atPath: site.root + "/Output/g/images/varre.png"))
    }

    @Test func aMissingOrEscapingPictureIsAnError() {
        let site = TestSite([
            "Content/g/npcs/varre.md": "---\nname: Varré\nimage: images/varre.pgn\n---\n",
            "Content/g/npcs/kale.md": "---\nname: Kale\nimage: ../../../../etc/passwd\n---\n",
            "Content/g/npcs/ranni.md": "---\nname: Ranni\nimage: \"[[ranni.png]]\"\n---\n",
        ])
        defer { site.remove() }
        site.write("Content/g/npcs/images/varre.png", bytes: TinyImages.png(width: 1, height: 1))
        let diagnostics = site.build().diagnostics.sorted.map(\.description)
        #expect(diagnostics == [
            "Content/g/npcs/kale.md:3:8: error: image: '../../../../etc/passwd' leads outside Content/; keep the file inside the site's content [path-outside-content]",
            "Content/g/npcs/ranni.md:3:8: error: image: no file named 'ranni.png' in this game [missing-file]",
            "Content/g/npcs/varre.md:3:8: error: image: no file 'images/varre.pgn' next to Content/g/npcs/varre.md (did you mean 'images/varre.png'?) [missing-file]",
        ])
    }

    @Test func aGameOfCustomKindsShowsOnlyWhatItHas() {
        let site = TestSite([
            "questlog.yml": """
            kinds:
              monster:
                fields:
                  defeated: { type: bool, progress: true }
                  legendary: { type: bool, highlight: true, label: Legendary }
              spell:
                fields:
                  level: int
            """,
            "Content/dnd/game.md": "---\ntitle: Curse of Strahd\n---\n",
            "Content/dnd/monsters/strahd.md": "---\nname: Strahd\ndefeated: false\nlegendary: true\n---\n",
            "Content/dnd/monsters/wolf.md": "---\nname: Wolf\ndefeated: true\n---\n",
            "Content/dnd/spells/fireball.md": "---\nname: Fireball\nlevel: 3\n---\n",
        ])
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        let game = site.page("dnd/index.html")
        #expect(game.contains("Monsters: Defeated"))
        #expect(game.contains(#"<progress max="2" value="1""#))
        #expect(game.contains(#"<h2 id="ql-highlight-legendary">Legendary</h2>"#))
        #expect(game.contains(#"<a href="monsters/strahd.html">Strahd</a>"#))
        #expect(!game.contains("Merchants") && !game.contains("Smith anvils") && !game.contains("None found yet"))
        let strahd = site.page("dnd/monsters/strahd.html")
        #expect(strahd.contains("Defeated: No"), "the entry's state comes from its progress field")
        let table = site.page("dnd/monsters/index.html")
        #expect(table.contains(#"data-field="defeated" data-value="false""#), "a progress toggle shows what is not done")
    }

    @Test func aGameSpeaksItsOwnLanguage() {
        let site = TestSite([
            "Content/campaign/game.md": "---\ntitle: 鬼の島\nlanguage: ja\n---\n",
            "Content/campaign/quests/oni.md": "---\nname: 鬼退治\ncomplete: true\n---\n> [!tip]\n> 夜に行く。\n",
            "Content/elden-ring/quests/q.md": "---\nname: Q\n---\n> [!tip]\n> Go at night.\n",
            "Content/elden-ring/game.md": "---\ntitle: Elden Ring\n---\n",
        ])
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        let japanese = site.page("campaign/quests/oni.html")
        #expect(japanese.contains(#"<html lang="ja">"#))
        #expect(japanese.contains("メモ") || japanese.contains("クエスト"), "Japanese UI strings")
        #expect(japanese.contains(#"<p class="callout-title">ヒント</p>"#), "callouts are titled in the game's language")
        #expect(site.page("elden-ring/quests/q.html").contains(#"<p class="callout-title">Tip</p>"#))
        #expect(site.page("elden-ring/index.html").contains(#"<html lang="en">"#))
        #expect(site.page("index.html").contains(#"<html lang="en">"#))
    }

    @Test func longListsShowTwelveAndTheRestBehindShowAll() {
        var files = ["Content/g/locations/hub.md": "---\nname: Hub\n---\n"]
        for number in 1...15 {
            files["Content/g/npcs/npc-\(number).md"] = "---\nname: NPC \(String(format: "%02d", number))\nlocations: [hub]\n---\n"
        }
        let site = TestSite(files)
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        // The connections panel, without the graph after it (which links them all again).
        let hub = site.page("g/locations/hub.html").components(separatedBy: "<section class=\"graph-section\"")[0]
        #expect(hub.contains("<summary>Show all 15</summary>"))
        let shown = hub.components(separatedBy: "<details class=\"show-all\">")
        #expect(shown.count == 2)
        #expect(shown[0].components(separatedBy: "npcs/npc-").count - 1 == 12)
        #expect(shown[1].components(separatedBy: "npcs/npc-").count - 1 == 3)
    }

    @Test func draftsGetABadgeOnlyWhenPublished() {
        let site = TestSite([
            "Content/g/npcs/secret.md": "---\nname: Secret\ndraft: true\n---\n",
            "Content/g/npcs/_private.md": "---\nname: Private\n---\n",
            "Content/g/npcs/open.md": "---\nname: Open\n---\n",
        ])
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Output/g/npcs/secret.html"))
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Output/g/npcs/private.html"))
        #expect(!site.page("g/npcs/index.html").contains("Secret"))
        let drafts = site.root + "/Drafts"
        #expect(!SiteBuild(options: BuildOptions(site: site.root, output: drafts, includeDrafts: true)).run().diagnostics.hasErrors)
        #expect(site.page("g/npcs/secret.html", output: drafts).contains(#"<p class="badge badge-draft""#))
        #expect(site.page("g/npcs/private.html", output: drafts).contains(#"<p class="badge badge-draft""#))
        #expect(!site.page("g/npcs/open.html", output: drafts).contains("badge-draft"))
    }

    @Test func spoilerNotesAreBlurredAndNotSearchable() throws {
        let site = TestSite([
            "Content/g/npcs/traitor.md": "---\nname: Traitor\nspoiler: true\n---\nBetrays you at the zyxwvut bridge.\n",
        ])
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        let page = site.page("g/npcs/traitor.html")
        #expect(page.contains(#"<input type="checkbox" id="ql-spoiler" class="spoiler-toggle">"#))
        #expect(page.contains(#"<div class="spoiler-content">"#))
        let index = TestSite.tree(site.root + "/Output/assets/search").values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(!index.contains("zyxwvut"), "a spoiler's notes stay out of the search index")
        #expect(index.contains("traitor"), "its name is still found")
    }
}

struct TranslatedWordingTests {
    @Test func customKindsAndFieldsSpeakEachGamesLanguage() {
        let site = TestSite([
            "questlog.yml": """
            kinds:
              monster:
                name: { en: Monster, ja: 魔物 }
                plural: { en: Monsters, ja: 魔物たち }
                fields:
                  defeated: { type: bool, progress: true, label: { en: Defeated, ja: 討伐済み } }
                  lair: { type: ref location, label: { en: Lair, ja: 巣 }, inverse_label: { en: Monsters living here, ja: ここに棲む魔物 } }
            """,
            "Content/oni/game.md": "---\ntitle: 鬼ヶ島\nlanguage: ja\n---\n",
            "Content/oni/monsters/oni.md": "---\nname: 赤鬼\ndefeated: false\nlair: cave\n---\n",
            "Content/oni/locations/cave.md": "---\nname: 洞窟\n---\n",
            "Content/er/game.md": "---\ntitle: Elden Ring\n---\n",
            "Content/er/monsters/wolf.md": "---\nname: Wolf\ndefeated: true\nlair: den\n---\n",
            "Content/er/locations/den.md": "---\nname: Den\n---\n",
        ])
        defer { site.remove() }
        #expect(!site.build().diagnostics.hasErrors)
        #expect(site.page("oni/index.html").contains("魔物たち"))
        #expect(site.page("oni/index.html").contains("魔物たち：討伐済み"))
        #expect(site.page("oni/monsters/oni.html").contains("<h3>巣</h3>"))
        #expect(site.page("oni/locations/cave.html").contains("<h3>ここに棲む魔物</h3>"))
        #expect(site.page("er/index.html").contains("Monsters: Defeated"))
        #expect(site.page("er/locations/den.html").contains("<h3>Monsters living here</h3>"))
    }

    @Test func aTranslationNeedsAKnownLanguage() {
        let (_, problems) = SiteConfigLoader.parse("kinds:\n  monster:\n    name: { en: Monster, jp: 魔物 }\n", path: "questlog.yml")
        #expect(problems.map(\.message) == ["name: 'jp' is not a language of the theme; expected en, vi, hi, ja, zh (did you mean 'ja'?)"])
    }
}
