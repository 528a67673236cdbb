/// The elements and attributes raw HTML in notes may keep when `MarkdownOptions.unsafeHTML` is
/// on: text formatting, structure, tables, lists, pictures, audio and video. No scripting, no
/// styles, no frames, plugins, forms, SVG or MathML, and nothing that changes the page itself
/// (`<base>`, `<meta>`, `<link>`); no event handlers, `style`, `id` or `name` (which could take
/// the place of the page's own elements and variables in scripts).
enum HTMLAllowlist {
    static let elements: Set<String> = [
        "a", "abbr", "audio", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col", "colgroup",
        "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4",
        "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "picture", "pre", "q", "rp", "rt",
        "ruby", "s", "samp", "small", "source", "span", "strong", "sub", "summary", "sup", "table", "tbody",
        "td", "tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "video", "wbr",
    ]

    /// Attributes every allowed element may keep.
    static let globalAttributes: Set<String> = ["class", "title", "lang", "dir"]

    /// Attributes particular elements may keep besides the global ones.
    static let elementAttributes: [String: Set<String>] = [
        "a": ["href", "hreflang"],
        "audio": ["src", "controls", "loop", "muted", "preload"],
        "blockquote": ["cite"],
        "col": ["span"],
        "colgroup": ["span"],
        "del": ["cite", "datetime"],
        "details": ["open"],
        "img": ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
        "ins": ["cite", "datetime"],
        "li": ["value"],
        "ol": ["start", "reversed", "type"],
        "q": ["cite"],
        "source": ["src", "srcset", "sizes", "type", "media", "width", "height"],
        "td": ["colspan", "rowspan", "headers"],
        "th": ["colspan", "rowspan", "headers", "scope", "abbr"],
        "time": ["datetime"],
        "video": ["src", "poster", "controls", "loop", "muted", "preload", "playsinline", "width", "height"],
    ]

    /// Attributes that hold a URL, checked by `LinkURLPolicy`.
    static let urlAttributes: Set<String> = ["href", "src", "srcset", "cite", "poster"]

    /// Elements that never have content or an end tag.
    static let voidElements: Set<String> = ["br", "col", "hr", "img", "source", "wbr"]

    static func allows(_ attribute: String, on element: String) -> Bool {
        globalAttributes.contains(attribute) || elementAttributes[element]?.contains(attribute) == true
    }
}
