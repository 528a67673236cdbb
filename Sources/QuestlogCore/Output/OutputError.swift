/// Why the output could not be written: the destination was refused, a path of the file list is
/// unusable, or the operating system reported a failure.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem; its raw value is the stable code shown with the diagnostic.
    public enum Kind: String, Sendable, Hashable {
        /// The folder holds files and no Questlog manifest.
        case notQuestlogOutput = "output-not-questlog"
        /// The output path names a file, or a path through a file.
        case notAFolder = "output-not-a-folder"
        /// The folder's manifest cannot be read as one.
        case damagedManifest = "output-damaged-manifest"
        /// The output folder is the site, holds the site, or is inside its sources.
        case overlapsSite = "output-overlaps-site"
        /// A path of the file list is not a safe relative path.
        case invalidPath = "output-invalid-path"
        /// The file list holds the same path twice.
        case duplicatePath = "output-duplicate-path"
        /// The file list uses a path both as a file and as a folder.
        case fileFolderConflict = "output-file-folder-conflict"
        /// Two paths differ only in case (or Unicode normalization), so they collide on macOS and Windows.
        case caseCollision = "output-case-collision"
        /// Something Questlog did not write occupies a path it must write.
        case inTheWay = "output-in-the-way"
        /// A file-system call failed.
        case fileSystem = "output-file-system"
    }

    /// What went wrong.
    public var kind: Kind
    /// What to tell the user: the folder or file concerned, the reason and, where there is one, the way out.
    public var message: String
    /// The file's path relative to the output folder, when the problem concerns one file.
    public var path: String?

    /// An error of `kind` with its message, and the file it concerns if there is one.
    public init(_ kind: Kind, _ message: String, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    /// The message.
    public var description: String { message }
}
