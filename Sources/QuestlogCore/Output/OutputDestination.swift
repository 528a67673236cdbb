/// What the output folder held before this build.
struct OutputDestination {
    /// Whether the folder exists.
    var exists: Bool
    /// The names at the top of the folder.
    var rootNames: [String]
    /// The manifest of the previous build, when the folder is Questlog output.
    var manifest: OutputManifest?
    /// The manifest file's bytes as found, to know whether it needs rewriting.
    var manifestBytes: [UInt8]?

    /// Names that do not make a folder "not empty": a `.git` lets the output folder be a git
    /// worktree (a GitHub Pages branch, say), and `.DS_Store` appears when macOS shows the folder.
    static let ignorableNames: Set<String> = [".git", ".DS_Store"]

    static let absent = OutputDestination(exists: false, rootNames: [], manifest: nil, manifestBytes: nil)
}
