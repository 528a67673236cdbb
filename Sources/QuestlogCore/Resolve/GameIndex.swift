import Foundation

/// The entries of one game, found by id or by name inside each kind.
struct GameIndex: Sendable {
    var id: String
    var entries: [CheckedEntry] = []
    /// Entry id → the indices in `entries` of the entries with that id (one per kind), in the order added.
    private var byID = Positions()
    /// Name key (of names and aliases) → indices in `entries`, in the order added; an entry once per key.
    private var byName = Positions()

    /// Indices by key: the first one of each key alone (most keys have one), the others beside it.
    /// A key with others has its first index stored as `-(index + 1)`, so a lookup of a key with
    /// one index (most) hashes it once.
    private struct Positions: Sendable {
        var first: [String: Int32] = [:]
        var more: [String: [Int32]] = [:]

        /// The first index, from its stored form.
        private static func index(_ stored: Int32) -> Int32 {
            stored >= 0 ? stored : -(stored + 1)
        }

        /// The stored form of a key's first index, marked when the key has others.
        private static func stored(_ index: Int32, withMore: Bool) -> Int32 {
            withMore ? -(index + 1) : index
        }

        mutating func append(_ index: Int32, for key: String) {
            // One hash for a key not seen yet, as most are.
            guard let earlier = first.updateValue(index, forKey: key) else { return }
            first[key] = Self.stored(Self.index(earlier), withMore: true)
            more[key, default: []].append(index)
        }

        /// Puts `index` among the indices of `key` in its place by number: where an index made
        /// afresh, which adds entries in the order of their indices, would have it.
        mutating func insert(_ index: Int32, for key: String) {
            guard let stored = first[key] else {
                first[key] = index
                return
            }
            let head = Self.index(stored)
            var rest = more[key] ?? []
            if index < head {
                first[key] = Self.stored(index, withMore: true)
                rest.insert(head, at: 0)
            } else {
                first[key] = Self.stored(head, withMore: true)
                rest.insert(index, at: rest.firstIndex { $0 > index } ?? rest.endIndex)
            }
            more[key] = rest
        }

        /// Takes `index` out of the indices of `key`, the others keeping their order.
        mutating func remove(_ index: Int32, for key: String) {
            guard let stored = first[key] else { return }
            let head = Self.index(stored)
            var rest = more[key] ?? []
            if head == index {
                if rest.isEmpty {
                    first[key] = nil
                    return
                }
                let next = rest.removeFirst()
                first[key] = Self.stored(next, withMore: !rest.isEmpty)
            } else if let place = rest.firstIndex(of: index) {
                rest.remove(at: place)
                first[key] = Self.stored(head, withMore: !rest.isEmpty)
            } else {
                return
            }
            more[key] = rest.isEmpty ? nil : rest
        }

        /// The indices of `key`, in the order added.
        subscript(key: String) -> (first: Int?, more: [Int32]) {
            guard let stored = first[key] else { return (nil, []) }
            guard stored < 0 else { return (Int(stored), []) }
            return (Int(Self.index(stored)), more[key] ?? [])
        }
    }

    init(id: String) {
        self.id = id
    }

    /// The index of a game whose entries, each under its name keys (`CheckedEntry.keys`), were
    /// added in this order without an error (as a kept resolve's were): the index `add` made.
    init(id: String, indexed entries: [CheckedEntry]) {
        self.id = id
        self.entries = entries
        byID.first.reserveCapacity(entries.count)
        byName.first.reserveCapacity(entries.count)
        for index in self.entries.indices {
            let keys = self.entries[index].keys
            // Set only where it is not yet: a list shared with its reader is then not copied.
            if self.entries[index].nameKey != keys.first ?? "" {
                self.entries[index].nameKey = keys.first ?? ""
            }
            byID.append(Int32(index), for: self.entries[index].ref.id)
            for key in keys { byName.append(Int32(index), for: key) }
        }
    }

