import Foundation
import YAML

/// The Load stage: reads `questlog.yml` and `Content/<game>/…` into raw entries with source positions.
/// Reads only; every problem becomes a diagnostic and loading goes on, so one run reports them all.
public struct SiteLoader: Sendable {
    /// The site folder (holding `Content/` and optionally `questlog.yml`).
    public var root: String
    /// How many threads read and parse files at once; the result does not depend on it.
    public var jobs: Int

    public static let contentFolder = "Content"
    /// Names the output itself uses at its root (`assets/`, `exports/`, `exports/site.json`).
    public static let reservedGameIds: Set<String> = ["assets", "exports", "site"]

    public init(root: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.jobs = max(1, jobs)
    }

    /// A file to read into entries, found while walking the folders.
    private enum FileJob: Sendable {
        case markdown(path: String, kind: Kind, id: String)
        case data(path: String, kind: Kind)
    }

    public func load() -> LoadedSite {
        var diagnostics = DiagnosticList()
        let config = loadConfig(&diagnostics)
        let schema = config.schema
        let contentPath = root + "/" + Self.contentFolder
        guard DirectoryListing.isDirectory(root) else {
            diagnostics.append(.error("the site folder does not exist: pass --site with a folder holding \(Self.contentFolder)/",
                                      code: "missing-content", at: nil))
            return LoadedSite(config: config, schema: schema, games: [], diagnostics: diagnostics)
        }
        guard DirectoryListing.isDirectory(contentPath) else {
            diagnostics.append(.error("this is not a Questlog site: it has no \(Self.contentFolder)/ folder (run 'questlog init' to create a site, or pass --site)",
                                      code: "missing-content", at: nil))
            return LoadedSite(config: config, schema: schema, games: [], diagnostics: diagnostics)
        }
        var games: [RawGame] = []
        var gameFolders: [String: String] = [:]
        for item in DirectoryListing.items(at: contentPath) {
            let relative = Self.contentFolder + "/" + item.name
            guard item.isDirectory else {
                diagnostics.append(.warning("ignored: files in \(Self.contentFolder)/ belong in a game folder such as \(Self.contentFolder)/my-game/",
                                            code: "ignored-file", at: SourceLocation(path: relative)))
                continue
            }
            let id = Slug.make(item.name)
            guard !id.isEmpty else {
                diagnostics.append(.error("cannot make a game id from the folder name '\(item.name)'; rename the folder with letters or digits",
                                          code: "invalid-id", at: SourceLocation(path: relative)))
                continue
            }
            if Self.reservedGameIds.contains(id) {
                diagnostics.append(.error("'\(id)' cannot be a game id: the output uses that name for its \(id == "site" ? "site export" : "own files"); rename the folder",
                                          code: "invalid-id", at: SourceLocation(path: relative)))
                continue
            }
            if let other = gameFolders[id] {
                diagnostics.append(.error("duplicate game id '\(id)': folders '\(other)' and '\(relative)' have the same id",
                                          code: "duplicate-id", at: SourceLocation(path: relative)))
                continue
            }
            gameFolders[id] = relative
            games.append(loadGame(id: id, folder: relative, schema: schema, diagnostics: &diagnostics))
        }
        return LoadedSite(config: config, schema: schema, games: games, diagnostics: diagnostics)
    }

    private func loadConfig(_ diagnostics: inout DiagnosticList) -> SiteConfig {
        for name in SiteConfigLoader.fileNames {
            guard let bytes = DirectoryListing.readBytes(root + "/" + name) else { continue }
            switch SourceText.decode(bytes, path: name) {
            case let .failure(diagnostic):
                diagnostics.append(diagnostic)
                return SiteConfig()
            case let .success(text):
                let (config, found) = SiteConfigLoader.parse(text, path: name)
                diagnostics.append(contentsOf: found)
                return config
            }
        }
        return SiteConfig()
    }

