import Foundation
import Testing
@testable import QuestlogCore

/// The temporary files of a build killed mid-write are removed by the next one, by their names
/// alone; nothing else is.
@Suite struct OutputWriterLeftoverTests {
    let site: [OutputFile] = [.text("index.html"), .text("g/index.html"), .text("g/npcs/a.html"), .text("assets/site.css", "p {}\n")]

    /// A process id that runs nothing: the largest Linux allows, checked.
    static func deadProcess() throws -> Int32 {
        let candidate: Int32 = 4_194_303
        try #require(kill(candidate, 0) != 0 && errno == ESRCH)
        return candidate
    }

    @Test func leftoversAnywhereInTheOutputAreRemovedAndNothingElse() throws {
        let dead = try Self.deadProcess()
        try OutputTestFolder.with { folder in
            _ = try folder.writer().write(site)
            let leftovers = [".questlog-tmp-\(dead)-manifest", "g/.questlog-tmp-\(dead)-0", "g/npcs/.questlog-tmp-\(dead)-12"]
            let kept = [
                ".questlog-tmp-\(dead)-3.bak", ".questlog-tmp-\(dead)-", ".questlog-tmp-x-1", ".questlog-tmp-0\(dead)-1",
                "g/npcs/questlog-tmp-\(dead)-1", "g/npcs/.questlog-tmp-\(getpid())-1", "mine/.questlog-tmp-\(dead)-1",
            ]
            for path in leftovers + kept { try folder.put("Output/" + path, "partial") }
            try folder.makeFolder("Output/g/.questlog-tmp-\(dead)-7")
            _ = try folder.writer().write(site)
            for path in leftovers { #expect(!folder.exists("Output/" + path), "\(path) is removed") }
            for path in kept { #expect(folder.exists("Output/" + path), "\(path) is not ours to remove") }
            #expect(folder.exists("Output/g/.questlog-tmp-\(dead)-7"), "a folder is never a temporary file")
        }
    }

    @Test func aFolderHoldingOnlyLeftoversIsQuestlogs() throws {
        let dead = try Self.deadProcess()
        try OutputTestFolder.with { folder in
            try folder.put("Output/.questlog-tmp-\(dead)-manifest", "questlog-manifest 1\nindex")
            _ = try folder.writer().write(site)
            #expect(!folder.exists("Output/.questlog-tmp-\(dead)-manifest"))
            #expect(folder.exists("Output/.questlog-manifest"))
        }
    }

    @Test(arguments: ["", "-1", "1-", "a-1", "1-a", "1-1-1", "+1-1", "1-manifest.x"])
    func namesOutsideTheSchemeAreNeverLeftovers(_ suffix: String) {
        #expect(!OutputTemporaryName.isLeftover(OutputTemporaryName.prefix + suffix))
    }
}
