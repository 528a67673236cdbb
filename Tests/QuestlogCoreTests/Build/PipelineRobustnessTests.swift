import Foundation
@testable import QuestlogCore
import Testing

/// Whole sites made of random fragments go through Load, Resolve and Render without a crash: each
/// gives pages or diagnostics, and the same input gives the same result.
struct PipelineRobustnessTests {
    /// A small fixed-seed generator (SplitMix64), so every run tries the same sites.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let fragments = [
        "---\n", "name: ", "Varré", "locations: [", "]", "quests:\n  - ", "a", "b", "c", "complete: ", "true", "yes",
        "parent: ", "merchant: ", "tags: ", "[[", "]]", "|", "npc:", "quest:", "\n", "  ", "\t", "\"", "'", ":", "- ",
        "&x", "*x", "{", "}", "# Heading\n", "```\n", "<script>", "javascript:", "\u{0}", "Đường", "鈴木", "\r\n",
        "id: ", "notes: |\n  ", "other/", "🗡", "...", "%", "@", "`",
    ]

    static func randomText(_ generator: inout Generator) -> String {
        var text = ""
        for _ in 0..<generator.below(40) { text += fragments[generator.below(fragments.count)] }
        return text
    }

    static func outcome(of root: String, jobs: Int) -> String {
        let (site, diagnostics) = Resolver(jobs: jobs).resolve(SiteLoader(root: root, jobs: jobs).load())
        let (files, renderDiagnostics) = SiteRenderer(theme: .embedded, jobs: jobs).render(site)
        return diagnostics.formattedText() + renderDiagnostics.formattedText()
            + files.map { "\($0.path) \($0.bytes.count)" }.joined(separator: "\n")
    }

    @Test func randomSitesNeverCrash() throws {
        var generator = Generator(state: 2026)
        for round in 0..<60 {
            let root = NSTemporaryDirectory() + "questlog-fuzz-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: root) }
            var files: [String: String] = ["questlog.yml": round % 5 == 0 ? Self.randomText(&generator) : "title: Fuzz\n"]
            for index in 0..<(1 + generator.below(8)) {
                let folder = ["npcs", "quests", "locations"][generator.below(3)]
                let name = ["a", "b", "c", "Đường", "x y"][generator.below(5)] + "\(index)"
                let isData = generator.below(4) == 0
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
