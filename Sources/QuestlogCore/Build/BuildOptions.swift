/// What `questlog build` is asked to do.
public struct BuildOptions: Sendable, Equatable {
    /// The site folder (absolute).
    public var site: String
    /// The output folder (absolute).
    public var output: String
    /// How the output folder is named in messages (`Output/`).
    public var outputDisplayName: String
    public var jobs: Int
    /// Warnings stop the build like errors.
    public var strict: Bool
    /// Publish drafts, with a badge (`--drafts`; always in `serve`).
    public var includeDrafts: Bool
    /// Report every use of an unknown field, not one line per kind and field (`--verbose`).
    public var listEveryUse: Bool
    /// Ignore the build cache and build everything (`--clean`); files are still written only when
    /// their bytes change, and nothing foreign is ever deleted.
    public var clean: Bool = false
    /// The public address to build for, in place of `questlog.yml`'s `base_url` (`--base-url`);
    /// already checked and ending with `/`.
    public var baseURL: String?
    /// Whether the process ends when this build does (`questlog build`): what the build loads is
    /// then never freed, and made immortal (`Immortal`) for the threads to share without writing.
    public var endsWithProcess = false

    public init(site: String, output: String, outputDisplayName: String? = nil, jobs: Int = 1, strict: Bool = false,
                includeDrafts: Bool = false, listEveryUse: Bool = false, baseURL: String? = nil) {
        self.site = site
        self.output = output
        self.outputDisplayName = outputDisplayName ?? output
        self.jobs = max(1, jobs)
        self.strict = strict
        self.includeDrafts = includeDrafts
        self.listEveryUse = listEveryUse
        self.baseURL = baseURL
    }

    /// What the Resolve stage is told, with the theme's callout titles in every UI language.
    public func resolveOptions(theme: Theme) -> ResolveOptions {
        ResolveOptions(jobs: jobs, includeDrafts: includeDrafts, strict: strict, listEveryUse: listEveryUse,
                       calloutTitles: ResolveOptions.calloutTitles(theme: theme))
    }
}
