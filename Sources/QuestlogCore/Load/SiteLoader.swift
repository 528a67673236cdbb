import Foundation
import Markdown
import YAML

/// The Load stage: reads `questlog.yml` and `Content/<game>/…` into raw entries with source positions,
/// and lists the other files of the game folders as assets to publish.
/// Reads only; every problem becomes a diagnostic and loading goes on, so one run reports them all.
public struct SiteLoader: Sendable {
    /// The site folder (holding `Content/` and optionally `questlog.yml`).
    public var root: String
    /// How many threads read and parse files at once; the result does not depend on it.
    public var jobs: Int
    /// The files of the last load to reuse where their bytes did not change (`serve`).
    public var memo: LoadMemo?

    public static let contentFolder = "Content"

    /// Whether a load with a memo hashes the file of `stamp` itself, if it takes entries from it: a
    /// notes file under `Content/` small enough for the memo (`remembered`), but a game's `game.md`,
    /// which is read apart.
    static func hashesWhenLoading(_ stamp: SourceStamp) -> Bool {
        let parts = stamp.path.split(separator: "/", omittingEmptySubsequences: false)
        guard stamp.size >= 0, stamp.size <= LoadMemo.largestFile, parts.count >= 3, parts[0] == contentFolder,
              !(parts.count == 3 && parts[2] == "game.md") else { return false }
        return GameFolderWalk.isNotesFile(String(parts[parts.count - 1]))
    }
    /// Names the output itself uses at its root (`assets/`, `exports/`, `exports/site.json`).
    public static let reservedGameIds: Set<String> = ["assets", "exports", "site"]

    public init(root: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, memo: LoadMemo? = nil) {
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.jobs = max(1, jobs)
        self.memo = memo
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
        // The folders are walked again unless a watcher says no save since the last load changed them.
        let walk = memo?.keptWalk(root: root, schema: schema) ?? ContentWalk.walk(root: root, schema: schema, jobs: jobs)
        memo?.keep(walk)
        var games: [RawGame] = []
        for step in walk.steps {
            switch step {
            case let .problem(diagnostic): diagnostics.append(diagnostic)
            case let .game(gameWalk, isDraft): games.append(loadGame(gameWalk, isDraft: isDraft, diagnostics: &diagnostics))
            }
        }
        let assets = walk.assets
        memo?.finishLoad()
        return LoadedSite(config: config, schema: schema, games: games, assets: assets, diagnostics: diagnostics)
    }

