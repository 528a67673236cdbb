import CCmarkGFM
import Foundation

/// One note parsed by cmark-gfm, and the passes that rewrite its tree before rendering.
///
/// This is the only place that touches cmark-gfm: every C pointer lives in a value of this
/// non-copyable type, which frees them when it goes away, and none is handed out.
///
/// cmark-gfm 0.29.0.gfm.6 keeps the inline parser's special-character tables in process-wide
/// state that every parse changes (the extensions add their characters before parsing inlines,
/// table rows during `cmark_parser_feed`, and remove them afterwards), so concurrent parses
/// corrupt each other. Parsing therefore runs under one process-wide lock, together with the
/// one-time extension registration. Everything after `cmark_parser_finish` only reads or
/// changes this document's own nodes and reads the extensions' immutable callbacks, so it runs
/// outside the lock.
struct CMarkDocument: ~Copyable {
    private static let parseLock = NSLock()
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]
    private static let missingLinkOpening = #"<span class="wikilink-missing" title="Unresolved link">"#
    private static let missingLinkClosing = "</span>"

    private let parser: OpaquePointer
    private let root: OpaquePointer
    /// Lends cells an "any inline" rule while a wiki link span is inserted (see `insert`).
    private let inlineHost: OpaquePointer
    private let source: SourceText
    private let lineOffset: Int
    private let headingOffset: Int
    private let cmarkOptions: Int32

    init(parsing markdown: String, options: MarkdownOptions) {
        source = SourceText(markdown)
        lineOffset = options.lineOffset
        headingOffset = options.headingOffset
        // Footnotes are GitHub's; smart punctuation is not, so it stays off.
        var cmarkOptions = CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
        if options.unsafeHTML {
            cmarkOptions |= CMARK_OPT_UNSAFE
        }
        self.cmarkOptions = cmarkOptions
        (parser, root) = Self.parse(source.bytes, options: cmarkOptions)
        // Parsed literals can point into their block's buffer; owning them lets nodes move and
        // their old parents be freed.
        cmark_node_own(root)
        guard let inlineHost = cmark_syntax_extension_new("questlog-inline-host") else {
            fatalError("cmark-gfm could not allocate an extension")
        }
        cmark_syntax_extension_set_can_contain_func(inlineHost) { _, _, childType in
            childType.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_INLINE) ? 1 : 0
        }
        self.inlineHost = inlineHost
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
        cmark_syntax_extension_free(cmark_get_default_mem_allocator(), inlineHost)
    }

    private static func parse(_ bytes: [UInt8], options: Int32) -> (parser: OpaquePointer, root: OpaquePointer) {
        parseLock.lock()
        defer { parseLock.unlock() }
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(options) else {
            fatalError("cmark-gfm could not allocate a parser")
        }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                if let base = characters.baseAddress {
                    cmark_parser_feed(parser, base, characters.count)
                }
            }
        }
        guard let root = cmark_parser_finish(parser) else {
            fatalError("cmark-gfm could not allocate a document")
        }
        return (parser, root)
    }

    // MARK: Wiki links

    /// Finds the wiki links in text nodes (not in code, raw HTML, links or images), asks
    /// `resolve` about each in document order, and replaces each with a link or a marked span.
    func linkWikiLinks(_ resolve: (WikiLink) -> WikiLinkResolution) -> [WikiLink] {
        var links: [WikiLink] = []
        var lastPosition: SourceText.Position?
        var previous: (container: OpaquePointer, cursor: Int)?
        for container in inlineContainers() where mergeTextAndFindOpener(in: container) {
            var start = source.offset(line: Int(cmark_node_get_start_line(container)),
                                      byteColumn: Int(cmark_node_get_start_column(container)))
            // A cell goes on from where the cell before it in the row ended, if that is later
            // (cells' own positions are less reliable than the order of their content).
            if let previous, previous.container == cmark_node_previous(container), Self.isTableCell(container) {
                start = max(start, previous.cursor)
            }
            var aligner = SourceAligner(source: source, cursor: start)
            Self.walk(container) { node in
                visitForWikiLinks(node, in: container, aligner: &aligner, lastPosition: &lastPosition,
                                  resolve: resolve, links: &links)
            }
            previous = (container, aligner.cursor)
        }
        return links
    }

    /// Blocks whose children are inlines (paragraphs, headings, table cells), in document order.
    private func inlineContainers() -> [OpaquePointer] {
        var containers: [OpaquePointer] = []
        Self.forEachEntered(root) { node in
            if Self.isBlock(node), let child = cmark_node_first_child(node), Self.isInline(child) {
                containers.append(node)
            }
        }
        return containers
    }

    /// Merges adjacent text siblings (cmark-gfm may split text at brackets) and tells whether
    /// any text in the container holds `[[`.
    private func mergeTextAndFindOpener(in container: OpaquePointer) -> Bool {
        var found = false
        Self.walk(container) { node in
            if cmark_node_get_type(node) == CMARK_NODE_TEXT {
                var literal = Self.literalBytes(node)
                var merged = false
                while let next = cmark_node_next(node), cmark_node_get_type(next) == CMARK_NODE_TEXT {
                    literal += Self.literalBytes(next)
                    cmark_node_unlink(next)
                    cmark_node_free(next)
                    merged = true
                }
                if merged {
                    cmark_node_set_literal(node, String(decoding: literal, as: UTF8.self))
                }
                found = found || Self.containsOpener(literal)
            }
            return (node, true)
        }
        return found
    }

    private func visitForWikiLinks(_ node: OpaquePointer, in container: OpaquePointer, aligner: inout SourceAligner,
                                   lastPosition: inout SourceText.Position?,
                                   resolve: (WikiLink) -> WikiLinkResolution,
                                   links: inout [WikiLink]) -> (resume: OpaquePointer, descend: Bool) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT:
            let literal = Self.literalBytes(node)
            let fallback = aligner.cursor
            let alignment = aligner.align(literal)
            guard Self.containsOpener(literal), !Self.isInsideLink(node, below: container) else {
                return (node, false)
            }
            let matches = WikiLinkScanner.scan(literal) { index in
                alignment?.brackets[index]?.isEscaped ?? false
            }
            guard !matches.isEmpty else { return (node, false) }
            return (replace(node, literal: literal, matches: matches, anchors: { match in
                alignment?.brackets[match.range.lowerBound]?.offset ?? alignment?.start ?? fallback
            }, lastPosition: &lastPosition, resolve: resolve, links: &links), false)
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            aligner.breakLine()
        case CMARK_NODE_CODE:
            aligner.skipCodeSpan()
        case CMARK_NODE_HTML_INLINE:
            aligner.skipRaw(Self.literalBytes(node))
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            // Its literal is the footnote's number, not source text.
            break
        default:
            return (node, true)
        }
        return (node, false)
    }

    /// Replaces a text node with its text around the links found in it; returns the last new node.
    private func replace(_ text: OpaquePointer, literal: [UInt8], matches: [WikiLinkScanner.Match],
                         anchors: (WikiLinkScanner.Match) -> Int, lastPosition: inout SourceText.Position?,
                         resolve: (WikiLink) -> WikiLinkResolution, links: inout [WikiLink]) -> OpaquePointer {
        var consumed = 0
        for match in matches {
            if match.range.lowerBound > consumed {
                insert(Self.makeText(literal[consumed..<match.range.lowerBound]), before: text)
            }
            let position = source.position(of: anchors(match), after: lastPosition)
            lastPosition = position
            let link = WikiLink(target: match.target, label: match.label,
                                line: position.line + lineOffset, column: position.column)
            links.append(link)
            insert(Self.makeNode(for: link, resolution: resolve(link)), before: text)
            consumed = match.range.upperBound
        }
        if consumed < literal.count {
            insert(Self.makeText(literal[consumed...]), before: text)
        }
        guard let last = cmark_node_previous(text) else { return text }
        cmark_node_unlink(text)
        cmark_node_free(text)
        return last
    }

    /// Inserts an inline before `sibling`.
    ///
    /// The table extension lets a cell hold only the inline types the parser makes, not the
    /// custom inline of an unresolved link; for that insertion the cell borrows `inlineHost`,
    /// whose rule accepts any inline, and gets its own extension back before anything renders.
    private func insert(_ node: OpaquePointer, before sibling: OpaquePointer) {
        guard cmark_node_insert_before(sibling, node) == 0 else { return }
        if let parent = cmark_node_parent(sibling) {
            let ownExtension = cmark_node_get_syntax_extension(parent)
            cmark_node_set_syntax_extension(parent, inlineHost)
            let inserted = cmark_node_insert_before(sibling, node)
            cmark_node_set_syntax_extension(parent, ownExtension)
            if inserted == 1 {
                return
            }
        }
        cmark_node_free(node)
    }

    private static func makeNode(for link: WikiLink, resolution: WikiLinkResolution) -> OpaquePointer {
        switch resolution {
        case let .resolved(href, title):
            let node = newNode(CMARK_NODE_LINK)
            cmark_node_set_url(node, href)
            let text = link.label ?? (title.isEmpty ? link.target : title)
            cmark_node_append_child(node, makeText(ArraySlice(text.utf8)))
            return node
        case .unresolved:
            let node = newNode(CMARK_NODE_CUSTOM_INLINE)
            cmark_node_set_on_enter(node, missingLinkOpening)
            cmark_node_set_on_exit(node, missingLinkClosing)
            cmark_node_append_child(node, makeText(ArraySlice((link.label ?? link.target).utf8)))
            return node
        }
    }

    private static func isInsideLink(_ node: OpaquePointer, below container: OpaquePointer) -> Bool {
        var ancestor = cmark_node_parent(node)
        while let current = ancestor, current != container {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                return true
            }
            ancestor = cmark_node_parent(current)
        }
        return false
    }

    private static func containsOpener(_ literal: [UInt8]) -> Bool {
        var index = 0
        while index + 1 < literal.count {
            if literal[index] == UInt8(ascii: "["), literal[index + 1] == UInt8(ascii: "[") {
                return true
            }
            index += 1
        }
        return false
    }

    // MARK: URLs

    /// Empties link and image URLs that `LinkURLPolicy` refuses, whatever the HTML mode.
    func sanitizeURLs() {
        Self.forEachEntered(root) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else { return }
            if !LinkURLPolicy.permits(String(cString: url), isImage: type == CMARK_NODE_IMAGE) {
                cmark_node_set_url(node, "")
            }
        }
    }

    // MARK: Task lists

    /// Writes task-list checkboxes itself, each named by its item's text: cmark-gfm writes a bare
    /// `<input>`, which assistive technology announces as an unnamed checkbox.
    func labelTaskItems() {
        guard let tasklist = cmark_find_syntax_extension("tasklist") else { return }
        var items: [OpaquePointer] = []
        Self.forEachEntered(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_ITEM, cmark_node_get_syntax_extension(node) == tasklist {
                items.append(node)
            }
        }
        for item in items {
            let checked = cmark_gfm_extensions_get_tasklist_item_checked(item)
            var paragraph = cmark_node_first_child(item)
            if paragraph.map({ cmark_node_get_type($0) != CMARK_NODE_PARAGRAPH }) ?? true {
                let created = Self.newNode(CMARK_NODE_PARAGRAPH)
                if let first = cmark_node_first_child(item) {
                    cmark_node_insert_before(first, created)
                } else {
                    cmark_node_append_child(item, created)
                }
                paragraph = created
            }
            guard let paragraph else { continue }
            var text = PlainTextBuilder()
            Self.appendPlainText(of: paragraph, to: &text)
            let box = Self.newNode(CMARK_NODE_CUSTOM_INLINE)
            let state = checked ? " checked=\"\"" : ""
            cmark_node_set_on_enter(box, "<input type=\"checkbox\" disabled=\"\"\(state) aria-label=\"\(Self.escapedAttribute(text.result))\" /> ")
            cmark_node_set_on_exit(box, "")
            if let first = cmark_node_first_child(paragraph) {
                cmark_node_insert_before(first, box)
            } else {
                cmark_node_append_child(paragraph, box)
            }
            cmark_node_set_syntax_extension(item, nil)
        }
    }

    private static func escapedAttribute(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    // MARK: Headings

    /// Gives every heading a unique anchor id and returns the headings in document order.
    ///
    /// Each heading becomes a custom block holding a custom inline whose literal opening and
    /// closing tags carry the id, so the id is written by this code and no content can alter it.
    func anchorHeadings() -> [Heading] {
        var nodes: [OpaquePointer] = []
        Self.forEachEntered(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                nodes.append(node)
            }
        }
        var slugger = HeadingSlugger()
        var headings: [Heading] = []
        for node in nodes {
            let level = min(6, Int(cmark_node_get_heading_level(node)) + headingOffset)
            var text = PlainTextBuilder()
            Self.appendPlainText(of: node, to: &text)
            let heading = Heading(level: level, text: text.result, id: slugger.uniqueSlug(for: text.result))
            headings.append(heading)

            let tag = Self.newNode(CMARK_NODE_CUSTOM_INLINE)
            cmark_node_set_on_enter(tag, "<h\(level) id=\"\(heading.id)\">")
            cmark_node_set_on_exit(tag, "</h\(level)>")
            while let child = cmark_node_first_child(node) {
                cmark_node_append_child(tag, child)
            }
            let block = Self.newNode(CMARK_NODE_CUSTOM_BLOCK)
            cmark_node_set_on_enter(block, "")
            cmark_node_set_on_exit(block, "")
            cmark_node_append_child(block, tag)
            cmark_node_replace(node, block)
            cmark_node_free(node)
        }
        return headings
    }

    // MARK: Output

    /// The document's text without markup, whitespace collapsed.
    func plainText() -> String {
        var text = PlainTextBuilder()
        Self.appendPlainText(of: root, to: &text)
        return text.result
    }

    /// The document as HTML, rendered with the parser's extensions (tagfilter needs them).
    func html() -> String {
        guard let html = cmark_render_html(root, cmarkOptions, cmark_parser_get_syntax_extensions(parser)) else {
            return ""
        }
        defer { free(html) }
        return String(cString: html)
    }

    /// Text, code and code blocks, including link text and image descriptions; raw HTML and
    /// footnote reference numbers are left out; blocks and line breaks separate words.
    private static func appendPlainText(of subtree: OpaquePointer, to text: inout PlainTextBuilder) {
        guard let iterator = cmark_iter_new(subtree) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { return }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                text.append(literal(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text.separate()
            default:
                if isBlock(node) {
                    text.separate()
                }
            }
        }
    }

    // MARK: Tree helpers

    /// Visits every node of the tree below `container` in document order, without recursion
    /// (nesting can be deep). `visit` returns the node to continue from, which may replace the
    /// visited one, and whether to visit its children.
    private static func walk(_ container: OpaquePointer,
                             _ visit: (OpaquePointer) -> (resume: OpaquePointer, descend: Bool)) {
        var next = cmark_node_first_child(container)
        while let node = next {
            let (resume, descend) = visit(node)
            if descend, let child = cmark_node_first_child(resume) {
                next = child
                continue
            }
            next = nil
            var climbing: OpaquePointer? = resume
            while let current = climbing, current != container {
                if let sibling = cmark_node_next(current) {
                    next = sibling
                    break
                }
                climbing = cmark_node_parent(current)
            }
        }
    }

    /// Calls `body` on entering each node of the tree; the tree must not change meanwhile
    /// except for node properties.
    private static func forEachEntered(_ subtree: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(subtree) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE else { return }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) {
                body(node)
            }
        }
    }

    private static func isTableCell(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type_string(node).map { strcmp($0, "table_cell") == 0 } ?? false
    }

    private static func isBlock(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node).rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
    }

    private static func isInline(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node).rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_INLINE)
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private static func literalBytes(_ node: OpaquePointer) -> [UInt8] {
        guard let literal = cmark_node_get_literal(node) else { return [] }
        return literal.withMemoryRebound(to: UInt8.self, capacity: strlen(literal) + 1) { bytes in
            Array(UnsafeBufferPointer(start: bytes, count: strlen(literal)))
        }
    }

    private static func newNode(_ type: cmark_node_type) -> OpaquePointer {
        guard let node = cmark_node_new(type) else {
            fatalError("cmark-gfm could not allocate a node")
        }
        return node
    }

    private static func makeText(_ bytes: ArraySlice<UInt8>) -> OpaquePointer {
        let node = newNode(CMARK_NODE_TEXT)
        cmark_node_set_literal(node, String(decoding: bytes, as: UTF8.self))
        return node
    }
}
