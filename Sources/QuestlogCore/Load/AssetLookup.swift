/// What a relative URL written in a note names, as `AssetIndex.resolve(_:from:)` finds it.
public enum AssetLookup: Sendable, Hashable {
    /// A published file or an entry's page: its URL path relative to the output root, percent-encoded
    /// where a name needs it, with the URL's query and fragment as written.
    case found(outputPath: String)
    /// Nothing there; `suggestion` is a URL to a file of the note's game with a close name, as the
    /// note would write it.
    case missing(suggestion: String?)
    /// The path climbs out of `Content/`, or is not a relative path at all.
    case outsideContent
    /// The path names a folder.
    case notAFile
}
