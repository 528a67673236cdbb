#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of the files a build writes before renaming them into place:
/// `.questlog-tmp-<process id>-<file number>`, or `-manifest` for the manifest, in the folder of
/// the file they become; and `.questlog-tmp-<process id>-stage`, the folder at the top of the
/// output where a build keeps the files it makes, each named by its number, until it knows it
/// succeeds. A build into a folder that was missing or empty keeps them instead in
/// `.questlog-tmp-<process id>-tree`, each at its own path, to move them into place folder by
/// folder. A build killed mid-write leaves such files behind; the next build knows them by this
/// scheme alone and removes them.
enum OutputTemporaryName {
    static let prefix = ".questlog-tmp-"

    /// The temporary name of the `index`th file of this process's build (`process`, when its id is
    /// known already).
    static func file(_ index: Int, process: Int32 = getpid()) -> String {
        "\(prefix)\(process)-\(index)"
    }

    /// The temporary name of this process's manifest.
    static var manifest: String {
        "\(prefix)\(getpid())-manifest"
    }

    /// The name of this process's staging folder.
    static var stage: String {
        "\(prefix)\(getpid())-stage"
    }

    /// The name of this process's staging folder of files at their own paths.
    static var tree: String {
        "\(prefix)\(getpid())-tree"
    }

    /// Whether `name` is a staging folder's name, of any process.
    static func isStage(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix("-stage")
    }

    /// Whether `name` is the name of a staging folder of files at their own paths, of any process.
    static func isTree(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix("-tree")
    }

    /// The name of a staged file inside the staging folder.
    static func staged(_ index: Int) -> String {
        String(index)
    }

    /// Whether `name` can be a staged file's name: digits only.
    static func isStaged(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether `name` follows the scheme exactly and was written by a build no longer running:
    /// the temporary files of a build running at this moment (into the same folder, against
    /// advice) are left alone.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let process = Int32(parts[0]), process > 0, String(process) == parts[0],
              parts[1] == "manifest" || parts[1] == "stage" || parts[1] == "tree" || (!parts[1].isEmpty && parts[1].allSatisfy { $0.isASCII && $0.isNumber }) else {
            return false
        }
        return process != getpid() && kill(process, 0) != 0 && errno == ESRCH
    }
}
