import Foundation
@testable import QuestlogCore
import Testing

/// The pages of a game with playthroughs, built from `Tests/Fixtures/valid/playthroughs`.
struct PlaythroughPageTests {
    static let built: (site: TestSite, result: BuildResult) = {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/playthroughs/site")
        return (site, site.build())
    }()

    static func page(_ path: String) -> String {
        built.site.page(path)
    }

    @Test func thePlaythroughPageGroupsWhatIsLeftByRegionWithCheckboxes() {
        #expect(!Self.built.result.diagnostics.hasErrors)
        let page = Self.page("elden-ring/playthroughs/kaito.html")
        #expect(page.contains("<input type=\"checkbox\" class=\"ql-mark\" data-game=\"elden-ring\" data-playthrough=\"kaito\" data-entry=\"rannis-service\" data-field=\"complete\" disabled aria-label=\"Ranni&#39;s Service: Complete in Kaito\">"))
        #expect(page.contains("data-entry=\"go-to-the-castle\" data-field=\"complete\" checked disabled"), "done items are ticked")
        // Open quests by their location's region, regions by name, the rest last.
        let liurnia = page.range(of: "<h4>Liurnia</h4>")
        let elsewhere = page.range(of: "<h4>Elsewhere</h4>")
        #expect(liurnia != nil && elsewhere != nil && liurnia!.lowerBound < elsewhere!.lowerBound)
        #expect(page.contains("<span class=\"progress-value\">1 of 4</span>"))
        #expect(!page.contains("<h3>Complete</h3>"), "the lists are not shown as relations")
    }

    @Test func entryPagesShowTheStateInEachPlaythrough() {
        let page = Self.page("elden-ring/quests/rannis-service.html")
        #expect(page.contains("Complete: <a href=\"../playthroughs/kaito.html\">Kaito</a> <span class=\"state state-open\"><span aria-hidden=\"true\">—</span><span class=\"visually-hidden\">not done</span></span> · <a href=\"../playthroughs/wren.html\">Wren</a> <span class=\"state state-done\">"))
        #expect(!page.contains("class=\"status"), "no single state when runs disagree")
        // spoiler_until: complete, and Kaito has not: the notes wait behind the reveal.
        #expect(page.contains("data-done-in=\"wren\" data-spoiler-until"))
        #expect(page.contains("<div class=\"spoiler\">"))
    }

    @Test func spoilerCalloutsOpenOnlyWhenEveryPlaythroughHasDoneTheEntry() {
        // Both runs completed "Go to the Castle".
        #expect(Self.page("elden-ring/quests/go-to-the-castle.html").contains("<details class=\"callout callout-spoiler\" open>"))
    }

    @Test func kindTablesFollowTheFirstPlaythroughAndOfferTheOthers() {
        let page = Self.page("elden-ring/quests/index.html")
        #expect(page.contains("<select id=\"ql-playthrough\" name=\"playthrough\""))
        #expect(page.contains("<option value=\"kaito\" selected>Kaito</option>"))
        #expect(page.contains("<tr data-complete=\"false\" data-done-complete=\"wren\""), "Ranni's Service: Kaito's state, Wren's list")
        #expect(page.contains("assets/playthrough.js"))
        #expect(!Self.page("solo/quests/index.html").contains("playthrough"), "a game without playthroughs is as before")
    }

    @Test func theComparisonPageHasAColumnPerPlaythrough() {
        let page = Self.page("elden-ring/progress.html")
        #expect(page.contains("<th scope=\"col\" data-type=\"bool\">Kaito</th>"))
        #expect(page.contains("<th scope=\"col\" data-type=\"bool\">Wren</th>"))
        #expect(page.contains("data-field=\"pt-kaito\" data-value=\"false\"> Open in Kaito"))
        #expect(page.contains("data-pt-kaito=\"false\" data-pt-wren=\"true\""))
        #expect(Self.page("solo/progress.html").isEmpty, "only games with playthroughs")
    }

