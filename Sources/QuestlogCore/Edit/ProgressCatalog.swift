import Foundation

/// What the progress commands edit, read from the loaded site: every game's playthrough files and
/// its entries of kinds with a progress field, found by id or name with the reference lookup.
public struct ProgressCatalog: Sendable {
    public let root: String
    public let schema: Schema
    /// Every playthrough, by game id then id.
    public let playthroughs: [PlaythroughFile]
    let lookup: ReferenceLookup

    public init(loaded: LoadedSite, root: String) {
        self.root = root
        schema = loaded.schema
        var indexes: [String: GameIndex] = [:]
        var playthroughs: [PlaythroughFile] = []
        var ignored: [Diagnostic] = []
        var unknown: [UnknownField] = []
        for game in loaded.games.sorted(by: { $0.id.utf8Precedes($1.id) }) {
            let checker = FieldChecker(game: game.id)
            var index = GameIndex(id: game.id)
            for entry in game.entries {
                index.add(checker.check(entry, diagnostics: &ignored, unknown: &unknown), strict: false, diagnostics: &ignored)
            }
            indexes[game.id] = index
            playthroughs += PlaythroughFile.list(game: game.id, folder: game.folder, root: root)
        }
        self.playthroughs = playthroughs
        lookup = ReferenceLookup(schema: loaded.schema, indexes: indexes, includeDrafts: true)
    }

    /// The kinds with a progress field, in schema order.
    private var progressKinds: [Kind] {
        var kinds: [Kind] = []
        for (kind, _) in schema.progressFields where !kinds.contains(kind) { kinds.append(kind) }
        return kinds
    }

    // MARK: Playthroughs

    /// The playthrough named `text` (its id or its name), in `game` or in any game.
    public func playthrough(_ text: String, game: String?) throws(Diagnostic) -> PlaythroughFile {
        let candidates = playthroughs.filter { game == nil || $0.game == game }
        let key = NameKey.make(text)
        var found = candidates.filter { $0.id == text.trimmingCharacters(in: .whitespaces) }
        if found.isEmpty { found = candidates.filter { NameKey.make($0.name) == key } }
        switch found.count {
        case 1:
            return found[0]
        case 0:
            if candidates.isEmpty {
                let place = game.map { "game '\($0)'" } ?? "the site"
                throw Diagnostic.error("\(place) has no playthrough yet: create \(SiteLoader.contentFolder)/\(game ?? "<game>")/\(PlaythroughFile.folder)/<id>.md",
                                       code: "unknown-playthrough", at: nil)
            }
            let hint = (Suggestion.closest(to: text, in: candidates.map(\.id)) ?? Suggestion.closest(to: text, in: candidates.map(\.name))).map { " (did you mean '\($0)'?)" } ?? ""
            let names = candidates.map(\.id).joined(separator: ", ")
            throw Diagnostic.error("unknown playthrough '\(text)'\(hint); playthroughs are \(names)", code: "unknown-playthrough", at: nil)
        default:
            let list = found.map { "\($0.game)/\($0.id) (\($0.path))" }.joined(separator: ", ")
            throw Diagnostic.error("ambiguous playthrough '\(text)': it matches \(list); pass --game or use the id",
                                   code: "ambiguous-playthrough", at: nil)
        }
    }

    // MARK: Entries

    /// Every entry of `game` that a playthrough can record, with its progress field, kinds in
    /// schema order and entries by id.
    public func targets(in game: String) -> [ProgressTarget] {
        guard let index = lookup.indexes[game] else { return [] }
        return schema.progressFields.flatMap { kind, field in
            index.entries.filter { $0.ref.kind == kind.id }
                .sorted { $0.ref.id.utf8Precedes($1.ref.id) }
                .map { ProgressTarget(ref: $0.ref, name: $0.name, field: field.name, noun: kind.noun) }
        }
    }

