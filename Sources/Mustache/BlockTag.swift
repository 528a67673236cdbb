/// A compiled `{{$block}}…{{/block}}` tag: a parameter of its template where it stands alone, an
/// argument to the parent template when written inside a parent tag.
struct BlockTag: Sendable {
    let name: String
    /// The node indices of the block's content.
    let body: Range<Int>
    /// The indentation added to each line of whatever content fills the block here. The content
    /// itself was compiled with its own indentation removed, so it adopts this one.
    let indentation: [UInt8]
    /// Whether the content begins on a line of its own, so its first line is indented like the
    /// others; otherwise the indentation is written before it.
    let startsLine: Bool
    let position: SourcePosition
}
