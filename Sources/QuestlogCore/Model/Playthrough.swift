/// One run of a game as progress is counted: a playthrough file (`playthroughs/<id>.md`), or, in a
/// game without any, the entries' own progress values (the game's one implicit playthrough).
public struct Playthrough: Sendable, Hashable {
    /// The playthrough entry; nil for the implicit playthrough.
    public var entry: Entry?
    /// Per progress field name: the entries this playthrough has done.
    private var done: [String: Set<EntryRef>]
    /// `progress: shared`: the entries' own values count too.
    private var shared: Bool

    public init(entry: Entry?, shared: Bool) {
        self.entry = entry
        self.shared = shared
        var done: [String: Set<EntryRef>] = [:]
        if let entry {
            for (name, value) in entry.fields where !value.references.isEmpty {
                done[name] = Set(value.references)
            }
        }
        self.done = done
    }

    /// The playthrough's id (`wren`); nil for the implicit playthrough.
    public var id: String? { entry?.id }

    /// Whether `entry`'s progress field `field` is done in this playthrough.
    public func isDone(_ entry: Entry, field: String) -> Bool {
        guard self.entry != nil else { return entry.bool(field) }
        return done[field]?.contains(entry.ref) == true || (shared && entry.bool(field))
    }
}

extension Game {
    /// The game's playthrough entries in id order (the order of their columns everywhere).
    public var playthroughEntries: [Entry] {
        playthroughs.compactMap(\.entry)
    }

    /// Whether the game has playthrough files.
    public var hasPlaythroughs: Bool {
        !entries(of: Schema.playthroughKind).isEmpty
    }

    /// Each playthrough file in id order, or the implicit playthrough when there is none.
    static func playthroughs(_ entries: [String: [Entry]], shared: Bool) -> [Playthrough] {
        let files = (entries[Schema.playthroughKind] ?? []).sorted { $0.id.utf8Precedes($1.id) }
        return files.isEmpty ? [Playthrough(entry: nil, shared: false)] : files.map { Playthrough(entry: $0, shared: shared) }
    }
}