    private func loadGame(id: String, folder: String, schema: Schema, diagnostics: inout DiagnosticList) -> RawGame {
        let folderPath = root + "/" + folder
        var game = RawEntry(kind: schema.game, id: id, source: SourceLocation(path: folder), fields: [],
                            notes: "", notesLineOffset: 0, fallbackName: id)
        var jobs: [FileJob] = []
        for item in DirectoryListing.items(at: folderPath) {
            let relative = folder + "/" + item.name
            if item.isDirectory {
                guard let kind = schema.kind(folder: item.name) else {
                    let folders = schema.kinds.map(\.folder)
                    let hint = Suggestion.closest(to: item.name, in: folders).map { "did you mean '\($0)'? " } ?? ""
                    diagnostics.append(.warning("ignored folder '\(item.name)': not a kind folder (\(hint)kinds are \(folders.joined(separator: ", ")); declare more in questlog.yml)",
                                                code: "unknown-folder", at: SourceLocation(path: relative)))
                    continue
                }
                collectKindFolder(relative, kind: kind, into: &jobs, diagnostics: &diagnostics)
            } else if item.name == "game.md" {
                if let entry = loadMarkdownEntry(relative, kind: schema.game, id: id, diagnostics: &diagnostics) {
                    game = entry
                }
            } else if item.name.hasSuffix(".md") || item.name.hasSuffix(".yml") || item.name.hasSuffix(".yaml") {
                diagnostics.append(.warning("ignored: a game folder holds game.md and kind folders; move this file into one of them",
                                            code: "ignored-file", at: SourceLocation(path: relative)))
            }
        }
        let loaded = Parallel.map(jobs, jobs: self.jobs) { job -> ([RawEntry], [Diagnostic]) in
            var found = DiagnosticList()
            switch job {
            case let .markdown(path, kind, id):
                let entry = loadMarkdownEntry(path, kind: kind, id: id, diagnostics: &found)
                return (entry.map { [$0] } ?? [], found.all)
            case let .data(path, kind):
                return (loadDataFile(path, kind: kind, diagnostics: &found), found.all)
            }
        }
        var entries: [RawEntry] = []
        for (fileEntries, fileDiagnostics) in loaded {
            entries.append(contentsOf: fileEntries)
            diagnostics.append(contentsOf: fileDiagnostics)
        }
        return RawGame(id: id, folder: folder, game: game, entries: entries)
    }

    /// Markdown files and YAML data files, in subfolders too (for users who group entries by region).
    private func collectKindFolder(_ folder: String, kind: Kind, into jobs: inout [FileJob], diagnostics: inout DiagnosticList) {
        for item in DirectoryListing.items(at: root + "/" + folder) {
            let relative = folder + "/" + item.name
            if item.isDirectory {
                collectKindFolder(relative, kind: kind, into: &jobs, diagnostics: &diagnostics)
            } else if item.name.hasSuffix(".md") || item.name.hasSuffix(".markdown") {
                let stem = String(item.name[..<item.name.lastIndex(of: ".")!])
                let id = Slug.make(stem)
                guard !id.isEmpty else {
                    diagnostics.append(.error("cannot make an id from the file name '\(item.name)'; rename it with letters or digits",
                                              code: "invalid-id", at: SourceLocation(path: relative)))
                    continue
                }
                jobs.append(.markdown(path: relative, kind: kind, id: id))
            } else if item.name.hasSuffix(".yml") || item.name.hasSuffix(".yaml") {
                jobs.append(.data(path: relative, kind: kind))
            }
        }
    }

    private func readText(_ path: String, diagnostics: inout DiagnosticList) -> String? {
        guard let bytes = DirectoryListing.readBytes(root + "/" + path) else {
            diagnostics.append(.error("cannot read the file", code: "unreadable-file", at: SourceLocation(path: path)))
            return nil
        }
        switch SourceText.decode(bytes, path: path) {
        case let .success(text): return text
        case let .failure(diagnostic):
            diagnostics.append(diagnostic)
            return nil
        }
    }

    func loadMarkdownEntry(_ path: String, kind: Kind, id: String, diagnostics: inout DiagnosticList) -> RawEntry? {
        guard let text = readText(path, diagnostics: &diagnostics) else { return nil }
        let fileName = String(path.split(separator: "/").last ?? "")
        let stem = fileName.split(separator: ".").dropLast().joined(separator: ".")
        let nameField = kind.id == "game" ? "title" : "name"
        // A file whose front matter cannot be read still stands in the index under its id and the
        // name its text seems to give, so links to it do not add errors to the one already reported.
        func damaged(_ diagnostic: Diagnostic, frontMatter: String) -> RawEntry {
            diagnostics.append(diagnostic)
            let name = FrontMatter.salvagedValue(of: nameField, in: frontMatter) ?? Self.firstHeading(in: text) ?? stem
            return RawEntry(kind: kind, id: id, source: SourceLocation(path: path), fields: [], notes: "",
                            notesLineOffset: 0, fallbackName: kind.id == "game" ? id : name, isDamaged: true)
        }
        let frontMatter: FrontMatter
        switch FrontMatter.split(text, path: path) {
        case let .success(split): frontMatter = split
        case let .failure(diagnostic): return damaged(diagnostic, frontMatter: text)
        }
        var fields: [(key: YAMLNode, value: YAMLNode)] = []
        if let yaml = frontMatter.yaml {
            do {
                if let node = try YAMLParser.parse(yaml, lineOffset: frontMatter.yamlLineOffset) {
                    if let mapping = node.mapping {
                        fields = mapping
                    } else if !node.isNull {
                        return damaged(.error("front matter must be a mapping of fields (name: value), found \(node.kindDescription)",
                                              code: "type-mismatch", at: SourceLocation(path: path, line: node.mark.line, column: node.mark.column)),
                                       frontMatter: yaml)
                    }
                }
            } catch {
                return damaged(.error(error.message, code: "yaml-syntax",
                                      at: SourceLocation(path: path, line: error.mark.line, column: error.mark.column)),
                               frontMatter: yaml)
            }
        }
        let fallback = kind.id == "game" ? id : (Self.firstHeading(in: frontMatter.body) ?? stem)
        return RawEntry(kind: kind, id: id, source: SourceLocation(path: path), fields: fields,
                        notes: frontMatter.body, notesLineOffset: frontMatter.bodyLineOffset, fallbackName: fallback)
    }

