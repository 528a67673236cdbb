/// A note to render: whose it is, the page it appears on (links are relative to it), its source.
struct NoteWork: Sendable {
    var ref: EntryRef
    var page: String
    var raw: RawEntry
}
