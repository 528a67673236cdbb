import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists folders the same way on every file system: sorted by byte order, without hidden files and editor leftovers.
public enum DirectoryListing {
    struct Item {
        /// What the name itself is: a symbolic link is reported as one, not followed.
        enum Kind {
            case file
            case directory
            case symbolicLink
            case other
        }

        var name: String
        var kind: Kind
        /// The size of a file, in bytes.
        var byteCount: Int
        /// When it was last modified, in nanoseconds since 1970 (`SourceStamp.modified`).
        var modified: Int64 = 0

        var isDirectory: Bool { kind == .directory }
    }

    static func items(at path: String) -> [Item] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != "." && name != ".." && !isIgnored(name) { names.append(name) }
        }
        // Each name is examined from its folder, open already, rather than by its whole path.
        let descriptor = dirfd(folder)
        return names
            .sortedByUTF8()
            .compactMap { name in
                var info = stat()
                // A name that vanished since the listing is simply not there.
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
                let kind: Item.Kind
                switch info.st_mode & S_IFMT {
                case S_IFREG: kind = .file
                case S_IFDIR: kind = .directory
                case S_IFLNK: kind = .symbolicLink
                default: kind = .other
                }
                return Item(name: name, kind: kind, byteCount: Int(info.st_size), modified: SourceStamp.modificationTime(info))
            }
    }

    /// Hidden files, editor swap and backup files, and OS metadata are never content.
    public static func isIgnored(_ name: String) -> Bool {
        // An ASCII name (most) is told from its bytes, each a character of its own but for CR LF,
        // which none of the marks below is part of.
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 }), let first = bytes.first, let last = bytes.last else { return nil }
            func ends(_ suffix: StaticString) -> Bool {
                suffix.withUTF8Buffer { bytes.count >= $0.count && bytes.suffix($0.count).elementsEqual($0) }
            }
            return first == UInt8(ascii: ".") || last == UInt8(ascii: "~") || ends(".swp") || ends(".swo") || ends(".tmp")
                || (first == UInt8(ascii: "#") && last == UInt8(ascii: "#")) || ends("Thumbs.db") && bytes.count == 9
                || ends("desktop.ini") && bytes.count == 11
        }
        if let ascii, let ascii { return ascii }
        return name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swo")
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
        FileContents.read(path)
    }
}
