/// Front-matter keys every entry understands besides its kind's fields.
public enum EntryFlags {
    /// `draft: true` keeps the entry out of the build unless drafts are included.
    public static let draft = "draft"
    /// `spoiler: true` blurs the entry's notes on its page and keeps them out of the search index.
    public static let spoiler = "spoiler"
    /// `spoiler_until: complete` collapses the entry's notes for every playthrough that has not done
    /// the entry's progress field of that name.
    public static let spoilerUntil = "spoiler_until"
    /// `progress: shared` in `game.md`: the entries' own progress values count in every playthrough,
    /// instead of being a mistake once the game has playthroughs (`progress: playthrough`, the default).
    public static let progress = "progress"
    /// Keys no kind may declare as fields.
    public static let reservedFields: Set<String> = ["id", "name", "notes", draft, spoiler, spoilerUntil]
}
