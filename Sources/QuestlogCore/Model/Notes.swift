import Immortal
import Markdown

/// An entry's notes: the Markdown source, parsed once into HTML and plain text.
///
/// The three texts are strings, or, for a site read back from the last build's memo
/// (`SiteMemo`), the UTF-8 bytes the memo kept of them (`Encoded`), made into strings each time
/// they are asked for. A build patched from the memo asks for the texts of a few entries only
/// (the pages, export pieces and search documents it makes again); making the strings of every
/// entry up front was a third of reading the memo.
public struct Notes: Sendable, Hashable {
    private var texts: Texts
    public var headings: [Heading]
    /// Inline `#tags` of the text, without `#`, in order of first appearance.
    public var tags: [String]

    public init(markdown: String, html: String, plainText: String, headings: [Heading], tags: [String] = []) {
        texts = .strings(markdown: markdown, html: html, plainText: plainText)
        self.headings = headings
        self.tags = tags
    }

    /// Notes whose texts are the UTF-8 bytes of `encoded`, made into strings when asked for.
    init(_ encoded: Encoded, headings: [Heading], tags: [String]) {
        texts = .encoded(encoded)
        self.headings = headings
        self.tags = tags
    }

    public static let empty = Notes(markdown: "", html: "", plainText: "", headings: [])

    public var markdown: String {
        get { text(0) }
        set { setText(0, to: newValue) }
    }

    public var html: String {
        get { text(1) }
        set { setText(1, to: newValue) }
    }

    public var plainText: String {
        get { text(2) }
        set { setText(2, to: newValue) }
    }

    /// Text `index`: 0 the Markdown, 1 the HTML, 2 the plain text.
    private func text(_ index: Int) -> String {
        switch texts {
        case let .strings(markdown, html, plainText): index == 0 ? markdown : index == 1 ? html : plainText
        case let .encoded(encoded): encoded.string(index)
        }
    }

    /// Sets text `index`, the texts held as strings from then on.
    private mutating func setText(_ index: Int, to value: String) {
        let texts = (0..<3).map { $0 == index ? value : text($0) }
        self.texts = .strings(markdown: texts[0], html: texts[1], plainText: texts[2])
    }

    /// The three texts, by number (`Encoded.range`).
    enum Text: Int {
        case markdown = 0, html, plainText
    }

    /// The UTF-8 bytes of `text`, lent to `body`: those kept from the memo, read in place (they were
    /// written from strings, and their section of the memo checked against its hash), or the
    /// string's. No string is made of bytes for it.
    func withUTF8<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let encoded {
            let range = encoded.range(text.rawValue)
            return try encoded.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        var string = self.text(text.rawValue)
        return try string.withUTF8(body)
    }

    /// Whether `text` is empty, found without making a string of it.
    func isEmpty(_ text: Text) -> Bool {
        encoded.map { $0.range(text.rawValue).isEmpty } ?? self.text(text.rawValue).isEmpty
    }

    /// The bytes the texts are kept as, when they are not strings.
    var encoded: Encoded? {
        if case let .encoded(encoded) = texts { return encoded }
        return nil
    }

    public static func == (a: Notes, b: Notes) -> Bool {
        guard a.headings == b.headings, a.tags == b.tags else { return false }
        // The same bytes are the same texts; other bytes may still be equal strings (one `é`
        // composed, the other not), as for notes held as strings.
        if let x = a.encoded, let y = b.encoded, x.bytes == y.bytes, x.starts == y.starts { return true }
        return a.markdown == b.markdown && a.html == b.html && a.plainText == b.plainText
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(markdown)
        hasher.combine(html)
        hasher.combine(plainText)
        hasher.combine(headings)
        hasher.combine(tags)
    }

    private enum Texts: Sendable {
        case strings(markdown: String, html: String, plainText: String)
        case encoded(Encoded)
    }

    /// The three texts as one run of UTF-8 bytes (Markdown, HTML, plain text), with where the
    /// second and third begin. Bytes that are not UTF-8 become U+FFFD in the strings, as
    /// `String(decoding:as:)` makes them.
    struct Encoded: Sendable {
        let bytes: [UInt8]
        /// Where the HTML and the plain text begin in `bytes`.
        let starts: (html: Int, plainText: Int)

        /// Nil unless `starts` are in order within `bytes`.
        init?(bytes: [UInt8], starts: (html: Int, plainText: Int)) {
            guard starts.html >= 0, starts.html <= starts.plainText, starts.plainText <= bytes.count else { return nil }
            self.bytes = bytes
            self.starts = starts
        }

        /// The bytes of text `index`: 0 the Markdown, 1 the HTML, 2 the plain text.
        func range(_ index: Int) -> Range<Int> {
            switch index {
            case 0: 0..<starts.html
            case 1: starts.html..<starts.plainText
            default: starts.plainText..<bytes.count
            }
        }

        func string(_ index: Int) -> String {
            let range = range(index)
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        }
    }
}

extension Notes {
    /// Makes the objects of these notes immortal (`Immortal`).
    func makeImmortal() {
        switch texts {
        case let .strings(markdown, html, plainText):
            Immortal.string(markdown)
            Immortal.string(html)
            Immortal.string(plainText)
        case let .encoded(encoded):
            Immortal.array(encoded.bytes)
        }
        Immortal.array(headings)
        for heading in headings {
            Immortal.string(heading.text)
            Immortal.string(heading.id)
        }
        Immortal.strings(tags)
    }
}
