/// Bounds that keep any template, however malformed or self-referential, from exhausting the
/// stack or running without end.
enum MustacheLimits {
    /// The deepest nesting of sections, blocks, partials and parents, counted across templates
    /// while rendering and within one template while compiling. Recursion through partials is
    /// the only way to exceed it in a real template. Each level takes a few kilobytes of stack
    /// in a debug build, and threads other than the main one may have only 512 KB.
    static let maximumDepth = 64
    /// The most partial and parent expansions one render may make: a partial that includes
    /// itself twice grows exponentially long before it grows deep. A page that truly expands
    /// this many partials would be megabytes of HTML.
    static let maximumExpansions = 100_000
}