    @Test func gameAndHomePagesShowEveryPlaythrough() {
        let game = Self.page("elden-ring/index.html")
        #expect(game.contains("<th scope=\"col\"><a href=\"playthroughs/kaito.html\">Kaito</a> <span class=\"playthrough-summary\">Samurai · just started</span></th>"))
        #expect(game.contains("<td><progress max=\"4\" value=\"1\" aria-label=\"Quests complete: Kaito\">25%</progress> <span class=\"progress-value\">1 of 4</span></td>\n<td><progress max=\"4\" value=\"2\" aria-label=\"Quests complete: Wren\">50%</progress>"),
                "Kaito's bar beside Wren's")
        #expect(game.contains("<a href=\"progress.html\">Compare playthroughs</a>"))
        #expect(Self.page("index.html").contains("<th scope=\"col\"><a href=\"elden-ring/playthroughs/wren.html\">Wren</a>"))
        #expect(Self.page("solo/index.html").contains("<span class=\"progress-value\">1 of 2</span>"), "the implicit playthrough's bars")
    }

    @Test func progressCSVHasAColumnPerPlaythrough() {
        let csv = Self.page("exports/elden-ring/progress.csv").replacingOccurrences(of: "\u{FEFF}", with: "")
        let lines = csv.split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(lines.first == "id,kind,name,kaito,wren")
        #expect(lines.contains("rannis-service,quest,Ranni's Service,false,true"))
        #expect(lines.contains("stray-wolf,bounty,Stray Wolf,false,true"))
        #expect(Self.page("exports/solo/progress.csv").isEmpty && Self.page("exports/solo/playthroughs.csv").isEmpty)
    }
}

/// The exports of a game with playthroughs.
struct PlaythroughWorkbookTests {
    @Test func progressCSVGoesWithThePlaythroughKind() throws {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/playthroughs/site")
        defer { site.remove() }
        let resolved = site.resolve().site
        func paths(_ kinds: [String]?) -> [String] {
            CSVExport.files(for: resolved, options: ExportOptions(games: ["elden-ring"], kinds: kinds)).map(\.path)
        }
        #expect(paths(["quest"]) == ["elden-ring/quests.csv"])
        #expect(paths(["playthroughs"]) == ["elden-ring/playthroughs.csv", "elden-ring/progress.csv"])
        #expect(paths(nil).suffix(2) == ["elden-ring/playthroughs.csv", "elden-ring/progress.csv"])
        let json = try #require(JSONExport.files(for: resolved, options: ExportOptions(games: ["elden-ring"])).first)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        let game = try #require((document["games"] as? [[String: Any]])?.first)
        let runs = try #require((game["entries"] as? [String: Any])?["playthrough"] as? [[String: Any]])
        let wren = try #require(runs.first { $0["id"] as? String == "wren" })
        let complete = try #require((wren["fields"] as? [String: Any])?["complete"] as? [[String: Any]])
        #expect(complete.map { $0["id"] as? String } == ["go-to-the-castle", "rannis-service", "stray-wolf"])
        #expect(complete[1]["url"] as? String == "elden-ring/quests/rannis-service.html")
        #expect(complete[1]["name"] as? String == "Ranni's Service")
    }

    @Test func theProgressSheetHasARowPerPlaythroughAndField() throws {
        let site = TestSite(copying: TestSite.packageRoot + "/Tests/Fixtures/valid/playthroughs/site")
        defer { site.remove() }
        let resolved = site.resolve().site
        let game = try #require(resolved.game(id: "elden-ring"))
        let sheets = XLSXExport.sheets(of: game, kinds: ExportOptions().selectedKinds(of: game, in: resolved.schema), site: resolved)
        #expect(sheets.map(\.name) == ["NPCs", "Quests", "Locations", "Bosses", "Bounties", "Playthroughs", "Progress"])
        let progress = try #require(sheets.last)
        #expect(progress.header == ["playthrough", "kind", "field", "done", "total", "percent"])
        #expect(progress.rows.count == 8, "two playthroughs, four progress fields")
        #expect(progress.rows[0].prefix(5).map(\.text) == ["Kaito", "Quests", "Complete", "1", "4"])
        #expect(progress.rows[4].prefix(5).map(\.text) == ["Wren", "Quests", "Complete", "2", "4"])
        let solo = try #require(resolved.game(id: "solo"))
        let soloSheets = XLSXExport.sheets(of: solo, kinds: ExportOptions().selectedKinds(of: solo, in: resolved.schema), site: resolved)
        #expect(soloSheets.last?.header == ["kind", "field", "done", "total", "percent"], "as before without playthroughs")
    }
}
