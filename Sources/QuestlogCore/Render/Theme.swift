import Foundation

/// The files of a theme: Mustache templates, assets and UI strings, by path relative to `Templates/`.
/// The default theme is embedded in the binary from the repository's `Templates/`; a site's own
/// `Templates/` folder overrides it file by file.
public struct Theme: Sendable {
    public var files: [String: [UInt8]]
    /// Paths of files that came from the site's `Templates/` (for diagnostics).
    public var overridden: Set<String>

    public init(files: [String: [UInt8]], overridden: Set<String> = []) {
        self.files = files
        self.overridden = overridden
    }

    /// The theme built into Questlog.
    public static let embedded: Theme = {
        var files: [String: [UInt8]] = [:]
        for file in EmbeddedTheme.files {
            files[file.path] = Data(base64Encoded: file.base64).map { [UInt8]($0) } ?? []
        }
        return Theme(files: files)
    }()

    /// This theme with every file of `folder` (a site's `Templates/`) put in place of the built-in one.
    public func overlaid(with folder: String) -> Theme {
        var theme = self
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return theme }
        let paths = walker.compactMap { $0 as? String }.sorted()
        for path in paths {
            let name = (path as NSString).lastPathComponent
            guard !DirectoryListing.isIgnored(name), !DirectoryListing.isDirectory(folder + "/" + path),
                  let bytes = DirectoryListing.readBytes(folder + "/" + path) else { continue }
            theme.files[path] = bytes
            theme.overridden.insert(path)
        }
        return theme
    }

    /// Templates by name: `entry` for `entry.mustache`, `partials/header` for `partials/header.mustache`.
    public var templates: [String: String] {
        var templates: [String: String] = [:]
        for (path, bytes) in files where path.hasSuffix(".mustache") {
            templates[String(path.dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
        }
        return templates
    }

    /// Files copied to the output as they are (under `assets/`), sorted by path.
    public var assets: [(path: String, bytes: [UInt8])] {
        files.filter { $0.key.hasPrefix("assets/") }
            .sorted { $0.key.utf8Precedes($1.key) }
            .map { (path: $0.key, bytes: $0.value) }
    }

    /// Where a theme file is shown in diagnostics: the site's override, or the built-in theme.
    public func sourcePath(of path: String) -> String {
        overridden.contains(path) ? "Templates/" + path : "(built-in theme)/" + path
    }
}
