/// Front-matter keys every entry understands besides its kind's fields.
public enum EntryFlags {
    /// `draft: true` keeps the entry out of the build unless drafts are included.
    public static let draft = "draft"
    /// `spoiler: true` blurs the entry's notes on its page and keeps them out of the search index.
    public static let spoiler = "spoiler"
    /// Keys no kind may declare as fields.
    public static let reservedFields: Set<String> = ["id", "name", "notes", draft, spoiler]
}