    /// The entry of `game` that `text` names (an id or a name, `kind:` in front to choose a kind),
    /// with its progress field; `field` restricts the search to the kinds that have that field.
    /// Unknown, ambiguous and non-progress entries are errors at `location`.
    public func target(_ text: String, game: String, field: String? = nil, at location: SourceLocation? = nil) throws(Diagnostic) -> ProgressTarget {
        var name = text.trimmingCharacters(in: .whitespaces)
        var kinds = progressKinds
        if let field { kinds = kinds.filter { $0.field(named: field).map { $0.progress } ?? false } }
        if let colon = name.firstIndex(of: ":"), let kind = schema.kind(named: String(name[..<colon]).trimmingCharacters(in: .whitespaces)) {
            name = String(name[name.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard kinds.contains(kind) else {
                throw Diagnostic.error("\(kind.plural) have no progress to mark: '\(text)' is \(kind.nounWithArticle)", code: "not-progress", at: location)
            }
            kinds = [kind]
        }
        var found: [CheckedEntry] = []
        for kind in kinds {
            if case let .found(entry) = lookup.lookup(name, in: game, kind: kind.id) { found.append(entry) }
            if case let .ambiguous(entries) = lookup.lookup(name, in: game, kind: kind.id) { found += entries }
        }
        switch found.count {
        case 1:
            let entry = found[0]
            guard let kind = schema.kind(id: entry.ref.kind) else { break }
            let fields = kind.fields.filter { $0.progress && $0.type == .bool && (field == nil || $0.name == field) }
            guard fields.count == 1 else {
                let names = fields.map(\.name).joined(separator: ", ")
                throw Diagnostic.error("\(kind.plural) have several progress fields (\(names)); this cannot tell which one '\(text)' is for",
                                       code: "ambiguous-progress", at: location)
            }
            return ProgressTarget(ref: entry.ref, name: entry.name, field: fields[0].name, noun: kind.noun)
        case 0:
            break
        default:
            let list = found.map { "\($0.raw.kind.noun) '\($0.name)' (\($0.raw.source.path))" }.joined(separator: ", ")
            let fixes = found.map { "\($0.raw.kind.id):\($0.ref.id)" }.joined(separator: " or ")
            throw Diagnostic.error("ambiguous entry '\(text)': it names \(list); write \(fixes)", code: "ambiguous-reference", at: location)
        }
        if case let .found(other) = lookup.lookup(name, in: game, kind: nil) {
            throw Diagnostic.error("'\(text)' is \(other.raw.kind.nounWithArticle), and \(other.raw.kind.plural) have no progress to mark",
                                   code: "not-progress", at: location)
        }
        let spellings = kinds.flatMap { lookup.indexes[game]?.spellings(kind: $0.id) ?? [] }
        let hint = Suggestion.closest(to: name, in: spellings).map { " (did you mean '\($0)'?)" } ?? ""
        let nouns = kinds.map(\.noun).joined(separator: " or ")
        throw Diagnostic.error("unknown \(nouns.isEmpty ? "entry" : nouns) '\(text)'\(hint)", code: "dangling-reference", at: location)
    }

    // MARK: Editing

    /// Whether the playthrough's list records `target`: an item naming it by id or name.
    public func isMarked(_ target: ProgressTarget, in editor: FrontMatterListEditor) throws(Diagnostic) -> Bool {
        try !matchingItems(target, in: editor).isEmpty
    }

    /// Adds `target` to its list (`done`) or removes every item naming it; true when the file changed.
    @discardableResult
    public func set(_ target: ProgressTarget, done: Bool, in editor: inout FrontMatterListEditor) throws(Diagnostic) -> Bool {
        let matching = try matchingItems(target, in: editor)
        if done {
            guard matching.isEmpty else { return false }
            try editor.append(target.ref.id, to: target.field)
            return true
        }
        for index in matching.reversed() { try editor.remove(itemAt: index, from: target.field) }
        return !matching.isEmpty
    }

    /// The ids a playthrough's list records, resolved; items naming nothing are left out.
    public func marked(field: String, kind: String, game: String, in editor: FrontMatterListEditor) throws(Diagnostic) -> Set<String> {
        var ids: Set<String> = []
        for item in try editor.items(of: field) {
            if case let .found(entry) = lookup.lookup(item.value, in: game, kind: kind) { ids.insert(entry.ref.id) }
        }
        return ids
    }

    private func matchingItems(_ target: ProgressTarget, in editor: FrontMatterListEditor) throws(Diagnostic) -> [Int] {
        let items = try editor.items(of: target.field)
        return items.indices.filter { index in
            guard case let .found(entry) = lookup.lookup(items[index].value, in: target.ref.game, kind: target.ref.kind) else { return false }
            return entry.ref == target.ref
        }
    }
}
