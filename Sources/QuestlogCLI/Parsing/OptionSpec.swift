/// A `--long` option of a command: a flag, or an option taking a value.
public struct OptionSpec: Sendable, Hashable {
    public var name: String
    public var short: Character?
    /// The placeholder of the value (`DIR`); nil for a flag.
    public var valueName: String?
    public var help: String
    /// The values accepted, when the option takes one of a fixed set.
    public var choices: [String]?

    public init(_ name: String, short: Character? = nil, value: String? = nil, choices: [String]? = nil, help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.choices = choices
    }

    public var isFlag: Bool { valueName == nil }

    /// Options every command takes (DESIGN §2).
    public static let site = OptionSpec("site", short: "s", value: "DIR", help: "The site folder (default: the current folder).")
    /// Only for the commands that write a folder, which declare it themselves.
    public static let output = OptionSpec("output", short: "o", value: "DIR", help: "Where to write (default: Output/ in the site).")
    public static let strict = OptionSpec("strict", help: "Treat warnings as errors.")
    public static let jobs = OptionSpec("jobs", short: "j", value: "N", help: "How many threads to use (default: one per core).")
    public static let quiet = OptionSpec("quiet", short: "q", help: "Print errors only.")
    public static let verbose = OptionSpec("verbose", short: "v", help: "Print what is done and how long it took.")
    public static let diagnosticsFormat = OptionSpec("diagnostics-format", value: "FORMAT", choices: ["text", "json"],
                                                     help: "How to print problems: text (on stderr) or json (on stdout).")
    public static let help = OptionSpec("help", short: "h", help: "Show this help.")
    public static let common: [OptionSpec] = [site, strict, jobs, quiet, verbose, diagnosticsFormat]
}
