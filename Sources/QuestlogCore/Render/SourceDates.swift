import Foundation

/// When each source file last changed, for the sitemap's `lastmod`: the date of the last commit
/// that touched it when the site is in a git repository and the file is committed unchanged,
/// else its modification time. One `git log` for the whole site (and one `git diff` for the files
/// changed since), never one call per file; without git, or outside a repository, every date is
/// the file's modification time. The same files in the same repository state give the same dates.
struct SourceDates {
    /// Seconds since 1970 by path from the site root.
    private(set) var dates: [String: Int] = [:]

    /// The dates of `paths` (relative to `root`); a file that cannot be read has none.
    init(root: String, paths: Set<String>, git: String? = SourceDates.gitExecutable()) {
        var committed: [String: Int] = [:]
        if let git, !paths.isEmpty {
            committed = Self.commitDates(root: root, git: git)
            if !committed.isEmpty {
                for path in Self.changedFiles(root: root, git: git) { committed[path] = nil }
            }
        }
        for path in paths {
            if let date = committed[path] {
                dates[path] = date
            } else if let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + path),
                      let modified = attributes[.modificationDate] as? Date {
                dates[path] = Int(modified.timeIntervalSince1970.rounded(.down))
            }
        }
    }

    /// The latest date of `paths`, as a W3C date-time in UTC (`2026-11-30T09:15:00Z`).
    func lastModified(_ paths: [String]) -> String? {
        paths.compactMap { dates[$0] }.max().map(Self.w3cDate)
    }

    static func w3cDate(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// The newest commit date of every file under `root`, from one `git log` (newest first).
    private static func commitDates(root: String, git: String) -> [String: Int] {
        guard let output = run(git, ["-C", root, "-c", "core.quotePath=false", "log", "--relative", "--no-renames",
                                     "--format=%x01%ct", "--name-only", "--", "."]) else { return [:] }
        var dates: [String: Int] = [:]
        var current: Int?
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "\u{1}" {
                current = Int(line.dropFirst())
            } else if let current, dates[String(line)] == nil {
                dates[String(line)] = current
            }
        }
        return dates
    }

    /// Files changed since the last commit (staged or not): their dates are their modification times.
    private static func changedFiles(root: String, git: String) -> [String] {
        guard let output = run(git, ["-C", root, "-c", "core.quotePath=false", "diff", "--name-only", "--relative", "HEAD", "--", "."])
        else { return [] }
        return output.split(separator: "\n").map(String.init)
    }

    /// `git` on the `PATH`, if there is one.
    static func gitExecutable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The standard output of a command that succeeds; nil when it fails or cannot start.
    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
