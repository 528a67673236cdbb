import Foundation
@testable import QuestlogCore
import TestSupport
import Testing

/// Whole sites made of random fragments go through Load, Resolve and Render without a crash: each
/// gives pages or diagnostics, and the same input gives the same result.
struct PipelineRobustnessTests {
    static let fragments = [
        "---\n", "name: ", "Varré", "locations: [", "]", "quests:\n  - ", "a", "b", "c", "complete: ", "true", "yes",
        "parent: ", "merchant: ", "tags: ", "[[", "]]", "|", "npc:", "quest:", "\n", "  ", "\t", "\"", "'", ":", "- ",
        "&x", "*x", "{", "}", "# Heading\n", "```\n", "<script>", "javascript:", "\u{0}", "Đường", "鈴木", "\r\n",
        "id: ", "notes: |\n  ", "other/", "🗡", "...", "%", "@", "`",
    ]

    static func randomText(_ generator: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0..<40, using: &generator) { text += fragments[Int.random(in: 0..<fragments.count, using: &generator)] }
        return text
    }

    static func outcome(of root: String, jobs: Int) -> String {
        let (site, diagnostics) = Resolver(jobs: jobs).resolve(SiteLoader(root: root, jobs: jobs).load())
        let (files, renderDiagnostics) = SiteRenderer(theme: .embedded, jobs: jobs).render(site)
        return diagnostics.formattedText() + renderDiagnostics.formattedText()
            + files.map { "\($0.path) \($0.bytes.count)" }.joined(separator: "\n")
    }

    @Test func randomSitesNeverCrash() throws {
        var generator = SplitMix64(seed: 2026)
        for round in 0..<60 {
            let root = NSTemporaryDirectory() + "questlog-fuzz-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: root) }
            var files: [String: String] = ["questlog.yml": round % 5 == 0 ? Self.randomText(&generator) : "title: Fuzz\n"]
            for index in 0..<(1 + Int.random(in: 0..<8, using: &generator)) {
                let folder = ["npcs", "quests", "locations"][Int.random(in: 0..<3, using: &generator)]
                let name = ["a", "b", "c", "Đường", "x y"][Int.random(in: 0..<5, using: &generator)] + "\(index)"
                let isData = Int.random(in: 0..<4, using: &generator) == 0
                files["Content/game/\(folder)/\(name).\(isData ? "yml" : "md")"] = Self.randomText(&generator)
            }
            files["Content/game/game.md"] = Self.randomText(&generator)
            for (path, contents) in files {
                let full = root + "/" + path
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try contents.write(toFile: full, atomically: false, encoding: .utf8)
            }
            let first = Self.outcome(of: root, jobs: 1)
            #expect(first == Self.outcome(of: root, jobs: 3), "round \(round) depends on the thread count")
        }
    }
}
