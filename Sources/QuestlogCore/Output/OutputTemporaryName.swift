#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of the files a build writes before renaming them into place:
/// `.questlog-tmp-<process id>-<file number>`, or `-manifest` for the manifest, in the folder of
/// the file they become. A build killed mid-write leaves such files behind; the next build knows
/// them by this scheme alone and removes them.
enum OutputTemporaryName {
    static let prefix = ".questlog-tmp-"

    /// The temporary name of the `index`th file of this process's build.
    static func file(_ index: Int) -> String {
        "\(prefix)\(getpid())-\(index)"
    }

    /// The temporary name of this process's manifest.
    static var manifest: String {
        "\(prefix)\(getpid())-manifest"
    }

    /// Whether `name` follows the scheme exactly and was written by a build no longer running:
    /// the temporary files of a build running at this moment (into the same folder, against
    /// advice) are left alone.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let process = Int32(parts[0]), process > 0, String(process) == parts[0],
              parts[1] == "manifest" || (!parts[1].isEmpty && parts[1].allSatisfy { $0.isASCII && $0.isNumber }) else {
            return false
        }
        return process != getpid() && kill(process, 0) != 0 && errno == ESRCH
    }
}
