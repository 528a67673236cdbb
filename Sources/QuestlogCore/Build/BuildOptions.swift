/// What `questlog build` is asked to do.
public struct BuildOptions: Sendable {
    /// The site folder (absolute).
    public var site: String
    /// The output folder (absolute).
    public var output: String
    /// How the output folder is named in messages (`Output/`).
    public var outputDisplayName: String
    public var jobs: Int
    /// Warnings stop the build like errors.
    public var strict: Bool
    /// Private files and folders (names starting with `_`) are published too.
    public var includeDrafts: Bool

    public init(site: String, output: String, outputDisplayName: String? = nil, jobs: Int = 1, strict: Bool = false,
                includeDrafts: Bool = false) {
        self.site = site
        self.output = output
        self.outputDisplayName = outputDisplayName ?? output
        self.jobs = max(1, jobs)
        self.strict = strict
        self.includeDrafts = includeDrafts
    }
}
