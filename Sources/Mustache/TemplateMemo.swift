/// The templates one thread has looked up while rendering, by name and indentation, kept from one
/// render to the next: pages rendered one after another on a thread look each partial and parent up
/// in their library's shared cache (a lock and a hashed name) once, rather than once a page.
///
/// One memo per thread: it is not for sharing. A memo used with another library starts again; it
/// holds the library it was last used with, so that no other library can take that one's place
/// (and its address) while the memo lives.
public final class TemplateMemo {
    private var library: MustacheLibrary?
    private var loaded: [(name: String, indentation: [UInt8], template: Template?)] = []

    public init() {}

    /// The templates looked up so far for `library`, taken out of the memo (so that the render
    /// adding to them holds the only copy); none when the memo was kept for another library.
    func take(for library: MustacheLibrary) -> [(name: String, indentation: [UInt8], template: Template?)] {
        guard self.library === library else {
            self.library = library
            loaded = []
            return []
        }
        defer { loaded = [] }
        return loaded
    }

    /// Keeps what a render of `library` has looked up, for the next.
    func keep(_ loaded: [(name: String, indentation: [UInt8], template: Template?)], for library: MustacheLibrary) {
        self.library = library
        self.loaded = loaded
    }
}
