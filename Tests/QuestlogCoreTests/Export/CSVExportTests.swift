import Foundation
@testable import QuestlogCore
import Testing

struct CSVExportTests {
    static let site = ExportTestSite.make()

    static func table(_ path: String, options: ExportOptions = ExportOptions()) throws -> [[String]] {
        let file = try #require(CSVExport.files(for: site, options: options).first { $0.path == path })
        return try #require(CSVReader.read(file.bytes), "\(path) is not strict RFC 4180")
    }

    /// The row of the entry `id`, by column name.
    static func row(_ table: [[String]], _ id: String) throws -> [String: String] {
        let row = try #require(table.first { $0.first == id })
        #expect(row.count == table[0].count)
        return Dictionary(uniqueKeysWithValues: zip(table[0], row))
    }

    @Test func oneFilePerGameAndKind() {
        let paths = CSVExport.files(for: Self.site, options: ExportOptions()).map(\.path)
        #expect(paths == [
            "dark-souls/npcs.csv", "dark-souls/quests.csv", "dark-souls/locations.csv", "dark-souls/bosses.csv",
            "elden-ring/npcs.csv", "elden-ring/quests.csv", "elden-ring/locations.csv", "elden-ring/bosses.csv",
        ])
    }

    @Test func headersComeFromTheSchemaThenTheExtraFields() throws {
        #expect(try Self.table("elden-ring/npcs.csv")[0] == [
            "id", "name", "display_name", "merchant", "locations", "locations_ids", "quests", "quests_ids", "aliases", "tags", "image",
            "allied_bosses", "allied_bosses_ids", "notes", "url",
        ])
        // Extra fields as first seen, entries in order, each entry's in the order written; `url` and
        // `display_name` are taken, so those extra fields get `_2`.
        #expect(try Self.table("elden-ring/quests.csv")[0] == [
            "id", "name", "display_name", "complete", "location", "location_ids", "tags", "image", "given_by", "given_by_ids",
            "level", "motto", "url_2", "display_name_2", "bosses", "offset",
            "source", "weight", "optional", "found", "rewards", "giver", "notes", "url",
        ])
        #expect(try Self.table("elden-ring/locations.csv")[0] == [
            "id", "name", "display_name", "cleared", "smith_anvil", "merchant", "region", "parent", "parent_ids", "tags", "image",
            "npcs_here", "npcs_here_ids", "quests_here", "quests_here_ids", "sub_locations", "sub_locations_ids",
            "boss_arena", "boss_arena_ids", "notes", "url",
        ])
        #expect(try Self.table("elden-ring/bosses.csv")[0] == [
            "id", "name", "display_name", "hp", "first_seen", "arena", "arena_ids", "drops", "wiki", "allies", "allies_ids", "image", "notes", "url",
        ])
        // A game without quests still gets the file, with the schema's columns.
        #expect(try Self.table("dark-souls/quests.csv") == [[
            "id", "name", "display_name", "complete", "location", "location_ids", "tags", "image", "given_by", "given_by_ids",
            "notes", "url",
        ]])
    }

    @Test func rowsFollowTheEntriesOrder() throws {
        #expect(try Self.table("elden-ring/npcs.csv").dropFirst().map { $0[0] } == ["ba-duong", "merchant-kale", "white-mask-varre"])
    }

    @Test func cellsHoldTypedValuesAsText() throws {
        let npcs = try Self.table("elden-ring/npcs.csv")
        let kale = try Self.row(npcs, "merchant-kale")
        #expect(kale["name"] == "Merchant Kalé")
        #expect(kale["display_name"] == "Merchant Kalé", "a unique name is its own display name")
        #expect(kale["merchant"] == "true")
        #expect(kale["locations"] == "Rose Church")
        #expect(kale["locations_ids"] == "rose-church")
        #expect(kale["quests"] == "")
        #expect(kale["tags"] == "'-5 apples; -5")
        #expect(kale["notes"] == "Sells \"Telescope\", 2 × =SUM(A1).\nSecond line")
        #expect(kale["url"] == "elden-ring/npcs/merchant-kale.html")

        let varre = try Self.row(npcs, "white-mask-varre")
        #expect(varre["merchant"] == "false")
        #expect(varre["quests"] == "Go to the Castle")
        #expect(varre["quests_ids"] == "go-to-the-castle")
        #expect(varre["aliases"] == "'=HYPERLINK(\"http://x\"); @Varré")
        #expect(varre["image"] == "images/varré.png")
        #expect(varre["allied_bosses"] == "Margit, the Fell Omen")
        #expect(varre["allied_bosses_ids"] == "margit")
        #expect(varre["notes"] == "Met him, at last.")

        let duong = try Self.row(npcs, "ba-duong")
        #expect(duong["name"] == "Bà Đường")
        #expect(duong["merchant"] == "false", "an absent boolean is false")
        #expect(duong["aliases"] == "龙王; Bà Đường 🐉")
        #expect(duong["tags"] == "")
        #expect(duong["image"] == "")

        let margit = try Self.row(Self.table("elden-ring/bosses.csv"), "margit")
        #expect(margit["hp"] == "-5")
        #expect(margit["first_seen"] == "2024-03-02")
        #expect(margit["arena"] == "Stormveil Castle")
        #expect(margit["arena_ids"] == "stormveil-castle")
        #expect(margit["drops"] == "'+3 Talisman; Rune; Arc")
        #expect(margit["wiki"] == "https://example.org/margit")

        let quest = try Self.row(Self.table("elden-ring/quests.csv"), "formula")
        #expect(quest["name"] == "'=1+1")
        #expect(quest["display_name"] == "'=1+1")
        #expect(quest["complete"] == "false")
        #expect(quest["location"] == "")
        #expect(quest["location_ids"] == "")
    }

    @Test func inverseRelationsAndCrossGameIds() throws {
        let locations = try Self.table("elden-ring/locations.csv")
        let rose = try Self.row(locations, "rose-church")
        #expect(rose["region"] == "Liurnia, \"Lake\"")
        #expect(rose["npcs_here"] == "Merchant Kalé; White Mask Varré; Crestfallen Warrior")
        #expect(rose["npcs_here_ids"] == "merchant-kale; white-mask-varre; dark-souls/crestfallen")
        let castle = try Self.row(locations, "stormveil-castle")
        #expect(castle["quests_here"] == "Go to the Castle")
        #expect(castle["sub_locations_ids"] == "gateside")
        #expect(castle["boss_arena"] == "Margit, the Fell Omen")
        #expect(castle["npcs_here"] == "")
        let quest = try Self.row(Self.table("elden-ring/quests.csv"), "go-to-the-castle")
        #expect(quest["given_by"] == "White Mask Varré")
        #expect(quest["given_by_ids"] == "white-mask-varre")

        let crestfallen = try Self.row(Self.table("dark-souls/npcs.csv"), "crestfallen")
        #expect(crestfallen["locations"] == "Firelink Shrine; Rose Church")
        #expect(crestfallen["locations_ids"] == "firelink-shrine; elden-ring/rose-church")
    }

    @Test func extraFieldsHoldTheirValuesAsText() throws {
        let quests = try Self.table("elden-ring/quests.csv")
        let church = try Self.row(quests, "clear-the-church")
        #expect(church["source"] == "https://example.org/church?a=1&b=2")
        #expect(church["level"] == "3")
        #expect(church["weight"] == "2.5")
        #expect(church["optional"] == "false")
        #expect(church["found"] == "2024-03-05")
        #expect(church["bosses"] == "Demi-Human Queen; Gideon")
        #expect(church["rewards"] == "runes: 3000; item: [Flail, Shield]")
        #expect(church["giver"] == "A hooded woman")
        #expect(church["motto"] == "", "an entry without the field has an empty cell")
        #expect(church["url"] == "elden-ring/quests/clear-the-church.html")

        let formula = try Self.row(quests, "formula")
        #expect(formula["level"] == "1")
        #expect(formula["motto"] == "'=cmd|' /C calc'!A0")
        #expect(formula["url_2"] == "Line\nbreak, \"quoted\", commas")
        #expect(formula["display_name_2"] == "'@fake")
        #expect(formula["bosses"] == "'-Gideon; a, \"b\"")
        #expect(formula["offset"] == "-0.5", "a plain number is not a formula")
        #expect(formula["source"] == "")
        #expect(formula["optional"] == "", "an absent extra field is empty, not false")

        let castle = try Self.row(quests, "go-to-the-castle")
        #expect(["level", "motto", "source", "weight", "optional", "bosses"].allSatisfy { castle[$0] == "" })
    }

    @Test func entriesSharingANameAreToldApart() throws {
        let locations = try Self.table("elden-ring/locations.csv")
        let limgrave = try Self.row(locations, "smoldering-church")
        #expect(limgrave["name"] == "Smoldering Church")
        #expect(limgrave["display_name"] == "Smoldering Church (Limgrave)")
        let caelid = try Self.row(locations, "smoldering-church-caelid")
        #expect(caelid["name"] == "Smoldering Church")
        #expect(caelid["display_name"] == "Smoldering Church (Caelid)")
        #expect(caelid["quests_here"] == "Clear the Church")
        // References name their target by its display name, so the two churches stay apart.
        let quest = try Self.row(Self.table("elden-ring/quests.csv"), "clear-the-church")
        #expect(quest["location"] == "Smoldering Church (Caelid)")
        #expect(quest["location_ids"] == "smoldering-church-caelid")
    }

    @Test func rawKeepsFormulaPayloads() throws {
        let quests = try Self.table("elden-ring/quests.csv", options: ExportOptions(neutraliseFormulas: false))
        let quest = try Self.row(quests, "formula")
        #expect(quest["name"] == "=1+1")
        #expect(quest["display_name"] == "=1+1")
        #expect(quest["motto"] == "=cmd|' /C calc'!A0")
        #expect(quest["display_name_2"] == "@fake")
    }

    @Test func byteOrderMarkByDefaultAndCRLFRows() throws {
        let files = CSVExport.files(for: Self.site, options: ExportOptions())
        for file in files {
            #expect(file.bytes.starts(with: [0xEF, 0xBB, 0xBF]), "\(file.path)")
            #expect(file.bytes.suffix(2) == [0x0D, 0x0A], "\(file.path)")
        }
        let bare = CSVExport.files(for: Self.site, options: ExportOptions(bom: false))
        for (with, without) in zip(files, bare) {
            #expect(without.bytes.starts(with: Array("id,name,display_name,".utf8)))
            #expect(Array(with.bytes.dropFirst(3)) == without.bytes)
        }
    }

    @Test func embeddedLineBreaksStayInsideQuotes() throws {
        let file = try #require(CSVExport.files(for: Self.site, options: ExportOptions()).first { $0.path == "elden-ring/npcs.csv" })
        let text = try #require(String(bytes: file.bytes.dropFirst(3), encoding: .utf8))
        #expect(text.contains(",\"Sells \"\"Telescope\"\", 2 × =SUM(A1).\nSecond line\","))
        // Four records (header and three NPCs): four CRLFs, and the one bare LF inside the notes.
        #expect(text.components(separatedBy: "\r\n").count == 5)
        #expect(text.replacingOccurrences(of: "\r\n", with: "").filter { $0 == "\n" }.count == 1)

        let quests = try #require(CSVExport.files(for: Self.site, options: ExportOptions()).first { $0.path == "elden-ring/quests.csv" })
        let questText = try #require(String(bytes: quests.bytes.dropFirst(3), encoding: .utf8))
        #expect(questText.contains(",\"Line\nbreak, \"\"quoted\"\", commas\","))
    }

    @Test func filtersByGameAndKind() {
        let options = ExportOptions(games: ["elden-ring"], kinds: ["quest", "npcs"])
        #expect(CSVExport.files(for: Self.site, options: options).map(\.path) == ["elden-ring/npcs.csv", "elden-ring/quests.csv"])
        #expect(CSVExport.files(for: Self.site, options: ExportOptions(games: [])).isEmpty)
    }

    @Test func sameBytesOnEveryRun() {
        #expect(CSVExport.files(for: ExportTestSite.make(), options: ExportOptions())
            == CSVExport.files(for: ExportTestSite.make(), options: ExportOptions()))
    }

    static let hostile = [
        "Comma, inside", "\"Quoted\" and \"\"doubled\"\"", "Line\nbreak", "Windows\r\nbreak", "Trailing quote\"",
        "Emoji 🐉 and family 👩‍👩‍👧", "龙王庙", "ドラゴン", "Bà Đường ở Huế", "=1+1", "+1 Talisman", "-5", "-5 apples",
        "@SUM(A1)", "\tTabbed", "\rReturned", " spaced ", "'already quoted", "",
    ]

    @Test(arguments: hostile)
    func hostileValuesRoundTrip(_ value: String) throws {
        // The value is also an extra field's name, so it is a header too.
        let site = ExportTestSite.single(name: value, aliases: [value], tags: [value, value], extra: [
            ExtraField(name: value, value: .string(value)), ExtraField(name: "items", value: .list([value, value])),
        ])
        for neutralise in [true, false] {
            let file = try #require(CSVExport.files(for: site, options: ExportOptions(neutraliseFormulas: neutralise)).first)
            let table = try #require(CSVReader.read(file.bytes))
            let row = try Self.row(table, "n")
            let expected = { (text: String) in neutralise ? CSVEncoding.neutralised(text) : text }
            #expect(row["name"] == expected(value))
            #expect(row["aliases"] == expected(value))
            #expect(row["tags"] == expected(value + "; " + value))
            #expect(row[expected(value)] == expected(value))
            #expect(row["items"] == expected(value + "; " + value))
        }
    }

    @Test func emptyListsAreEmptyCells() throws {
        let file = try #require(CSVExport.files(for: ExportTestSite.single(name: "N"), options: ExportOptions()).first)
        let table = try #require(CSVReader.read(file.bytes))
        let row = try Self.row(table, "n")
        #expect(row["aliases"] == "")
        #expect(row["tags"] == "")
        #expect(row["locations"] == "")
        #expect(row["locations_ids"] == "")
    }
}