    /// Makes room for `count` entries, so that adding them does not grow the tables again and again.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        byID.first.reserveCapacity(count)
        byName.first.reserveCapacity(count)
    }

    /// Adds `entry` unless its id is taken in its kind (an error). Names may repeat: only `--strict`
    /// hears of it (`strict`), at the `name:` line.
    mutating func add(_ entry: CheckedEntry, strict: Bool, diagnostics: inout [Diagnostic]) {
        add(entry, keys: Self.keys(of: entry), strict: strict, diagnostics: &diagnostics)
    }

    /// The name keys of an entry: its name's first, then each alias's not already there.
    static func keys(of entry: CheckedEntry) -> [String] {
        var made: [(name: String, key: String)] = []
        return keys(of: entry, known: [:], made: &made)
    }

    /// `keys(of:)`, taking the keys of names in `known` from there; `made` gets every name (and
    /// its key) that is not its own key, for the keys to be known next time.
    static func keys(of entry: CheckedEntry, known: [String: String], made: inout [(name: String, key: String)]) -> [String] {
        func key(_ text: String) -> String {
            if isOwnKey(text) { return text }
            let key = known[text] ?? NameKey.make(text)
            made.append((text, key))
            return key
        }
        var keys = [key(entry.name)]
        for alias in entry.aliases {
            let aliasKey = key(alias)
            if !keys.contains(aliasKey) { keys.append(aliasKey) }
        }
        return keys
    }

    /// `add(_:strict:diagnostics:)` with the entry's name keys already made (`keys(of:)`), as they
    /// are on several threads before the entries are added in order.
    mutating func add(_ entry: CheckedEntry, keys: [String], strict: Bool, diagnostics: inout [Diagnostic]) {
        let kind = entry.ref.kind
        if let existing = position(kind: kind, id: entry.ref.id) {
            diagnostics.append(.error("duplicate id '\(entry.ref.id)' in \(entry.raw.kind.folder): also defined at \(entries[existing].raw.source)",
                                      code: "duplicate-id", at: entry.raw.source))
            return
        }
        let key = keys[0]
        if strict, let existing = Self.first(byName[key], where: { entries[$0].ref.kind == kind && entries[$0].nameKey == key }) {
            let other = entries[existing]
            diagnostics.append(.warning("duplicate name '\(entry.name)' in \(entry.raw.kind.folder): also used by \(other.nameLocation ?? other.raw.source)",
                                        code: "duplicate-name", at: entry.nameLocation ?? entry.raw.source))
        }
        let index = Int32(entries.count)
        var entry = entry
        entry.nameKey = key
        byID.append(index, for: entry.ref.id)
        entries.append(entry)
        for key in keys { byName.append(index, for: key) }
    }

    /// The positions of the entries one of whose name keys (of names and aliases) is `key`.
    func positions(ofNameKey key: String) -> [Int] {
        let found = byName[key]
        guard let first = found.first else { return [] }
        return [first] + found.more.map(Int.init)
    }

    /// Gives the entry at `position` another name and other aliases, found from now on by their
    /// keys (`keys(of:)` of the renamed entry) instead of the old ones.
    mutating func rename(at position: Int, name: String, nameLocation: SourceLocation?, aliases: [String], keys: [String]) {
        let index = Int32(position)
        let old = Self.keys(of: entries[position])
        for key in old where !keys.contains(key) {
            byName.remove(index, for: key)
        }
        for key in keys where !old.contains(key) {
            byName.insert(index, for: key)
        }
        entries[position].name = name
        entries[position].nameLocation = nameLocation
        entries[position].aliases = aliases
        entries[position].nameKey = keys[0]
    }

    /// The position in `entries` of the entry of `kind` with this id.
    func position(kind: String, id: String) -> Int? {
        Self.first(byID[id]) { entries[$0].ref.kind == kind }
    }

    private static func first(_ found: (first: Int?, more: [Int32]), where matches: (Int) -> Bool) -> Int? {
        guard let index = found.first else { return nil }
        if matches(index) { return index }
        for other in found.more where matches(Int(other)) { return Int(other) }
        return nil
    }

    /// Entries whose id or name (or alias) is `text`, in the given kind or in every kind: for each
    /// kind in the order of `kinds`, the entry with that id, then those with that name in the order added.
    func candidates(_ text: String, kind: String?, kinds: [Kind]) -> [Int] {
        let idMatches = byID[text.trimmedForLookup]
        let nameMatches = byName[Self.nameKey(text)]
        if idMatches.first == nil && nameMatches.first == nil { return [] }
        var found: [Int] = []
        func add(_ index: Int, of kind: String) {
            if entries[index].ref.kind == kind && !found.contains(index) { found.append(index) }
        }
        for candidateKind in kinds where kind == nil || candidateKind.id == kind {
            if let index = idMatches.first { add(index, of: candidateKind.id) }
            for index in idMatches.more { add(Int(index), of: candidateKind.id) }
            if let index = nameMatches.first { add(index, of: candidateKind.id) }
            for index in nameMatches.more { add(Int(index), of: candidateKind.id) }
        }
        return found
    }

    /// Ids and names of a kind (or all kinds), for "did you mean".
    func spellings(kind: String?) -> [String] {
        entries.filter { kind == nil || $0.ref.kind == kind }.flatMap { [$0.ref.id, $0.name] }
    }

    /// `NameKey.make(text)`, without making a new string when the text is its own key already (ASCII
    /// without capitals, tabs or line breaks, and single spaces only between words), as ids are.
    static func nameKey(_ text: String) -> String {
        isOwnKey(text) ? text : NameKey.make(text)
    }

    /// Whether `NameKey.make(text)` is `text`, as told from its bytes alone (see `nameKey(_:)`).
    static func isOwnKey(_ text: String) -> Bool {
        var isKey = true
        var previousSpace = true
        for byte in text.utf8 {
            if byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x09 && byte <= 0x0D) || (byte == 0x20 && previousSpace) {
                isKey = false
                break
            }
            previousSpace = byte == 0x20
        }
        return isKey && !previousSpace || text.isEmpty
    }
}
