import Mustache

/// A deploy pipeline that `questlog init --ci` writes: it builds Questlog from its sources, then
/// the site, and publishes it. Each recipe is a template of the theme (`ci/<host>.mustache`), so a
/// site's `Templates/` can override it.
public enum CIRecipe: String, Sendable, CaseIterable {
    /// GitHub Actions to GitHub Pages.
    case github
    /// A GitLab CI `pages` job.
    case gitlab
    /// Netlify's file-based configuration.
    case netlify

    /// Where the recipe goes in the site.
    public var path: String {
        switch self {
        case .github: return ".github/workflows/questlog.yml"
        case .gitlab: return ".gitlab-ci.yml"
        case .netlify: return "netlify.toml"
        }
    }

    /// The theme's template of the recipe, by name.
    public var template: String {
        "ci/" + rawValue
    }

    /// The Debian packages that building Questlog needs, as `.ci/run` and the README install them.
    public static let aptPackages = ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev", "libyaml-dev", "zlib1g-dev", "pkg-config"]
    /// The Swift release the recipes build with, and its official container image.
    public static let swiftVersion = "6.0"

    /// What the templates see: `apt_packages`, `swift_version` and `swift_image`.
    static var context: MustacheValue {
        ["apt_packages": .string(aptPackages.joined(separator: " ")),
         "swift_version": .string(swiftVersion),
         "swift_image": .string("swift:" + swiftVersion)]
    }

    /// The recipe rendered from `theme`; a missing or broken template is an error at its position.
    public func render(theme: Theme) throws(Diagnostic) -> String {
        let library = MustacheLibrary(templates: theme.templates, strict: true)
        func diagnostic(_ error: MustacheError) -> Diagnostic {
            .error(error.message, code: "template-error",
                   at: SourceLocation(path: theme.sourcePath(of: error.template + ".mustache"), line: error.line, column: error.column))
        }
        let compiled: Template?
        do { compiled = try library.template(named: template) } catch { throw diagnostic(error) }
        guard let compiled else {
            throw .error("the theme has no \(template).mustache", code: "template-error",
                         at: SourceLocation(path: theme.sourcePath(of: template + ".mustache")))
        }
        do { return try library.render(compiled, with: Self.context) } catch { throw diagnostic(error) }
    }
}