    func loadConfig(_ diagnostics: inout DiagnosticList) -> SiteConfig {
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

    /// Reads the entry files a walk of a game folder found, on several threads.
    private func loadGame(_ walk: GameFolderWalk, isDraft: Bool, diagnostics: inout DiagnosticList) -> RawGame {
        let schema = walk.schema
        var game = RawEntry(kind: schema.game, id: walk.gameId, source: SourceLocation(path: walk.folder), fields: [],
                            notes: "", notesLineOffset: 0, fallbackName: walk.gameId)
        diagnostics.append(contentsOf: walk.diagnostics)
        if let path = walk.gameFile, let entry = loadMarkdownEntry(path, kind: schema.game, id: walk.gameId, diagnostics: &diagnostics) {
            game = entry
        }
        game.isDraft = isDraft
        // The files a watcher says did not change are looked up all at once, before the others are read.
        let unchanged = memo?.unchangedEntries(of: walk.jobs.map(\.source), jobs: jobs) ?? []
        var loaded = Parallel.map(Array(walk.jobs.indices), jobs: self.jobs) { index -> ([RawEntry], [Diagnostic]) in
            let job = walk.jobs[index]
            if index < unchanged.count, let kept = unchanged[index] {
                var entries = kept.entries
                // Set only where it differs, so the kept entries are not copied for nothing.
                for entry in entries.indices where entries[entry].isDraft != job.isDraft { entries[entry].isDraft = job.isDraft }
                return (entries, kept.diagnostics)
            }
            var found = DiagnosticList()
            var entries: [RawEntry]
            let isDraft: Bool
            switch job {
            case let .markdown(path, kind, id, draft):
                entries = remembered(path, kind: kind, id: id, diagnostics: &found) { bytes, diagnostics in
                    loadMarkdownEntry(path, kind: kind, id: id, bytes: bytes, diagnostics: &diagnostics).map { [$0] } ?? []
                }
                isDraft = draft
            case let .data(path, kind, draft):
                entries = remembered(path, kind: kind, id: "", diagnostics: &found) { bytes, diagnostics in
                    loadDataFile(path, kind: kind, bytes: bytes, diagnostics: &diagnostics)
                }
                isDraft = draft
            }
            for index in entries.indices { entries[index].isDraft = isDraft }
            return (entries, found.all)
        }
        // Each file's entries are let go once moved, so the game's are not held twice over.
        var entries: [RawEntry] = []
        if loaded.count == 1 {
            swap(&entries, &loaded[0].0)
        } else {
            entries.reserveCapacity(loaded.reduce(0) { $0 + $1.0.count })
        }
        for index in loaded.indices {
            entries.append(contentsOf: loaded[index].0)
            loaded[index].0 = []
            diagnostics.append(contentsOf: loaded[index].1)
        }
        return RawGame(id: walk.gameId, folder: walk.folder, game: game, entries: entries, isDraft: isDraft)
    }

    /// `load`'s entries of the file at `path`, or the memo's when it holds the same bytes loaded the
    /// same way; `load` is handed the file's bytes when they were read for the memo.
    private func remembered(_ path: String, kind: Kind, id: String, diagnostics: inout DiagnosticList,
                            _ load: ([UInt8]?, inout DiagnosticList) -> [RawEntry]) -> [RawEntry] {
        guard let memo, let bytes = FileContents.read(root + "/" + path, limit: LoadMemo.largestFile + 1),
              bytes.count <= LoadMemo.largestFile else {
            return load(nil, &diagnostics)
        }
        let (entries, found) = memo.entries(path: path, bytes: bytes, kind: kind, id: id) {
            var found = DiagnosticList()
            let entries = load(bytes, &found)
            return (entries, found.all)
        }
        diagnostics.append(contentsOf: found)
        return entries
    }

    private func readText(_ path: String, bytes: [UInt8]? = nil, diagnostics: inout DiagnosticList) -> String? {
        if let bytes {
            switch SourceText.decode(bytes, path: path) {
            case let .success(text): return text
            case let .failure(diagnostic):
                diagnostics.append(diagnostic)
                return nil
            }
        }
        guard let decoded = SourceText.read(root + "/" + path, path: path) else {
            diagnostics.append(.error("cannot read the file", code: "unreadable-file", at: SourceLocation(path: path)))
            return nil
        }
        switch decoded {
        case let .success(text): return text
        case let .failure(diagnostic):
            diagnostics.append(diagnostic)
            return nil
        }
    }

    func loadMarkdownEntry(_ path: String, kind: Kind, id: String, bytes: [UInt8]? = nil, diagnostics: inout DiagnosticList) -> RawEntry? {
        guard var text = readText(path, bytes: bytes, diagnostics: &diagnostics) else { return nil }
        let fileName = String(path.split(separator: "/").last ?? "")
        let stem = GameFolderWalk.publicName(fileName.split(separator: ".").dropLast().joined(separator: "."))
        let nameField = kind.id == "game" ? "title" : "name"
        // A file whose front matter cannot be read still stands in the index under its id and the
        // name its text seems to give, so links to it do not add errors to the one already reported.
        var prefix = ""
        func damaged(_ diagnostic: Diagnostic, frontMatter: String) -> RawEntry {
            diagnostics.append(diagnostic)
            let name = FrontMatter.salvagedValue(of: nameField, in: frontMatter) ?? Self.firstHeading(in: prefix + text) ?? stem
            return RawEntry(kind: kind, id: id, source: SourceLocation(path: path), fields: [], notes: "",
                            notesLineOffset: 0, fallbackName: kind.id == "game" ? id : name, isDamaged: true)
        }
        let frontMatter: FrontMatter.Lines
        switch FrontMatter.splitOff(&text, path: path) {
        case let .success(split): frontMatter = split
        case let .failure(diagnostic): return damaged(diagnostic, frontMatter: text)
        }
        // `text` is now the body, cut from the file's text in place (a big note is not copied).
        prefix = frontMatter.prefix
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
        // Obsidian's %%comments%% are private: they leave here, so no stage can publish them.
        let notes = MarkdownRenderer.removingComments(text)
        // The notes' first heading names the entry only when its front matter does not.
        let named = fields.contains { $0.key.string == nameField && FieldChecker.text($0.value).map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == true }
        let fallback = kind.id == "game" ? id : ((named ? nil : Self.firstHeading(in: notes)) ?? stem)
        return RawEntry(kind: kind, id: id, source: SourceLocation(path: path), fields: fields,
                        notes: notes, notesLineOffset: frontMatter.bodyLineOffset, fallbackName: fallback)
    }

    func loadDataFile(_ path: String, kind: Kind, bytes: [UInt8]? = nil, diagnostics: inout DiagnosticList) -> [RawEntry] {
        guard let text = readText(path, bytes: bytes, diagnostics: &diagnostics) else { return [] }
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        // Each item becomes an entry as soon as it is parsed, so the file's whole tree is never held.
        var entries: [RawEntry] = []
        var found = DiagnosticList()
        var lines = LineStarts(text)
        let root: YAMLNode
        do {
            guard let parsed = try YAMLParser.parse(text, eachRootItem: { item in
                if let entry = Self.dataEntry(item, path: path, kind: kind, lines: &lines, diagnostics: &found) {
                    entries.append(entry)
                }
            }) else { return [] }
            root = parsed
        } catch {
            diagnostics.append(.error(error.message, code: "yaml-syntax",
                                      at: SourceLocation(path: path, line: error.mark.line, column: error.mark.column)))
            return []
        }
        guard root.sequence != nil else {
            diagnostics.append(.error("a data file must be a list of \(kind.plural.lowercased()) (items starting with '- name: …'), found \(root.kindDescription)",
                                      code: "type-mismatch", at: at(root)))
            return []
        }
        diagnostics.append(contentsOf: found.all)
        return entries
    }

    /// The entry an item of a data file makes, or nil with an error.
    private static func dataEntry(_ item: YAMLNode, path: String, kind: Kind, lines: inout LineStarts,
                                  diagnostics: inout DiagnosticList) -> RawEntry? {
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        guard let mapping = item.mapping else {
            diagnostics.append(.error("each item of a data file must be a mapping of fields, found \(item.kindDescription)",
                                      code: "type-mismatch", at: at(item)))
            return nil
        }
        let nameNode = item["name"]
        let id: String
        if let idNode = item["id"] {
            guard let text = idNode.string, idNode.mapping == nil, idNode.sequence == nil, Slug.isSlug(text) else {
                let suggestion = idNode.string.map { Slug.make($0) }.flatMap { $0.isEmpty ? nil : " such as '\($0)'" } ?? ""
                diagnostics.append(.error("id: expected a slug (lowercase letters, digits and '-')\(suggestion), found \(idNode.kindDescription)",
                                          code: "invalid-id", at: at(idNode)))
                return nil
            }
            id = text
        } else if let name = nameNode?.string, nameNode?.mapping == nil, nameNode?.sequence == nil, !Slug.make(name).isEmpty {
            id = Slug.make(name)
        } else {
            diagnostics.append(.error("this item needs a 'name' (or an 'id')", code: "missing-name", at: at(item)))
            return nil
        }
        var notes = ""
        var lineOffset = 0
        var columnOffset = 0
        if let notesNode = item["notes"], !notesNode.isNull {
            guard case let .scalar(text, style) = notesNode.content else {
                diagnostics.append(.error("notes: expected Markdown text, found \(notesNode.kindDescription)", code: "type-mismatch", at: at(notesNode)))
                return nil
            }
            notes = MarkdownRenderer.removingComments(text)
            switch style {
            case .literal, .folded:
                // The text starts on the line after the `|` or `>` indicator, indented.
                lineOffset = notesNode.mark.line
                columnOffset = lines.leadingSpaces(ofLine: lineOffset) ?? 0
            case .plain:
                lineOffset = notesNode.mark.line - 1
                columnOffset = notesNode.mark.column - 1
            case .singleQuoted, .doubleQuoted:
                lineOffset = notesNode.mark.line - 1
                columnOffset = notesNode.mark.column
            }
        }
        let fields = mapping.filter { $0.key.string != "id" && $0.key.string != "notes" }
        return RawEntry(kind: kind, id: id, source: at(item), fields: fields, notes: notes,
                        notesLineOffset: lineOffset, notesColumnOffset: columnOffset, fallbackName: id)
    }

    /// The text of the first ATX `# Heading` outside fenced code.
    static func firstHeading(in markdown: String) -> String? {
        var fence: Substring?
        // Line by line, without an array of every line of a big note.
        var rest = markdown[...]
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.utf8.index(after: end)...] : rest[rest.endIndex...]
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

/// Finds lines of a text by number without splitting it: a cursor that moves forward, as the
/// items of a data file come in order, and starts over for a line above it.
struct LineStarts {
    private let text: String
    /// The 0-based number of the line `offset` starts.
    private var line = 0
    private var offset: String.Index

    init(_ text: String) {
        self.text = text
        offset = text.utf8.startIndex
    }

    /// How many spaces start line `number` (0-based), or nil when the text has no such line.
    mutating func leadingSpaces(ofLine number: Int) -> Int? {
        let bytes = text.utf8
        if number < line {
            line = 0
            offset = bytes.startIndex
        }
        while line < number {
            guard let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            offset = bytes.index(after: newline)
            line += 1
        }
        let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        return text[offset..<end].prefix { $0 == " " }.count
    }
}
