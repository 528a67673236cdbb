/// How the Resolve stage treats what is legal but may be a mistake.
public struct ResolveOptions: Sendable, Hashable {
    /// How many threads may render notes at once.
    public var jobs: Int
    /// Publish drafts (`draft: true`, `_` names) with a badge instead of leaving them out.
    public var includeDrafts: Bool
    /// Warnings will be errors (`--strict`): report every use of an unknown field, and repeated names.
    public var strict: Bool
    /// Report every use of an unknown field (`--verbose`) rather than one line per kind and field.
    public var listEveryUse: Bool
    /// Default titles of callouts (`> [!tip]` → "Tip") by UI language, then by callout type; a note
    /// gets those of its game's language. Without them a callout is titled by its type.
    public var calloutTitles: [String: [String: String]]

    public init(jobs: Int = 1, includeDrafts: Bool = false, strict: Bool = false, listEveryUse: Bool = false,
                calloutTitles: [String: [String: String]] = [:]) {
        self.jobs = max(1, jobs)
        self.includeDrafts = includeDrafts
        self.strict = strict
        self.listEveryUse = listEveryUse
        self.calloutTitles = calloutTitles
    }

    /// The callout titles of a theme's locales (`callouts:` in `locales/<language>.yml`), by language.
    public static func calloutTitles(theme: Theme) -> [String: [String: String]] {
        var titles: [String: [String: String]] = [:]
        for language in SiteConfig.languages {
            titles[language] = UIStrings.load(language: language, theme: theme).0.group("callouts")
        }
        return titles
    }
}
