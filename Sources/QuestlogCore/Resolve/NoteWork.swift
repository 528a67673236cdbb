/// A note to render: whose it is, the page it appears on (links are relative to it), its source.
struct NoteWork: Sendable {
    var ref: EntryRef
    var page: String
    var raw: RawEntry
    /// Default callout titles in the language of the note's game.
    var calloutTitles: [String: String] = [:]
    /// `NoteMemo.calloutKey(calloutTitles)`, when made once for many notes.
    var calloutKey: UInt64? = nil
}
