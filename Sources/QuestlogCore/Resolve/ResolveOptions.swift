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

    public init(jobs: Int = 1, includeDrafts: Bool = false, strict: Bool = false, listEveryUse: Bool = false) {
        self.jobs = max(1, jobs)
        self.includeDrafts = includeDrafts
        self.strict = strict
        self.listEveryUse = listEveryUse
    }
}
