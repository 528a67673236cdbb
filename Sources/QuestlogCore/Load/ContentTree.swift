import Foundation

/// Where the walk of `Content/` may go. A symbolic link is followed only when its target lies inside
/// the site (or the real `Content/` folder), and never into a folder being walked, so the walk always
/// ends; nothing behind a refused link is read.
struct ContentTree: Sendable {
    /// What a listed name turns out to be, links followed.
    enum Node {
        case file(byteCount: Int)
        /// A folder, with its real path (links resolved) to recognise it when a link leads back to it.
        case folder(realPath: String)
    }

    /// The site folder, as given to the loader.
    let root: String
    /// Real paths of the site and of its `Content/` folder, the places links may lead to.
    let allowedRoots: [String]

    init(root: String) {
        self.root = root
        allowedRoots = [root, root + "/" + SiteLoader.contentFolder].compactMap(Self.realPath)
    }

    /// The real path of `path`, or nil (with `errno` set) when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What `item`, listed in the folder at `parentRealPath`, is. Nil, with a diagnostic at `relative`,
    /// for a link that may not or cannot be followed and for what is neither a file nor a folder.
    /// `ancestors` are the real paths of the folders being walked.
    func node(_ item: DirectoryListing.Item, at relative: String, in parentRealPath: String, ancestors: Set<String>,
              diagnostics: inout DiagnosticList) -> Node? {
        let location = SourceLocation(path: relative)
        switch item.kind {
        case .file:
            return .file(byteCount: item.byteCount)
        case .directory:
            return .folder(realPath: parentRealPath + "/" + item.name)
        case .other:
            diagnostics.append(.warning("ignored: not a regular file or folder", code: "ignored-file", at: location))
            return nil
        case .symbolicLink:
            break
        }
        let path = root + "/" + relative
        guard let target = Self.realPath(path) else {
            let code = errno
            let written = Self.linkText(path).map { " (to \($0))" } ?? ""
            switch code {
            case ELOOP:
                diagnostics.append(.error("symbolic link never ends: it leads back to itself through other links\(written); remove it",
                                          code: "symlink-loop", at: location))
            case ENOENT, ENOTDIR:
                diagnostics.append(.error("symbolic link points to nothing\(written); fix or remove it",
                                          code: "broken-symlink", at: location))
            default:
                diagnostics.append(.error("cannot follow the symbolic link: \(String(cString: strerror(code)))",
                                          code: "unreadable-file", at: location))
            }
            return nil
        }
        guard allowedRoots.contains(where: { target == $0 || target.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            diagnostics.append(.error("symbolic link points outside the site (to \(target)); copy the files in instead",
                                      code: "symlink-outside", at: location))
            return nil
        }
        var info = stat()
        guard stat(target, &info) == 0 else {
            diagnostics.append(.error("cannot follow the symbolic link: \(String(cString: strerror(errno)))",
                                      code: "unreadable-file", at: location))
            return nil
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .file(byteCount: Int(info.st_size))
        case S_IFDIR:
            guard !ancestors.contains(target) else {
                diagnostics.append(.error("symbolic link leads back to a folder that holds it (\(target)); remove it",
                                          code: "symlink-loop", at: location))
                return nil
            }
            return .folder(realPath: target)
        default:
            diagnostics.append(.warning("ignored: the symbolic link leads to something that is neither a file nor a folder",
                                        code: "ignored-file", at: location))
            return nil
        }
    }

    /// The target a link was given, as written, for messages.
    private static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
