import CCmarkGFM
import Foundation

/// One note parsed by cmark-gfm, and the passes that rewrite its tree before rendering.
///
/// This is the only place that touches cmark-gfm: every C pointer lives in a value of this
/// non-copyable type, which frees them when it goes away, and none is handed out.
///
/// cmark-gfm 0.29.0.gfm.6 keeps the inline parser's special-character tables (`SPECIAL_CHARS`,
/// `SKIP_CHARS`) in process-wide state: `cmark_parser_finish` adds the extensions' characters,
/// parses every block's inlines, and removes them again, so concurrent finishes corrupt each
/// other. Only `cmark_parser_finish` therefore runs under one process-wide lock. Reading blocks
/// (`cmark_parser_feed`) never touches those tables (they are read only by the inline parser,
/// which only `cmark_parser_finish` calls) and runs outside it, as does everything after, which
/// only reads or changes this document's own nodes and reads the extensions' immutable
/// callbacks. The extensions are registered once, before the first parser is made.
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
    private let topHeadingLevel: Int?
    private let cmarkOptions: Int32

    /// Parses `bytes`, which the document borrows: they must stay alive and unchanged for as
    /// long as the document does (`withDocument` arranges that).
    ///
    /// With `owningLiterals`, every literal is copied out of its block's buffer at once, so the
    /// passes may move any node; without, the caller owns each part of the tree (`own`) before
    /// a pass changes it, and a big note is not held a second time meanwhile.
    private init(parsing bytes: UnsafeBufferPointer<UInt8>, options: MarkdownOptions, owningLiterals: Bool) {
        source = SourceText(bytes)
        lineOffset = options.lineOffset
        headingOffset = options.headingOffset
        topHeadingLevel = options.topHeadingLevel
        // Footnotes are GitHub's; smart punctuation is not, so it stays off.
        var cmarkOptions = CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
        if options.unsafeHTML {
            cmarkOptions |= CMARK_OPT_UNSAFE
        }
        self.cmarkOptions = cmarkOptions
        (parser, root) = Self.parse(source.bytes, options: cmarkOptions)
        // Parsed literals can point into their block's buffer; owning them lets nodes move and
        // their old parents be freed.
        if owningLiterals {
            cmark_node_own(root)
        }
        guard let inlineHost = cmark_syntax_extension_new("questlog-inline-host") else {
            fatalError("cmark-gfm could not allocate an extension")
        }
        cmark_syntax_extension_set_can_contain_func(inlineHost) { _, _, childType in
            childType.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_INLINE) ? 1 : 0
        }
        self.inlineHost = inlineHost
    }

    /// Parses `markdown` and calls `body` with the document, which reads the string's own UTF-8
    /// storage (no copy) and so lives only as long as `body` runs.
    static func withDocument<Result>(parsing markdown: String, options: MarkdownOptions, owningLiterals: Bool = true,
                                     _ body: (borrowing CMarkDocument) -> Result) -> Result {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            let document = CMarkDocument(parsing: bytes, options: options, owningLiterals: owningLiterals)
            return body(document)
        }
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
        cmark_syntax_extension_free(cmark_get_default_mem_allocator(), inlineHost)
    }

    /// Registers the extensions, once per process (a static `let` is initialised once, whatever
    /// the threads asking); the registry is only read afterwards.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, options: Int32) -> (parser: OpaquePointer, root: OpaquePointer) {
        precondition(extensionsRegistered)
        guard let parser = cmark_parser_new(options) else {
            fatalError("cmark-gfm could not allocate a parser")
        }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        bytes.withMemoryRebound(to: CChar.self) { characters in
            if let base = characters.baseAddress {
                cmark_parser_feed(parser, base, characters.count)
            }
        }
        parseLock.lock()
        let finished = cmark_parser_finish(parser)
        parseLock.unlock()
        guard let root = finished else {
            fatalError("cmark-gfm could not allocate a document")
        }
        return (parser, root)
    }

    // MARK: Wiki links and tags

    /// Finds the wiki links and inline tags in text nodes (not in code, raw HTML, links or
    /// images; tags not in headings either), asks `resolve` about each link in document order,
    /// and replaces each link with what `resolve` made of it and each tag with a marked span.
    ///
    /// A nil resolution renders a link as its label or target, without a link, and an embed
    /// as nothing (for summaries).
    func linkWikiLinksAndTags(_ resolve: (WikiLink) -> WikiLinkResolution?) -> (links: [WikiLink], tags: [String]) {
        var links: [WikiLink] = []
        var tags: [String] = []
        var lastPosition: SourceText.Position?
        linkWikiLinksAndTags(in: root, lastPosition: &lastPosition, links: &links, tags: &tags, resolve)
        return (links, Self.distinctTags(tags))
    }

    /// The same for one part of the tree, taken in document order; appends to `links` and `tags`
    /// (each use of a tag, not yet made distinct).
    private func linkWikiLinksAndTags(in subtree: OpaquePointer, lastPosition: inout SourceText.Position?,
                                      links: inout [WikiLink], tags: inout [String],
                                      _ resolve: (WikiLink) -> WikiLinkResolution?) {
        forEachAlignedContainer(in: subtree, where: { mergeTextAndFindSyntax(in: $0) }) { container, aligner in
            let findsTags = cmark_node_get_type(container) != CMARK_NODE_HEADING
            Self.walk(container) { node in
                visitForWikiLinks(node, in: container, findsTags: findsTags, aligner: &aligner,
                                  lastPosition: &lastPosition, resolve: resolve, links: &links, tags: &tags)
            }
        }
    }

    /// Each tag once, whatever its case, spelled as it first appeared.
    private static func distinctTags(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Calls `body` with each block whose children are inlines and that `filter` accepts, in
    /// document order, and an aligner placed at the block's start in the source.
    private func forEachAlignedContainer(in subtree: OpaquePointer? = nil, where filter: (OpaquePointer) -> Bool,
                                         _ body: (OpaquePointer, inout SourceAligner) -> Void) {
        var previous: (container: OpaquePointer, cursor: Int)?
        for container in inlineContainers(in: subtree ?? root) where filter(container) {
            var start = source.offset(line: Int(cmark_node_get_start_line(container)),
                                      byteColumn: Int(cmark_node_get_start_column(container)))
            // A cell goes on from where the cell before it in the row ended, if that is later
            // (cells' own positions are less reliable than the order of their content).
            if let previous, previous.container == cmark_node_previous(container), Self.isTableCell(container) {
                start = max(start, previous.cursor)
            }
            var aligner = SourceAligner(source: source, cursor: start)
            body(container, &aligner)
            previous = (container, aligner.cursor)
        }
    }

    /// Blocks whose children are inlines (paragraphs, headings, table cells), in document order.
    private func inlineContainers(in subtree: OpaquePointer) -> [OpaquePointer] {
        var containers: [OpaquePointer] = []
        Self.forEachEntered(subtree) { node in
            if Self.isBlock(node), let child = cmark_node_first_child(node), Self.isInline(child) {
                containers.append(node)
            }
        }
        return containers
    }

    /// Merges adjacent text siblings (cmark-gfm may split text at brackets) and tells whether
    /// any text in the container holds `[[` or `#`.
    private func mergeTextAndFindSyntax(in container: OpaquePointer) -> Bool {
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
                found = found || Self.containsSyntax(literal)
            }
            return (node, true)
        }
        return found
    }

    private func visitForWikiLinks(_ node: OpaquePointer, in container: OpaquePointer, findsTags: Bool,
                                   aligner: inout SourceAligner, lastPosition: inout SourceText.Position?,
                                   resolve: (WikiLink) -> WikiLinkResolution?,
                                   links: inout [WikiLink], tags: inout [String]) -> (resume: OpaquePointer, descend: Bool) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT:
            let literal = Self.literalBytes(node)
            let fallback = aligner.cursor
            let alignment = aligner.align(literal)
            guard Self.containsSyntax(literal), !Self.isInsideLink(node, below: container) else {
                return (node, false)
            }
            let isEscaped = { (index: Int) in alignment?.marks[index]?.isEscaped ?? false }
            let matches = WikiLinkScanner.scan(literal, isEscaped: isEscaped)
            let tagMatches = findsTags
                ? InlineTagScanner.scan(literal, startsText: Self.startsText(node), isEscaped: isEscaped).filter { tag in
                    !matches.contains { $0.range.overlaps(tag.range) }
                }
                : []
            guard !matches.isEmpty || !tagMatches.isEmpty else { return (node, false) }
            tags += tagMatches.map(\.name)
            return (replace(node, literal: literal, matches: matches, tags: tagMatches, anchors: { match in
                alignment?.marks[match.range.lowerBound]?.offset ?? alignment?.start ?? fallback
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

    /// Replaces a text node with its text around the links and tags found in it; returns the
    /// last new node.
    private func replace(_ text: OpaquePointer, literal: [UInt8], matches: [WikiLinkScanner.Match],
                         tags: [InlineTagScanner.Match], anchors: (WikiLinkScanner.Match) -> Int,
                         lastPosition: inout SourceText.Position?, resolve: (WikiLink) -> WikiLinkResolution?,
                         links: inout [WikiLink]) -> OpaquePointer {
        let pieces = (matches.map { (range: $0.range, link: Optional($0)) } + tags.map { (range: $0.range, link: nil) })
            .sorted { $0.range.lowerBound < $1.range.lowerBound }
        var consumed = 0
        var inserted = 0
        for piece in pieces {
            if piece.range.lowerBound > consumed {
                insert(Self.makeText(literal[consumed..<piece.range.lowerBound]), before: text)
                inserted += 1
            }
            consumed = piece.range.upperBound
            guard let match = piece.link else {
                let span = Self.newNode(CMARK_NODE_CUSTOM_INLINE)
                cmark_node_set_on_enter(span, #"<span class="inline-tag">"#)
                cmark_node_set_on_exit(span, "</span>")
                cmark_node_append_child(span, Self.makeText(literal[piece.range]))
                insert(span, before: text)
                inserted += 1
                continue
            }
            let position = source.position(of: anchors(match), after: lastPosition)
            lastPosition = position
            let link = WikiLink(target: match.target, label: match.label,
                                line: position.line + lineOffset, column: position.column, isEmbed: match.isEmbed)
            links.append(link)
            if let node = Self.makeNode(for: link, resolution: resolve(link)) {
                insert(node, before: text)
                inserted += 1
            }
        }
        if consumed < literal.count {
            insert(Self.makeText(literal[consumed...]), before: text)
            inserted += 1
        }
        guard inserted > 0, let last = cmark_node_previous(text) else {
            // Everything was dropped (an embed in a summary): an empty text keeps the walk's place.
            cmark_node_set_literal(text, "")
            return text
        }
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

    private static func makeNode(for link: WikiLink, resolution: WikiLinkResolution?) -> OpaquePointer? {
        switch resolution {
        case nil:
            return link.isEmbed ? nil : makeText(ArraySlice((link.label ?? link.target).utf8))
        case let .resolved(href, title):
            let node = newNode(CMARK_NODE_LINK)
            cmark_node_set_url(node, href)
            let text = link.label ?? (title.isEmpty ? link.target : title)
            cmark_node_append_child(node, makeText(ArraySlice(text.utf8)))
            return node
        case .text:
            return makeText(ArraySlice((link.label ?? link.target).utf8))
        case .unresolved:
            let node = newNode(CMARK_NODE_CUSTOM_INLINE)
            cmark_node_set_on_enter(node, missingLinkOpening)
            cmark_node_set_on_exit(node, missingLinkClosing)
            cmark_node_append_child(node, makeText(ArraySlice((link.label ?? link.target).utf8)))
            return node
        case let .image(src, alt, width):
            let node = newNode(CMARK_NODE_CUSTOM_INLINE)
            let url = LinkURLPolicy.permits(src, isImage: true) ? src : ""
            let size = width.map { $0 > 0 ? " width=\"\($0)\"" : "" } ?? ""
            cmark_node_set_on_enter(node, "<img src=\"\(escapedAttribute(url))\" alt=\"\(escapedAttribute(alt))\" loading=\"lazy\"\(size)>")
            cmark_node_set_on_exit(node, "")
            return node
        case let .embed(href, title, previewHTML):
            let node = newNode(CMARK_NODE_CUSTOM_INLINE)
            let url = LinkURLPolicy.permits(href, isImage: false) ? href : ""
            cmark_node_set_on_enter(node, "<span class=\"embed\"><a class=\"embed-title\" href=\"\(escapedAttribute(url))\">")
            cmark_node_set_on_exit(node, "</a> <span class=\"embed-preview\">\(previewHTML)</span></span>")
            let text = link.label ?? (title.isEmpty ? link.target : title)
            cmark_node_append_child(node, makeText(ArraySlice(text.utf8)))
            return node
        }
    }

    /// Whether nothing runs into the start of this text: it comes first or after a line break.
    private static func startsText(_ node: OpaquePointer) -> Bool {
        guard let previous = cmark_node_previous(node) else { return true }
        let type = cmark_node_get_type(previous)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
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

    private static func containsSyntax(_ literal: [UInt8]) -> Bool {
        var index = 0
        if literal.contains(UInt8(ascii: "#")) {
            return true
        }
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
    func sanitizeURLs(in subtree: OpaquePointer? = nil) {
        Self.forEachEntered(subtree ?? root) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else { return }
            if !LinkURLPolicy.permits(String(cString: url), isImage: type == CMARK_NODE_IMAGE) {
                cmark_node_set_url(node, "")
            }
        }
    }

    /// Replaces the literal of every HTML block and inline HTML node with what `HTMLSanitizer`
    /// keeps of it. Runs after the passes that align nodes with the source, which read the
    /// literals as written.
    func sanitizeRawHTML(in subtree: OpaquePointer? = nil) {
        Self.forEachEntered(subtree ?? root) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE else { return }
            cmark_node_set_literal(node, HTMLSanitizer.sanitize(Self.literal(node)))
        }
    }

    /// Offers each link and image URL that `LinkURLPolicy` permits to `rewrite`, in document
    /// order, with the position of the `[` or `![` that opens it, and applies the answer.
    ///
    /// Runs before wiki links are replaced, so only links written in Markdown are offered.
    func rewriteLinkURLs(_ rewrite: (LinkURL) -> LinkURLRewrite) {
        var lastPosition: SourceText.Position?
        forEachAlignedContainer(where: Self.containsLink) { container, aligner in
            walkAligned(container, aligner: &aligner, link: { node, opening in
                let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
                guard let pointer = cmark_node_get_url(node) else { return }
                let url = String(cString: pointer)
                guard LinkURLPolicy.permits(url, isImage: isImage) else { return }
                let position = source.position(of: opening, after: lastPosition)
                lastPosition = position
                switch rewrite(LinkURL(url: url, isImage: isImage, line: position.line + lineOffset, column: position.column)) {
                case .keep:
                    break
                case let .replace(replacement):
                    cmark_node_set_url(node, replacement)
                case .remove:
                    cmark_node_set_url(node, "")
                }
            })
        }
    }

    /// The byte ranges of the source that hold code: code blocks (whole lines, fences included)
    /// and code spans (backticks included), sorted.
    func codeRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        Self.forEachEntered(root) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK else { return }
            let start = source.offset(line: Int(cmark_node_get_start_line(node)), byteColumn: 1)
            let end = source.lineEnd(max(0, Int(cmark_node_get_end_line(node)) - 1))
            ranges.append(start..<max(start, end))
        }
        forEachAlignedContainer(where: Self.containsCode) { container, aligner in
            walkAligned(container, aligner: &aligner, code: { ranges.append($0) })
        }
        return ranges.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Follows a container's inlines through the source without changing the tree; reports
    /// each code span's bytes and each link or image with the offset of its opening.
    ///
    /// An autolink's opening is its `<`, or its first character when it has no brackets.
    private func walkAligned(_ container: OpaquePointer, aligner: inout SourceAligner,
                             code: (Range<Int>) -> Void = { _ in },
                             link: (OpaquePointer, Int) -> Void = { _, _ in }) {
        enum Closing {
            case brackets
            case angle
            case none
        }
        guard let iterator = cmark_iter_new(container) else { return }
        defer { cmark_iter_free(iterator) }
        var closings: [(node: OpaquePointer, closing: Closing)] = []
        // The text of an autolink is aligned on entering it; its children are then passed over.
        var passedOver: OpaquePointer?
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator), node != container else {
                if event == CMARK_EVENT_DONE { return }
                continue
            }
            let type = cmark_node_get_type(node)
            if let skipped = passedOver {
                if node == skipped, event == CMARK_EVENT_EXIT {
                    passedOver = nil
                } else {
                    continue
                }
            }
            if event == CMARK_EVENT_EXIT {
                if let last = closings.last, last.node == node {
                    closings.removeLast()
                    switch last.closing {
                    case .brackets: aligner.closeLink()
                    case .angle: aligner.closeAutolink()
                    case .none: break
                    }
                }
                continue
            }
            switch type {
            case CMARK_NODE_TEXT:
                _ = aligner.align(Self.literalBytes(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                aligner.breakLine()
            case CMARK_NODE_CODE:
                if let range = aligner.skipCodeSpan() {
                    code(range)
                }
            case CMARK_NODE_HTML_INLINE:
                aligner.skipRaw(Self.literalBytes(node))
            case CMARK_NODE_FOOTNOTE_REFERENCE:
                aligner.skipFootnoteReference()
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if type == CMARK_NODE_LINK, let text = Self.autolinkText(node) {
                    let cursor = aligner.cursor
                    let start = aligner.align(text)?.start ?? cursor
                    let before = start > 0 ? source.bytes[start - 1] : 0
                    if before == UInt8(ascii: "<") || before == UInt8(ascii: "[") {
                        link(node, start - 1)
                        closings.append((node, before == UInt8(ascii: "<") ? .angle : .brackets))
                    } else {
                        link(node, start)
                        closings.append((node, .none))
                    }
                    passedOver = node
                } else {
                    let fallback = aligner.cursor
                    // Text right after the bracket pins the bracket down better than the first
                    // `[` ahead, which may belong to a reference definition.
                    var probe = aligner
                    if let child = cmark_node_first_child(node), cmark_node_get_type(child) == CMARK_NODE_TEXT,
                       let start = probe.align(Self.literalBytes(child))?.start, start > aligner.cursor,
                       source.bytes[start - 1] == UInt8(ascii: "[") {
                        aligner.moveCursor(to: start - 1)
                    }
                    link(node, aligner.openLink(isImage: type == CMARK_NODE_IMAGE) ?? fallback)
                    closings.append((node, .brackets))
                }
            default:
                break
            }
        }
    }

    /// The text of a link that shows its own URL (an autolink), if it is one.
    private static func autolinkText(_ node: OpaquePointer) -> [UInt8]? {
        guard let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
              cmark_node_get_type(child) == CMARK_NODE_TEXT, let pointer = cmark_node_get_url(node) else { return nil }
        let url = String(cString: pointer)
        let text = literal(child)
        guard url == text || url == "mailto:" + text || url == "http://" + text else { return nil }
        return literalBytes(child)
    }

    private static func containsLink(_ container: OpaquePointer) -> Bool {
        var found = false
        forEachEntered(container) { node in
            let type = cmark_node_get_type(node)
            found = found || type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE
        }
        return found
    }

    private static func containsCode(_ container: OpaquePointer) -> Bool {
        var found = false
        forEachEntered(container) { node in
            found = found || cmark_node_get_type(node) == CMARK_NODE_CODE
        }
        return found
    }

    // MARK: Callouts

    /// Turns each block quote whose first line opens with `[!type]` into a callout (a `<div>`,
    /// or `<details>` when foldable or a spoiler) whose title is the rest of that line, and
    /// returns the callouts in document order.
    ///
    /// Runs after wiki links are replaced, so links in titles work, and on merged text, so the
    /// marker is the start of the first paragraph's first text.
    func formCallouts(titles: [String: String], in subtree: OpaquePointer? = nil) -> [Callout] {
        var quotes: [OpaquePointer] = []
        Self.forEachEntered(subtree ?? root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_BLOCK_QUOTE {
                quotes.append(node)
            }
        }
        var callouts: [Callout] = []
        for quote in quotes {
            guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                  let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT,
                  let marker = CalloutMarker(Self.literalBytes(first)) else { continue }
            let rest = Self.literalBytes(first).dropFirst(marker.length)
            if rest.isEmpty {
                cmark_node_unlink(first)
                cmark_node_free(first)
            } else {
                cmark_node_set_literal(first, String(decoding: rest, as: UTF8.self))
            }
            // The title is the rest of the first line; the line break after it goes too.
            let title = Self.newNode(CMARK_NODE_CUSTOM_INLINE)
            while let node = cmark_node_first_child(paragraph) {
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                    break
                }
                cmark_node_append_child(title, node)
            }
            if cmark_node_first_child(paragraph) == nil {
                cmark_node_unlink(paragraph)
                cmark_node_free(paragraph)
            }
            var titleText = PlainTextBuilder()
            Self.appendPlainText(of: title, to: &titleText)
            if titleText.result.isEmpty {
                while let node = cmark_node_first_child(title) {
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                }
                let defaultTitle = marker.defaultTitle(from: titles)
                cmark_node_append_child(title, Self.makeText(ArraySlice(defaultTitle.utf8)))
                titleText = PlainTextBuilder()
                titleText.append(defaultTitle)
            }
            callouts.append(Callout(type: marker.type, title: titleText.result,
                                    line: Int(cmark_node_get_start_line(quote)) + lineOffset))

            let type = Self.escapedAttribute(marker.type)
            let folds = marker.fold != nil || marker.type == "spoiler"
            let callout = Self.newNode(CMARK_NODE_CUSTOM_BLOCK)
            if folds {
                let open = marker.fold == .open ? " open" : ""
                cmark_node_set_on_enter(callout, "<details class=\"callout callout-\(type)\"\(open)>")
                cmark_node_set_on_exit(callout, "</details>")
                cmark_node_set_on_enter(title, #"<summary class="callout-title">"#)
                cmark_node_set_on_exit(title, "</summary>")
            } else {
                cmark_node_set_on_enter(callout, "<div class=\"callout callout-\(type)\" role=\"note\">")
                cmark_node_set_on_exit(callout, "</div>")
                cmark_node_set_on_enter(title, #"<p class="callout-title">"#)
                cmark_node_set_on_exit(title, "</p>")
            }
            let titleBlock = Self.newNode(CMARK_NODE_CUSTOM_BLOCK)
            cmark_node_set_on_enter(titleBlock, "")
            cmark_node_set_on_exit(titleBlock, "")
            cmark_node_append_child(titleBlock, title)
            cmark_node_append_child(callout, titleBlock)
            while let child = cmark_node_first_child(quote) {
                cmark_node_append_child(callout, child)
            }
            cmark_node_replace(quote, callout)
            cmark_node_free(quote)
        }
        return callouts
    }

    // MARK: Summaries

    /// The first paragraph of the note as inline HTML (without `<p>`) and plain text: wiki
    /// links as their label or target, links as their text, embeds, images, raw HTML and
    /// footnote references left out, and the text cut at a word after `maxLength` characters.
    func summary(maxLength: Int) -> (html: String, plainText: String) {
        _ = linkWikiLinksAndTags { _ in nil }
        var found: OpaquePointer?
        var child = cmark_node_first_child(root)
        while let node = child, found == nil {
            if cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH {
                found = node
            }
            child = cmark_node_next(node)
        }
        guard let paragraph = found else { return ("", "") }
        var dropped: [OpaquePointer] = []
        Self.forEachEntered(paragraph) { node in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_HTML_INLINE, CMARK_NODE_FOOTNOTE_REFERENCE:
                dropped.append(node)
            default:
                break
            }
        }
        // Inner nodes first, so a link inside an image's description is gone before the image.
        for node in dropped.reversed() {
            if cmark_node_get_type(node) == CMARK_NODE_LINK {
                while let child = cmark_node_first_child(node) {
                    cmark_node_insert_before(node, child)
                }
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        Self.truncate(paragraph, maxLength: maxLength)
        var text = PlainTextBuilder()
        Self.appendPlainText(of: paragraph, to: &text)
        guard let rendered = cmark_render_html(paragraph, cmarkOptions, cmark_parser_get_syntax_extensions(parser)) else {
            return ("", text.result)
        }
        defer { free(rendered) }
        var html = Substring(String(cString: rendered))
        if html.hasPrefix("<p>") {
            html = html.dropFirst(3)
        }
        while html.last == "\n" {
            html = html.dropLast()
        }
        if html.hasSuffix("</p>") {
            html = html.dropLast(4)
        }
        return (String(html), text.result)
    }

    /// Cuts the text of `paragraph` after `maxLength` characters, at the last word boundary
    /// before that, drops everything after the cut and marks it with `…`.
    private static func truncate(_ paragraph: OpaquePointer, maxLength: Int) {
        var remaining = maxLength
        var cut: OpaquePointer?
        walk(paragraph) { node in
            guard cut == nil else { return (node, false) }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE else { return (node, true) }
            let text = literal(node)
            guard text.count > remaining else {
                remaining -= text.count
                return (node, false)
            }
            var kept = text.prefix(remaining)
            if !text[kept.endIndex].isWhitespace, let space = kept.lastIndex(where: \.isWhitespace) {
                kept = kept[..<space]
            }
            while kept.last?.isWhitespace == true {
                kept = kept.dropLast()
            }
            cmark_node_set_literal(node, String(kept))
            cut = node
            return (node, false)
        }
        guard let cut else { return }
        var current = cut
        while current != paragraph {
            while let next = cmark_node_next(current) {
                cmark_node_unlink(next)
                cmark_node_free(next)
            }
            guard let parent = cmark_node_parent(current) else { break }
            current = parent
        }
        cmark_node_insert_after(cut, makeText(ArraySlice("…".utf8)))
    }

    // MARK: Task lists

    /// Writes task-list checkboxes itself, each named by its item's text: cmark-gfm writes a bare
    /// `<input>`, which assistive technology announces as an unnamed checkbox.
    func labelTaskItems(in subtree: OpaquePointer? = nil) {
        guard let tasklist = cmark_find_syntax_extension("tasklist") else { return }
        var items: [OpaquePointer] = []
        Self.forEachEntered(subtree ?? root) { node in
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
        var slugger = HeadingSlugger()
        return anchorHeadings(in: root, levelOffset: headingLevelOffset(), slugger: &slugger)
    }

    /// What to add to each heading's level: `headingOffset`, or what brings the note's highest
    /// heading to `topHeadingLevel`.
    private func headingLevelOffset() -> Int {
        guard let topHeadingLevel else { return headingOffset }
        return highestHeadingLevel().map { topHeadingLevel - $0 } ?? headingOffset
    }

    /// The level of the note's highest heading (the smallest number), if it has any.
    private func highestHeadingLevel() -> Int? {
        var highest: Int?
        Self.forEachEntered(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                let level = Int(cmark_node_get_heading_level(node))
                highest = min(highest ?? level, level)
            }
        }
        return highest
    }

    /// Anchors the headings of one part of the tree, their ids unique among those `slugger` gave.
    private func anchorHeadings(in subtree: OpaquePointer, levelOffset offset: Int, slugger: inout HeadingSlugger) -> [Heading] {
        var nodes: [OpaquePointer] = []
        Self.forEachEntered(subtree) { node in
            if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                nodes.append(node)
            }
        }
        var headings: [Heading] = []
        for node in nodes {
            let level = min(6, max(1, Int(cmark_node_get_heading_level(node)) + offset))
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

    // MARK: Rendering block by block

    /// Notes at least this long reserve their output at once and give freed memory back as they go.
    static let bigNoteBytes = 1 << 20
    /// How much HTML a big note writes between two returns of freed memory to the system.
    private static let releaseInterval = 4 << 20

    /// What rendering block by block has written so far, and the state its passes carry from
    /// block to block (and from part to part of a note parsed in parts).
    struct BlockOutput {
        var links: [WikiLink] = []
        var tags: [String] = []
        var callouts: [Callout] = []
        var headings: [Heading] = []
        var slugger = HeadingSlugger()
        var html = ""
        var plainText = ""
        var text = PlainTextBuilder()
        /// A small note's HTML, made a string once at the end, so it holds no spare capacity.
        var htmlBytes: [UInt8] = []
        var releasedAt = 0
        let isBig: Bool

        /// Output for a note of `sourceBytes` bytes.
        init(sourceBytes: Int) {
            isBig = sourceBytes >= CMarkDocument.bigNoteBytes
            if isBig {
                // Capacity never written costs no memory, while growing by copying would briefly
                // hold the output twice. HTML is seldom more than twice the source, text never much more.
                html.reserveCapacity(sourceBytes * 2 + 65_536)
                plainText.reserveCapacity(sourceBytes + 65_536)
            }
        }

        /// Appends a block's HTML: straight to the reserved string of a big note.
        mutating func appendHTML(_ rendered: UnsafePointer<CChar>) {
            let bytes = UnsafeRawBufferPointer(start: rendered, count: strlen(rendered))
            if isBig {
                html += String(decoding: bytes, as: UTF8.self)
            } else {
                htmlBytes += bytes
            }
        }

        var rendered: RenderedMarkdown {
            RenderedMarkdown(html: isBig ? html : String(decoding: htmlBytes, as: UTF8.self),
                             plainText: isBig ? plainText : text.result, wikiLinks: links, headings: headings,
                             callouts: callouts, tags: CMarkDocument.distinctTags(tags))
        }
    }

    /// Links wiki links and tags, forms callouts, sanitizes URLs (and raw HTML if `unsafeHTML`),
    /// labels task items and anchors headings, as `MarkdownRenderer.render` describes, then
    /// renders the HTML and the plain text: one top-level block at a time, each freed once
    /// written, so the tree shrinks as the output grows and a big note is not held as a whole
    /// tree and a whole output at once.
    ///
    /// The result is the one of running each pass over the whole tree and rendering it once
    /// (`renderWholeDocument`): the passes visit blocks in document order and keep their state
    /// (positions, slugs, tags) from block to block; every block's HTML ends with a line break,
    /// so rendering it apart adds none; and the footnote definitions, which the parser moves to
    /// the end and which share one `<section>`, are rendered together.
    ///
    /// The document must have been parsed without `owningLiterals`: each block is owned here
    /// just before its passes run. `levelOffset` is `headingLevelOffset()` of the whole note.
    func renderBlocks(options: MarkdownOptions, levelOffset: Int, into output: inout BlockOutput,
                      resolve: (WikiLink) -> WikiLinkResolution) {
        var lastPosition: SourceText.Position?
        let extensions = cmark_parser_get_syntax_extensions(parser)
        while let first = cmark_node_first_child(root) {
            // The footnote definitions, all at the end, go as one part: the rest of the document.
            let isTail = cmark_node_get_type(first) == CMARK_NODE_FOOTNOTE_DEFINITION
            // A pass may replace the block itself (a callout, a heading): take it anew after each.
            var part: OpaquePointer { isTail ? root : cmark_node_first_child(root) ?? root }
            cmark_node_own(part)
            linkWikiLinksAndTags(in: part, lastPosition: &lastPosition, links: &output.links, tags: &output.tags, resolve)
            output.callouts += formCallouts(titles: options.calloutTitles, in: part)
            sanitizeURLs(in: part)
            if options.unsafeHTML {
                sanitizeRawHTML(in: part)
            }
            labelTaskItems(in: part)
            output.headings += anchorHeadings(in: part, levelOffset: levelOffset, slugger: &output.slugger)
            let block = part
            Self.appendPlainText(of: block, to: &output.text)
            if output.isBig {
                output.text.drain(into: &output.plainText)
            }
            if let rendered = cmark_render_html(block, cmarkOptions, extensions) {
                output.appendHTML(rendered)
                free(rendered)
            }
            if isTail {
                break
            }
            cmark_node_unlink(block)
            cmark_node_free(block)
            if output.isBig, output.html.utf8.count - output.releasedAt >= Self.releaseInterval {
                Self.releaseFreedMemory()
                output.releasedAt = output.html.utf8.count
            }
        }
        if output.isBig {
            Self.releaseFreedMemory()
        }
    }

    /// `render` over one document: link URLs first, then block by block.
    static func render(_ markdown: String, options: MarkdownOptions, resolve: (WikiLink) -> WikiLinkResolution,
                       rewriteURL: (LinkURL) -> LinkURLRewrite, partBytes: Int) -> RenderedMarkdown {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            let starts = NoteParts.candidateStarts(bytes, minimumLength: partBytes)
            guard !starts.isEmpty else {
                let document = CMarkDocument(parsing: bytes, options: options, owningLiterals: false)
                document.rewriteLinkURLs(rewriteURL)
                var output = BlockOutput(sourceBytes: bytes.count)
                document.renderBlocks(options: options, levelOffset: document.headingLevelOffset(), into: &output, resolve: resolve)
                return output.rendered
            }
            return renderInParts(bytes, candidates: starts, partBytes: partBytes, options: options, resolve: resolve, rewriteURL: rewriteURL)
        }
    }

    /// A note past `partBytes` parsed one part at a time, so that not even cmark-gfm's tree of
    /// the whole note is held at once.
    ///
    /// A part ends before a candidate line of `NoteParts` only when the part, parsed alone,
    /// does not end in a fenced code block or raw HTML (which a blank line may not close): the
    /// part's parse is the whole note's up to there, so nothing is then open but the document,
    /// and the rest parses alone as it would after it. A first pass finds the parts, the
    /// highest heading and every link URL's rewrite (all asked before any wiki link, as
    /// `render` promises); the second renders each part with what the first found.
    private static func renderInParts(_ bytes: UnsafeBufferPointer<UInt8>, candidates: [Int], partBytes: Int, options: MarkdownOptions,
                                      resolve: (WikiLink) -> WikiLinkResolution,
                                      rewriteURL: (LinkURL) -> LinkURLRewrite) -> RenderedMarkdown {
        func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[range])
        }
        func partOptions(startingAtLine line: Int) -> MarkdownOptions {
            var partOptions = options
            partOptions.lineOffset = options.lineOffset + line
            return partOptions
        }
        var parts: [(range: Range<Int>, line: Int, rewrites: [LinkURLRewrite])] = []
        var highest: Int?
        var start = 0
        var line = 0
        var next = 0
        while start < bytes.count {
            // A part that cannot end at a candidate gets a few more tries, then takes the rest.
            var attempts = 0
            while next < candidates.count, candidates[next] < start + partBytes { next += 1 }
            var end = next < candidates.count ? candidates[next] : bytes.count
            while true {
                let document = CMarkDocument(parsing: buffer(start..<end), options: partOptions(startingAtLine: line), owningLiterals: false)
                if end < bytes.count, !document.endsClosed() {
                    attempts += 1
                    next += 1
                    end = attempts < 3 && next < candidates.count ? candidates[next] : bytes.count
                    continue
                }
                if let level = document.highestHeadingLevel() {
                    highest = min(highest ?? level, level)
                }
                var rewrites: [LinkURLRewrite] = []
                document.rewriteLinkURLs { url in
                    let rewrite = rewriteURL(url)
                    rewrites.append(rewrite)
                    return rewrite
                }
                parts.append((start..<end, line, rewrites))
                break
            }
            line += buffer(start..<end).count { $0 == UInt8(ascii: "\n") }
            start = end
        }
        let levelOffset = options.topHeadingLevel.flatMap { top in highest.map { top - $0 } } ?? options.headingOffset
        var output = BlockOutput(sourceBytes: bytes.count)
        for part in parts {
            let document = CMarkDocument(parsing: buffer(part.range), options: partOptions(startingAtLine: part.line), owningLiterals: false)
            var rewrites = part.rewrites[...]
            document.rewriteLinkURLs { _ in rewrites.popFirst() ?? .keep }
            document.renderBlocks(options: options, levelOffset: levelOffset, into: &output, resolve: resolve)
        }
        return output.rendered
    }

    /// `summary(maxLength:)` of a note, parsing a long one only as far as it takes: a part that
    /// ends before a `NoteParts` candidate and is closed there has the whole note's blocks, so
    /// its first paragraph, if it has one, is the note's. After a few parts without one, or in a
    /// note with no candidates, the whole note is parsed.
    static func summary(_ markdown: String, options: MarkdownOptions, maxLength: Int, partBytes: Int) -> (html: String, plainText: String) {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            if bytes.count > partBytes {
                var tries = 0
                for end in NoteParts.candidateStarts(bytes, minimumLength: partBytes) where tries < 4 {
                    tries += 1
                    let document = CMarkDocument(parsing: UnsafeBufferPointer(rebasing: bytes[..<end]), options: options, owningLiterals: true)
                    guard document.endsClosed(), document.hasTopLevelParagraph else { continue }
                    return document.summary(maxLength: maxLength)
                }
            }
            return CMarkDocument(parsing: bytes, options: options, owningLiterals: true).summary(maxLength: maxLength)
        }
    }

    /// Whether a paragraph stands at the top level.
    private var hasTopLevelParagraph: Bool {
        var child = cmark_node_first_child(root)
        while let node = child {
            if cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH { return true }
            child = cmark_node_next(node)
        }
        return false
    }

    /// Whether the document's last top-level block is closed by a blank line: not a fenced code
    /// block or raw HTML, which may go on past one.
    private func endsClosed() -> Bool {
        guard let last = cmark_node_last_child(root) else { return true }
        switch cmark_node_get_type(last) {
        case CMARK_NODE_HTML_BLOCK:
            return false
        case CMARK_NODE_CODE_BLOCK:
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            return cmark_node_get_fenced(last, &length, &offset, &character) == 0
        default:
            return true
        }
    }

    /// The C library's `malloc_trim`, where there is one (glibc): freed blocks of the tree are
    /// scattered among live ones, and the allocator keeps their pages until asked.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if os(Linux)
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Gives the pages of freed memory back to the system, where the allocator can be asked to.
    private static func releaseFreedMemory() {
        _ = mallocTrim?(0)
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
