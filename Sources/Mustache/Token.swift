/// A piece of template source: literal text or a tag.
enum Token {
    /// Literal text; a text token never continues past a line ending.
    case text(Range<Int>)
    case tag(Tag)
}
