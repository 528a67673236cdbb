@testable import QuestlogCore
import Testing

struct CIRecipeTests {
    @Test(arguments: CIRecipe.allCases) func everyRecipeRendersFromTheBuiltInTheme(_ recipe: CIRecipe) throws {
        let text = try recipe.render(theme: Theme.embedded)
        #expect(text.contains("QUESTLOG_REPOSITORY"))
        #expect(text.contains("swift build -c release"))
        #expect(!text.contains("{{") || recipe == .github)
        #expect(!text.contains("<%"))
    }

    /// The pipelines that can keep files between runs keep Questlog's build, made again only for
    /// another commit of its sources (so the binary, and with it the site's memo, stays the same),
    /// and the site's memo in `.questlog/`.
    @Test func pipelinesKeepQuestlogsBuildAndTheSitesMemo() throws {
        let github = try CIRecipe.github.render(theme: Theme.embedded)
        #expect(github.contains("if: steps.questlog-build.outputs.cache-hit != 'true'"))
        #expect(github.contains("key: questlog-${{ runner.os }}-${{ steps.questlog.outputs.commit }}\n"))
        #expect(github.contains("path: .questlog\n"))
        #expect(github.contains("key: questlog-site-${{ runner.os }}-${{ steps.questlog.outputs.commit }}-${{ hashFiles("))
        // The memo is restored before the site is built.
        let memo = try #require(github.range(of: "path: .questlog\n")), build = try #require(github.range(of: "questlog build --base-url"))
        #expect(memo.upperBound < build.lowerBound)
        let gitlab = try CIRecipe.gitlab.render(theme: Theme.embedded)
        #expect(gitlab.contains("      - .questlog-build\n      - .questlog\n"))
        #expect(gitlab.contains("= \"$commit\" ]; then"))
        #expect(gitlab.contains("echo \"$commit\" > .questlog-build/questlog-commit"))
    }

    @Test func pathsAndTemplates() {
        #expect(CIRecipe.allCases.map(\.path) == [".github/workflows/questlog.yml", ".gitlab-ci.yml", "netlify.toml"])
        #expect(CIRecipe.allCases.map(\.template) == ["ci/github", "ci/gitlab", "ci/netlify"])
    }

    @Test func aBrokenTemplateIsADiagnosticAtItsPosition() {
        var theme = Theme.embedded
        theme.files["ci/gitlab.mustache"] = Array("pages:\n  {{#open}}\n".utf8)
        theme.overridden.insert("ci/gitlab.mustache")
        #expect {
            try CIRecipe.gitlab.render(theme: theme)
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.code == "template-error" && diagnostic.location?.path == "Templates/ci/gitlab.mustache"
        }
        theme.files["ci/netlify.mustache"] = nil
        #expect(throws: Diagnostic.self) { try CIRecipe.netlify.render(theme: theme) }
    }
}
