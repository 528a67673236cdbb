import Foundation
@testable import QuestlogCLI
import Testing
import TestSupport

/// `questlog build` killed at random moments while it rebuilds a site whose every page changes:
/// each file of the output is then complete, as the old build or the new one wrote it, and the
/// next build leaves no temporary file and gives exactly what a clean build gives.
@Suite(.serialized) struct InterruptedBuildTests {
    static let entries = 100
    static let seeds: [UInt64] = Array(1...9)

    /// The `questlog` executable of this build, beside the test runner.
    static func executable() throws -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("questlog").path
        let candidates = [beside, packageRoot + "/.build/debug/questlog"]
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "no questlog binary in \(candidates)")
    }

    /// Content of the old (`version` 0) or new (1) site: every note differs, and some entries
    /// exist in one version only.
    static func writeContent(_ site: String, version: Int) throws {
        let folder = site + "/Content/my-first-game/npcs"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("npc-") {
            try FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        for index in 0..<entries where (index + version) % 7 != 0 {
            let text = "---\nname: NPC \(index)\ntags: [t\(index % 5)]\n---\nVersion \(version) of NPC \(index). "
                + String(repeating: "Met near the old watchtower. ", count: 40 + version * 3) + "\n"
            try text.write(toFile: folder + "/npc-\(index).md", atomically: false, encoding: .utf8)
        }
    }

    static func build(_ site: String, into output: String) {
        let result = runQuestlog(["build", "--quiet", "--site", site, "--output", output, "--jobs", "2"])
        #expect(result.code == .success, "\(result.error)")
    }

    /// Runs the build in a child process and kills it `delay` seconds after it starts or, with
    /// `fromWriting`, after it starts writing (its manifest is rewritten first, since the new
    /// build adds files), unless it is done by then. Returns how long it ran in all, and from
    /// the start of writing.
    @discardableResult
    static func killedBuild(_ executable: String, site: String, output: String, after delay: Double,
                            fromWriting: Bool = false) throws -> (total: Double, writing: Double) {
        let manifest = output + "/.questlog-manifest"
        let before = FileManager.default.contents(atPath: manifest)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["build", "--quiet", "--site", site, "--output", output, "--jobs", "2"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        var writing: Date?
        while process.isRunning {
            if writing == nil, FileManager.default.contents(atPath: manifest) != before { writing = Date() }
            if let from = fromWriting ? writing : started, Date().timeIntervalSince(from) >= delay { break }
            usleep(500)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let ended = Date()
        return (ended.timeIntervalSince(started), ended.timeIntervalSince(writing ?? ended))
    }

    /// The paths a manifest lists.
    static func paths(in manifest: [UInt8]) -> [String] {
        manifest.split(separator: UInt8(ascii: "\n")).dropFirst().map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func everyFileIsCompleteAndTheNextBuildCleansUp() throws {
        let executable = try Self.executable()
        let work = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let site = work + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        #expect(runQuestlog(["init", "."], in: site).code == .success)
        try Self.writeContent(site, version: 0)
        Self.build(site, into: work + "/old")
        try Self.writeContent(site, version: 1)
        Self.build(site, into: work + "/new")
        let old = TestTree.files(work + "/old"), new = TestTree.files(work + "/new")
        #expect(old.keys.count > Self.entries && old != new)

        let both = Set(Self.paths(in: old[".questlog-manifest"] ?? []) + Self.paths(in: new[".questlog-manifest"] ?? []))
        let covering = Array(("questlog-manifest 1\n" + both.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { $0 + "\n" }.joined()).utf8)

        // How long an uninterrupted rebuild takes, and its writing, to spread the kills over them:
        // most seeds kill it while it writes, every third one at any moment.
        try FileManager.default.copyItem(atPath: work + "/old", toPath: work + "/timed")
        let duration = try Self.killedBuild(executable, site: site, output: work + "/timed", after: 600)

        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            let output = work + "/out-\(seed)"
            try FileManager.default.copyItem(atPath: work + "/old", toPath: output)
            let anyMoment = seed % 3 == 0
            let delay = Double.random(in: 0..<(anyMoment ? duration.total : duration.writing) * 1.1 + 0.001, using: &random)
            try Self.killedBuild(executable, site: site, output: output, after: delay, fromWriting: !anyMoment)
            let killed = TestTree.files(output)
            let manifest = killed[".questlog-manifest"] ?? []
            // While a build adds files, its manifest lists the old and new ones together.
            #expect(manifest == old[".questlog-manifest"] || manifest == new[".questlog-manifest"] || manifest == covering,
                    "seed \(seed): the manifest is neither the old, the new nor both together")
            let listed = Set(Self.paths(in: manifest))
            for (path, bytes) in killed where path != ".questlog-manifest" {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                // Temporary files beside their place, and files staged in the staging folder.
                if name.hasPrefix(".questlog-tmp-") || path.hasPrefix(".questlog-tmp-") { continue }
                #expect(bytes == old[path] || bytes == new[path], "seed \(seed): \(path) is neither the old nor the new file")
                #expect(listed.contains(path), "seed \(seed): \(path) is not in the manifest")
            }
            Self.build(site, into: output)
            let rebuilt = TestTree.files(output)
            #expect(rebuilt.keys.filter { $0.contains(".questlog-tmp-") }.isEmpty, "seed \(seed): a temporary file survived")
            let top = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
            #expect(!top.contains { $0.hasPrefix(".questlog-tmp-") }, "seed \(seed): a staging folder survived")
            #expect(rebuilt == new, "seed \(seed): the rebuild differs from a clean build")
        }
    }
}
