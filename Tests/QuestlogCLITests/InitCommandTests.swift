import Foundation
import QuestlogCLI
import Testing

struct InitCommandTests {
    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aNewSiteWithAGitHubPipeline() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = runQuestlog(["init", "site", "--ci", "github"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        #expect(result.output.contains("Wrote .github/workflows/questlog.yml too"))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/questlog.yml"))
        let workflow = try #require(Self.read(folder + "/site/.github/workflows/questlog.yml"))
        for step in ["actions/checkout@v4", "actions/configure-pages@v5", "actions/upload-pages-artifact@v3",
                     "actions/deploy-pages@v4", "actions/cache@v4", "container: swift:6.0", "pages: write", "id-token: write",
                     "zlib1g-dev", "swift build -c release",
                     #"questlog build --base-url "${{ steps.pages.outputs.base_url }}/" --output Output"#] {
            #expect(workflow.contains(step), "\(step)")
        }
        // The set-delimiter line of the template leaves nothing behind.
        #expect(workflow.hasPrefix("# Builds the Questlog site"))
    }

    @Test func inAnExistingSiteOnlyThePipelineIsWritten() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        let result = runQuestlog(["init", "--ci", "gitlab"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        #expect(result.output == "Wrote .gitlab-ci.yml: commit it to publish the site on every push.\n")
        let after = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        #expect(Set(after).subtracting(before) == [".gitlab-ci.yml"])
        let pipeline = try #require(Self.read(folder + "/.gitlab-ci.yml"))
        #expect(pipeline.contains("pages:\n  image: swift:6.0"))
        #expect(pipeline.contains("- if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH"))
        #expect(pipeline.contains("--output public"))

        #expect(runQuestlog(["init", "--ci", "netlify"], in: folder).code == .success)
        let netlify = try #require(Self.read(folder + "/netlify.toml"))
        #expect(netlify.contains("publish = \"Output\""))
    }

    /// A new site ignores, for Git, what builds make: the wiki, the memo of earlier builds and a
    /// pipeline's build of Questlog; a folder's own `.gitignore` (a repository's) is kept as it is.
    @Test func aNewSiteIgnoresWhatBuildsMake() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "site"], in: folder).code == .success)
        let ignored = try #require(Self.read(folder + "/site/.gitignore"))
        let patterns = ignored.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(patterns == ["/Output/", "/.questlog/", "/.questlog-build/"])
        #expect(runQuestlog(["build", "--quiet"], in: folder + "/site").code == .success)
        #expect(FileManager.default.fileExists(atPath: folder + "/site/Output/index.html"))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/.questlog"))

        try FileManager.default.createDirectory(atPath: folder + "/repository/.git", withIntermediateDirectories: true)
        try "*.log\r\n".write(toFile: folder + "/repository/.gitignore", atomically: true, encoding: .utf8)
        #expect(runQuestlog(["init", "repository"], in: folder).code == .success)
        #expect(Self.read(folder + "/repository/.gitignore") == "*.log\r\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/repository/questlog.yml"))
    }

    @Test func neverOverwritesAnExistingFile() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        try "[build]\n".write(toFile: folder + "/netlify.toml", atomically: true, encoding: .utf8)
        let result = runQuestlog(["init", "--ci", "netlify"], in: folder)
        #expect(result.code == .contentError)
        #expect(result.error.contains("netlify.toml already exists; not overwriting"), "\(result.error)")
        #expect(Self.read(folder + "/netlify.toml") == "[build]\n")
        // With the theme too, nothing is written when one file is in the way.
        let both = runQuestlog(["init", "--ci", "netlify", "--templates"], in: folder)
        #expect(both.code == .contentError)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Templates"))
    }

    @Test func themeAndPipelineTogetherInAnExistingSite() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        let result = runQuestlog(["init", "--templates", "--ci", "github"], in: folder)
        #expect(result.code == .success, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Templates/ci/github.mustache"))
        #expect(FileManager.default.fileExists(atPath: folder + "/.github/workflows/questlog.yml"))
    }

    @Test func aSiteCanOverrideItsRecipe() throws {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runQuestlog(["init", "."], in: folder).code == .success)
        try FileManager.default.createDirectory(atPath: folder + "/Templates/ci", withIntermediateDirectories: true)
        try "[build]\n  command = \"make\"\n  publish = \"Output\"\n# {{swift_version}}\n"
            .write(toFile: folder + "/Templates/ci/netlify.mustache", atomically: true, encoding: .utf8)
        #expect(runQuestlog(["init", "--ci", "netlify"], in: folder).code == .success)
        #expect(Self.read(folder + "/netlify.toml") == "[build]\n  command = \"make\"\n  publish = \"Output\"\n# 6.0\n")

        try "{{#broken}}\n".write(toFile: folder + "/Templates/ci/gitlab.mustache", atomically: true, encoding: .utf8)
        let broken = runQuestlog(["init", "--ci", "gitlab"], in: folder)
        #expect(broken.code == .contentError)
        #expect(broken.error.hasPrefix("Templates/ci/gitlab.mustache:"), "\(broken.error)")
        #expect(broken.error.contains("[template-error]"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.gitlab-ci.yml"))
    }

    @Test func anUnknownHostIsAUsageErrorWithASuggestion() {
        let folder = makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = runQuestlog(["init", "site", "--ci", "gitlba"], in: folder)
        #expect(result.code == .usage)
        #expect(result.error.contains("did you mean 'gitlab'?"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/site"))
    }
}