    func loadDataFile(_ path: String, kind: Kind, diagnostics: inout DiagnosticList) -> [RawEntry] {
        guard let text = readText(path, diagnostics: &diagnostics) else { return [] }
        let root: YAMLNode
        do {
            guard let parsed = try YAMLParser.parse(text) else { return [] }
            root = parsed
        } catch {
            diagnostics.append(.error(error.message, code: "yaml-syntax",
                                      at: SourceLocation(path: path, line: error.mark.line, column: error.mark.column)))
            return []
        }
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        guard let items = root.sequence else {
            diagnostics.append(.error("a data file must be a list of \(kind.plural.lowercased()) (items starting with '- name: …'), found \(root.kindDescription)",
                                      code: "type-mismatch", at: at(root)))
            return []
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var entries: [RawEntry] = []
        for item in items {
            guard let mapping = item.mapping else {
                diagnostics.append(.error("each item of a data file must be a mapping of fields, found \(item.kindDescription)",
                                          code: "type-mismatch", at: at(item)))
                continue
            }
            let nameNode = item["name"]
            let id: String
            if let idNode = item["id"] {
                guard let text = idNode.string, idNode.mapping == nil, idNode.sequence == nil, Slug.isSlug(text) else {
                    let suggestion = idNode.string.map { Slug.make($0) }.flatMap { $0.isEmpty ? nil : " such as '\($0)'" } ?? ""
                    diagnostics.append(.error("id: expected a slug (lowercase letters, digits and '-')\(suggestion), found \(idNode.kindDescription)",
                                              code: "invalid-id", at: at(idNode)))
                    continue
                }
                id = text
            } else if let name = nameNode?.string, nameNode?.mapping == nil, nameNode?.sequence == nil, !Slug.make(name).isEmpty {
                id = Slug.make(name)
            } else {
                diagnostics.append(.error("this item needs a 'name' (or an 'id')", code: "missing-name", at: at(item)))
                continue
            }
            var notes = ""
            var lineOffset = 0
            var columnOffset = 0
            if let notesNode = item["notes"], !notesNode.isNull {
                guard case let .scalar(text, style) = notesNode.content else {
                    diagnostics.append(.error("notes: expected Markdown text, found \(notesNode.kindDescription)", code: "type-mismatch", at: at(notesNode)))
                    continue
                }
                notes = text
                switch style {
                case .literal, .folded:
                    // The text starts on the line after the `|` or `>` indicator, indented.
                    lineOffset = notesNode.mark.line
                    if lineOffset < lines.count {
                        columnOffset = lines[lineOffset].prefix(while: { $0 == " " }).count
                    }
                case .plain:
                    lineOffset = notesNode.mark.line - 1
                    columnOffset = notesNode.mark.column - 1
                case .singleQuoted, .doubleQuoted:
                    lineOffset = notesNode.mark.line - 1
                    columnOffset = notesNode.mark.column
                }
            }
            let fields = mapping.filter { $0.key.string != "id" && $0.key.string != "notes" }
            entries.append(RawEntry(kind: kind, id: id, source: at(item), fields: fields, notes: notes,
                                    notesLineOffset: lineOffset, notesColumnOffset: columnOffset, fallbackName: id))
        }
        return entries
    }

    /// The text of the first ATX `# Heading` outside fenced code.
    static func firstHeading(in markdown: String) -> String? {
        var fence: Substring?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                continue
            }
            guard line.count - trimmed.count < 4, trimmed.hasPrefix("# ") else { continue }
            var text = trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces)
            while text.hasSuffix("#") { text.removeLast() }
            text = text.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { return text }
        }
        return nil
    }
}
