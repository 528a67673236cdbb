import Foundation
@testable import QuestlogCore
import Testing

/// The realistic fixture sites, built as they are: a scraped fan wiki (`valid/scraped-wiki`) and a
/// tabletop campaign made only of custom kinds, with a game in Japanese (`valid/tabletop`).
struct FixtureSiteTests {
    static let scrapedWiki = TestSite.packageRoot + "/Tests/Fixtures/valid/scraped-wiki/site"
    static let tabletop = TestSite.packageRoot + "/Tests/Fixtures/valid/tabletop/site"

    /// A copy of the fixture, built into its `Output/`.
    static func built(_ fixture: String) -> (site: TestSite, result: BuildResult) {
        let site = TestSite(copying: fixture)
        return (site, site.build())
    }

    /// Every attribute of every `<img>` tag of a page.
    static func images(in html: String) -> [[String: String]] {
        let tag = try! Regex(#"<img\s([^>]*?)\s*/?>"#)
        let attribute = try! Regex(#"([a-z-]+)="([^"]*)""#)
        return html.matches(of: tag).map { match in
            let text = String(html[match.range])
            var attributes: [String: String] = [:]
            for pair in text.matches(of: attribute) {
                attributes[String(pair.output[1].substring ?? "")] = String(pair.output[2].substring ?? "")
            }
            return attributes
        }
    }

    // ---------- The scraped wiki ----------

    @Test func theScrapedWikiBuildsWithFewerThanFortyLinesOfWarnings() throws {
        let (site, result) = Self.built(Self.scrapedWiki)
        defer { site.remove() }
        #expect(result.report != nil)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.formattedText())")
        let lines = result.diagnostics.formattedText().split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.count + 1 < 40, "with the summary line: \(lines.count + 1) lines\n\(result.diagnostics.formattedText())")
        #expect(result.diagnostics.all.allSatisfy { $0.code == "unknown-field" && $0.severity == .warning })
        let counted = Dictionary(grouping: lines, by: { $0 }).filter { $0.value.count > 1 }
        #expect(counted.isEmpty, "each kind and field is reported once")
        #expect(lines.contains { $0.contains("'source' is not a field of location (18 files, first at ") })
    }

    @Test func everyUndeclaredFieldShowsOnItsEntryPage() throws {
        let (site, result) = Self.built(Self.scrapedWiki)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let resolved = site.resolve().site
        let game = try #require(resolved.games.first { $0.id == "elden-ring" })
        var names: Set<String> = []
        for entry in game.entries.values.joined() {
            let page = site.page(entry.path)
            #expect(!page.isEmpty, "\(entry.path)")
            for field in entry.extra {
                names.insert(field.name)
                if case .list([]) = field.value { continue } // `bosses: []` has nothing to show
                let label = "<dt>\(FieldDefinition.humanize(field.name))</dt>"
                #expect(page.contains(label), "\(entry.path) shows \(field.name)")
                if case let .string(text) = field.value {
                    #expect(page.contains("\(label)<dd>\(text)</dd>"), "\(entry.path): \(field.name) is \(text)")
                }
            }
        }
        #expect(names == ["bosses", "dungeon_type", "festival", "legacy_dungeon", "map_coords", "rewards", "scraped_at",
                          "sells", "source", "voice_actor", "wiki_page_id"])
        let castle = site.page("elden-ring/locations/stormveil-castle.html")
        #expect(castle.contains("<dt>Bosses</dt><dd>Godrick the Grafted, Margit, the Fell Omen</dd>"))
        #expect(castle.contains(#"<dt>Source</dt><dd><a href="https://eldenring.wiki.fextralife.com/Stormveil+Castle">"#))
        #expect(castle.contains(#"<dt>Legacy dungeon</dt><dd><span class="bool bool-yes">Yes</span></dd>"#))
    }

    @Test func picturesAreCopiedAndShownWithTheirSize() throws {
        let (site, result) = Self.built(Self.scrapedWiki)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let content = site.root + "/Content"
        let output = site.root + "/Output"
        let pictures = TestSite.tree(content).filter { file in [".png", ".jpg", ".gif"].contains { file.key.hasSuffix($0) } }
        #expect(pictures.count == 9)
        for (path, bytes) in pictures {
            #expect(FileManager.default.contents(atPath: output + "/" + path).map { [UInt8]($0) } == bytes, "\(path) is copied as it is")
            #expect(ImageSize.of(bytes) != nil, "\(path) is a real picture")
        }
        #expect(FileManager.default.fileExists(atPath: output + "/elden-ring/maps/README.txt"), "any other file is copied too")
        var sized = 0
        for (path, bytes) in TestSite.tree(output) where path.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            let folder = (path as NSString).deletingLastPathComponent
            for image in Self.images(in: html) {
                let source = try #require(image["src"])
                let file = ((output + "/" + folder + "/" + source) as NSString).standardizingPath
                let size = ImageSize.ofFile(atPath: file)
                #expect(size != nil, "\(path): <img src=\(source)> leads to a picture")
                guard image["width"] != nil || image["height"] != nil else { continue }
                if let size, let height = image["height"] {
                    #expect(image["width"] == String(size.width) && height == String(size.height), "\(path): \(source)")
                    sized += 1
                }
            }
        }
        #expect(sized >= 14, "pictures of entries and thumbnails carry their size")
        let church = site.page("elden-ring/locations/caelid/smoldering-church-caelid.html")
        #expect(church.isEmpty, "pages do not follow the notes' subfolders")
        let caelid = site.page("elden-ring/locations/smoldering-church-caelid.html")
        #expect(caelid.contains(#"<figure class="entry-picture"><img src="../images/caelid/smoldering-church.jpg" alt="Smoldering Church" loading="lazy" width="32" height="24"></figure>"#))
        #expect(caelid.contains(#"<img src="../images/caelid/caelid-road.png" alt="Caelid, from the church steps""#), "a relative link from a note in a subfolder")
        let elleh = site.page("elden-ring/locations/church-of-elleh.html")
        #expect(elleh.contains(#"<img src="../maps/limgrave-map.png" alt="limgrave-map" loading="lazy" width="300">"#), "an embedded map")
        let table = site.page("elden-ring/locations/index.html")
        #expect(table.contains(#"<td class="thumbnail"><img src="../images/castle-morne.gif" alt="" loading="lazy" width="40" height="24"></td>"#))
    }

    @Test func theTwoSmolderingChurchesAreToldApart() {
        let (site, result) = Self.built(Self.scrapedWiki)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let caelid = site.page("elden-ring/locations/smoldering-church-caelid.html")
        let limgrave = site.page("elden-ring/locations/smoldering-church-limgrave.html")
        #expect(caelid.contains("<title>Smoldering Church (Caelid) · Elden Ring · Lands Between wiki (scraped)</title>"))
        #expect(limgrave.contains("<title>Smoldering Church (Limgrave) · Elden Ring · Lands Between wiki (scraped)</title>"))
        #expect(caelid.contains(#"<li><span aria-current="page">Smoldering Church (Caelid)</span></li>"#), "breadcrumb")
        #expect(limgrave.contains(#"<li><span aria-current="page">Smoldering Church (Limgrave)</span></li>"#), "breadcrumb")
        let table = site.page("elden-ring/locations/index.html")
        #expect(table.contains(#"<a href="smoldering-church-caelid.html">Smoldering Church (Caelid)</a>"#))
        #expect(table.contains(#"<a href="smoldering-church-limgrave.html">Smoldering Church (Limgrave)</a>"#))
        for region in ["Caelid", "Limgrave", "Mountaintops of the Giants"] {
            #expect(table.contains(">Abandoned Cave (\(region))</a>"), "\(region)")
        }
        let quest = site.page("elden-ring/quests/the-nomads-wares.html")
        #expect(quest.contains(#"<a href="../locations/smoldering-church-caelid.html">Smoldering Church (Caelid)</a>"#))
        #expect(quest.contains(#"<a href="../locations/smoldering-church-limgrave.html">Smoldering Church (Limgrave)</a>"#))
        #expect(quest.contains(#"<a href="../npcs/nomadic-merchant-caelid.html">Nomadic Merchant (nomadic-merchant-caelid)</a>"#))
    }

    @Test func questListsOfNPCsAndLocationsLinkBothWays() {
        let (site, result) = Self.built(Self.scrapedWiki)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let quest = site.page("elden-ring/quests/into-stormveil.html")
        for link in [#"<a href="../locations/stormveil-main-gate.html">Stormveil Main Gate</a>"#,
                     #"<a href="../locations/gatefront.html">Gatefront</a>"#,
                     #"<a href="../npcs/gatekeeper-gostoc.html">Gatekeeper Gostoc</a>"#,
                     #"<a href="../npcs/nepheli-loux.html">Nepheli Loux</a>"#] {
            #expect(quest.contains(link), "\(link)")
        }
        let gate = site.page("elden-ring/locations/stormveil-main-gate.html")
        #expect(gate.contains(#"<a href="../quests/into-stormveil.html">Into Stormveil</a>"#))
        let hold = site.page("elden-ring/locations/roundtable-hold.html")
        #expect(hold.contains("<summary>Show all 13</summary>"), "a long list of NPCs")
        #expect(hold.contains(#"<details class="callout callout-spoiler">"#))
    }

    @Test func draftsAndPrivateFilesStayOutUnlessAsked() {
        let (site, result) = Self.built(Self.scrapedWiki)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let output = TestSite.tree(site.root + "/Output")
        #expect(output["elden-ring/npcs/irina.html"] == nil)
        #expect(output["elden-ring/npcs/unmatched-pages.html"] == nil)
        #expect(!output.values.contains { String(decoding: $0, as: UTF8.self).contains("scraper lost this page") })
        let drafts = site.root + "/Drafts"
        #expect(site.build(output: drafts, includeDrafts: true).report != nil)
        #expect(site.page("elden-ring/npcs/irina.html", output: drafts).contains("badge-draft"))
        #expect(site.page("elden-ring/npcs/unmatched-pages.html", output: drafts).contains("badge-draft"))
        let dungEater = site.page("elden-ring/npcs/dung-eater.html")
        #expect(dungEater.contains(#"<div class="spoiler-content">"#))
    }

    // ---------- The tabletop campaign ----------

    @Test func theTabletopSiteBuildsCleanly() {
        let (site, result) = Self.built(Self.tabletop)
        defer { site.remove() }
        #expect(result.report != nil)
        #expect(result.diagnostics.all.isEmpty, "\(result.diagnostics.formattedText())")
    }

    @Test func theTabletopGamePageShowsOnlyItsOwnProgress() {
        let (site, result) = Self.built(Self.tabletop)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let game = site.page("ashes-of-vel-tharos/index.html")
        #expect(game.contains(#"<span class="progress-label">Monsters: Defeated</span>"#))
        #expect(game.contains(#"<progress max="6" value="3" aria-label="Monsters: Defeated">"#))
        #expect(game.contains(#"<h2 id="ql-highlight-legendary">Legendary</h2>"#))
        #expect(game.contains(#"<a href="magic-items/staff-of-the-magi.html">Staff of the Magi</a>"#))
        for absent in ["Merchants", "Smith anvils", "None found yet", "NPCs", "Quests", "Locations"] {
            #expect(!game.contains(absent), "\(absent)")
        }
        let home = site.page("index.html")
        #expect(!home.contains("Smith anvils") && !home.contains("Merchants"))
        let monsters = site.page("ashes-of-vel-tharos/monsters/index.html")
        #expect(monsters.contains(#"data-field="defeated" data-value="false""#))
    }

    @Test func obsidianPropertyLinksAndHeadingLinksResolve() {
        let (site, result) = Self.built(Self.tabletop)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let flameskull = site.page("ashes-of-vel-tharos/monsters/flameskull.html")
        #expect(flameskull.contains(#"<a href="../classes/wizard.html">Wizard</a>"#), "caster: \"[[Wizard]]\"")
        #expect(flameskull.contains(#"<a href="../spells/fireball.html">Fireball</a>"#))
        #expect(flameskull.contains(#"<a href="../conditions/frightened.html">Frightened</a>"#))
        let wizard = site.page("ashes-of-vel-tharos/classes/wizard.html")
        #expect(wizard.contains("Monsters that cast as one"))
        #expect(wizard.contains(#"<a href="../monsters/lich-of-vel-tharos.html">Lich of Vel Tharos</a>"#))
        // The note's `## Arcane Recovery` is its highest heading: an <h3> under the page's "Notes".
        #expect(wizard.contains(#"<h3 id="arcane-recovery">Arcane Recovery</h3>"#))
        let game = site.page("ashes-of-vel-tharos/index.html")
        #expect(game.contains(#"<a href="classes/wizard.html#arcane-recovery">Wizard</a>"#), "[[Page#Heading]]")
        #expect(game.contains(#"<span class="inline-tag">#house-rule</span>"#))
        #expect(game.contains(#"<li class="tag">house-rule</li>"#), "an inline tag joins the game's tags")
        #expect(game.contains(#"<summary class="callout-title">What the map hides</summary>"#))
        let cleric = site.page("ashes-of-vel-tharos/classes/cleric.html")
        #expect(cleric.contains(##"<a href="#domain">Domain</a>"##), "[[#Heading]]")
        let spell = site.page("ashes-of-vel-tharos/spells/hold-person.html")
        #expect(spell.contains(#"<a href="../conditions/paralyzed.html">Paralyzed</a>"#), "a reference from a YAML data file")
    }

    @Test func theJapaneseGameSpeaksJapanese() {
        let (site, result) = Self.built(Self.tabletop)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let output = TestSite.tree(site.root + "/Output")
        let japanese = output.filter { $0.key.hasPrefix("oni-no-shima/") && $0.key.hasSuffix(".html") }
        #expect(japanese.count == 15, "the game, its graph, five kind indexes and eight entries")
        for (path, bytes) in japanese {
            #expect(String(decoding: bytes, as: UTF8.self).contains(#"<html lang="ja">"#), "\(path)")
        }
        let english = output.filter { $0.key.hasPrefix("ashes-of-vel-tharos/") && $0.key.hasSuffix(".html") }
        #expect(!english.isEmpty)
        for (path, bytes) in english {
            #expect(String(decoding: bytes, as: UTF8.self).contains(#"<html lang="en">"#), "\(path)")
        }
        let tengu = site.page("oni-no-shima/monsters/tengu.html")
        #expect(tengu.contains("<h1>天狗</h1>"))
        #expect(tengu.contains(#"<h2 id="ql-notes">メモ</h2>"#))
        #expect(tengu.contains(#"<a href="../spells/kitsunebi.html">狐火</a>"#))
    }

    @Test(arguments: [scrapedWiki, tabletop]) func privateCommentsAreNeverPublished(fixture: String) {
        let (site, result) = Self.built(fixture)
        defer { site.remove() }
        #expect(!result.diagnostics.hasErrors)
        let output = TestSite.tree(site.root + "/Output")
        #expect(!output.isEmpty)
        for (path, bytes) in output where !path.hasPrefix("assets/") || path.hasPrefix("assets/search/") {
            // A workbook is read as its parts: compressed bytes can hold "%%" by chance.
            let texts = path.hasSuffix(".xlsx") ? (ZipReader.read(bytes) ?? []).map { String(decoding: $0.bytes, as: UTF8.self) }
                                                : [String(decoding: bytes, as: UTF8.self)]
            #expect(!texts.isEmpty, "\(path)")
            let text = texts.joined(separator: "\n")
            #expect(!text.contains("%%"), "\(path)")
            for secret in ["DM only", "GMのみ", "phylactery is the", "裏切る予定"] {
                #expect(!text.contains(secret), "\(path) contains \(secret)")
            }
        }
    }
}
