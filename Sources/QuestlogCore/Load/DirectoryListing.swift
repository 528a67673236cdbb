import Foundation

/// Lists folders the same way on every file system: sorted by byte order, without hidden files and editor leftovers.
public enum DirectoryListing {
    struct Item {
        var name: String
        var isDirectory: Bool
    }

    static func items(at path: String) -> [Item] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names
            .filter { !isIgnored($0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { name in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
                return Item(name: name, isDirectory: isDirectory.boolValue)
            }
    }

    /// Hidden files, editor swap and backup files, and OS metadata are never content.
    static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
            || name.hasSuffix(".tmp") || (name.hasPrefix("#") && name.hasSuffix("#"))
            || name == "Thumbs.db" || name == "desktop.ini"
    }

    /// Whether `path` is a Questlog site: a folder with `Content/`.
    public static func isSite(_ path: String) -> Bool {
        isDirectory(path + "/" + SiteLoader.contentFolder)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func readBytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
