import Foundation

/// The entries of one game, found by id or by name inside each kind.
struct GameIndex: Sendable {
    var id: String
    var entries: [CheckedEntry] = []
    /// kind id → entry id → index in `entries`.
    var ids: [String: [String: Int]] = [:]
    /// kind id → name key (names and aliases) → indices in `entries`.
    var names: [String: [String: [Int]]] = [:]

    init(id: String) {
        self.id = id
    }

    /// Adds `entry` unless its id is taken in its kind (an error). Names may repeat: only `--strict`
    /// hears of it (`strict`), at the `name:` line.
    mutating func add(_ entry: CheckedEntry, strict: Bool, diagnostics: inout [Diagnostic]) {
        let kind = entry.ref.kind
        let folder = entry.raw.kind.folder
        if let existing = ids[kind]?[entry.ref.id] {
            diagnostics.append(.error("duplicate id '\(entry.ref.id)' in \(folder): also defined at \(entries[existing].raw.source)",
                                      code: "duplicate-id", at: entry.raw.source))
            return
        }
        let key = NameKey.make(entry.name)
        if strict, let existing = names[kind]?[key]?.first(where: { entries[$0].nameKey == key }) {
            diagnostics.append(.warning("duplicate name '\(entry.name)' in \(folder): also used by \(entries[existing].nameLocation ?? entries[existing].raw.source)",
                                        code: "duplicate-name", at: entry.nameLocation ?? entry.raw.source))
        }
        let index = entries.count
        var entry = entry
        entry.nameKey = key
        entries.append(entry)
        ids[kind, default: [:]][entry.ref.id] = index
        var keys = [key]
        for alias in entry.aliases {
            let aliasKey = NameKey.make(alias)
            if !keys.contains(aliasKey) { keys.append(aliasKey) }
        }
        for key in keys { names[kind, default: [:]][key, default: []].append(index) }
    }

    /// Entries whose id or name (or alias) is `text`, in the given kind or in every kind.
    func candidates(_ text: String, kind: String?, kinds: [Kind]) -> [Int] {
        let key = NameKey.make(text)
        let idKey = text.trimmingWhitespace
        var found: [Int] = []
        for candidateKind in kinds where kind == nil || candidateKind.id == kind {
            if let index = ids[candidateKind.id]?[idKey], !found.contains(index) { found.append(index) }
            for index in names[candidateKind.id]?[key] ?? [] where !found.contains(index) { found.append(index) }
        }
        return found
    }

    /// Ids and names of a kind (or all kinds), for "did you mean".
    func spellings(kind: String?) -> [String] {
        entries.filter { kind == nil || $0.ref.kind == kind }.flatMap { [$0.ref.id, $0.name] }
    }
}
