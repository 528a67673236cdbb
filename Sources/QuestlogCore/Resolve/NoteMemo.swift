import Foundation
import Markdown

/// The notes rendered by earlier builds, for the next build to reuse instead of parsing them again.
///
/// A note's HTML, plain text, headings and tags depend on its Markdown, the options it is rendered
/// with, and the answers its rendering got to the questions it asked of the site: what each wiki
/// link or embed resolves to, and how each link or image URL is rewritten. A record keeps all of
/// them, by a hash of the Markdown and the options. A note whose record is found is not parsed:
/// its questions are asked again, in the order they were asked, of the site as it is now. When
/// every answer is the one recorded, rendering would give the recorded result, and asking again has
/// already made the links and diagnostics a rendering makes; when any answer differs, the note is
/// rendered afresh. So a record can cost time but never correctness.
///
/// `serve` keeps one memo across its rebuilds; `build` keeps it in the site's `.questlog/` folder
/// (`bytes`, `init(parsing:)`), where a damaged file, or one written by another Questlog binary,
/// is ignored.
public final class NoteMemo: @unchecked Sendable {
    /// A question a note's rendering asked, with its answer.
    enum Question: Sendable, Hashable {
        case link(WikiLink, WikiLinkResolution)
        case url(LinkURL, LinkURLRewrite)
    }

    /// What rendering a note gave, and what it asked.
    struct Record: Sendable, Hashable {
        /// The Markdown's length in bytes, compared as well as its hash.
        var sourceLength: Int
        var html: String
        var plainText: String
        var headings: [Heading]
        var tags: [String]
        var questions: [Question]
    }

    private let lock = NSLock()
    /// Records decoded or made in this process.
    private var records: [UInt64: Record]
    /// A memo file's bytes, and where each record's encoding lies in them: decoded when asked for.
    private var stored: [UInt8]
    private var storedIndex: [UInt64: Range<Int>]
    /// The records of `stored` the last resolve took unchanged, by key: the file's bytes of each
    /// are copied into the next file (`bytes`) rather than encoded again.
    private var storedKept: [UInt64: Range<Int>] = [:]
    /// Name keys (`NameKey.make`) of the entries' names and aliases, by name: made once for the
    /// builds that follow, as they take long for names beyond ASCII.
    private var names: [String: String] = [:]
    /// Whether the last `replaceNameKeys` changed them.
    private var namesChanged = false
    /// The memo file `stored` begins with (a journal's records follow it): its length, its hash
    /// (which a journal names) and how many records it holds. Nil when no file was read.
    private var file: (count: Int, hash: UInt64, records: Int)?
    /// Whether the names were the journal's rather than the file's.
    private var namesJournaled = false
    /// Whether the last `replace` changed which records are kept, so the file is worth writing.
    private(set) var changed = false
    /// How many notes the last resolve took from the memo instead of rendering them.
    public private(set) var reusedCount = 0

    /// An empty memo.
    public init() {
        records = [:]
        stored = []
        storedIndex = [:]
    }

    /// Notes longer than this (in bytes of Markdown) are not kept: a memo of them would hold and
    /// write their HTML and plain text again, and such a note is rendered in parts anyway.
    static let largestNote = 1 << 20

    /// The key of a note: its Markdown and every option that changes how it renders.
    static func key(markdown: String, options: MarkdownOptions) -> UInt64 {
        key(markdown: markdown, options: options, calloutKey: calloutKey(options.calloutTitles))
    }

    /// `key(markdown:options:)` with the options' callout titles already made into `calloutKey(_:)`,
    /// as they are once for all the notes of a game.
    static func key(markdown: String, options: MarkdownOptions, calloutKey: UInt64) -> UInt64 {
        var markdown = markdown
        let text = markdown.withUTF8 { ContentHash.hash(UnsafeRawBufferPointer($0)) }
        let words: [UInt64] = [options.unsafeHTML ? 1 : 0, UInt64(bitPattern: Int64(options.lineOffset)),
                               UInt64(bitPattern: Int64(options.headingOffset)), UInt64(bitPattern: Int64(options.topHeadingLevel ?? 0)),
                               calloutKey, UInt64(markdown.utf8.count), text]
        return words.withUnsafeBytes { ContentHash.hash($0) }
    }

    /// A hash of callout titles, in key order.
    static func calloutKey(_ titles: [String: String]) -> UInt64 {
        var text = ""
        for (type, title) in titles.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            text += "\u{0}" + type + "\u{1}" + title
        }
        return ContentHash.hash(Array(text.utf8))
    }

    /// The record of the note with this key and Markdown length, if any.
    func record(for key: UInt64, sourceLength: Int) -> Record? {
        // Decoded outside the lock, so the threads rendering notes do not wait on each other.
        let found = lock.withLock { () -> (record: Record?, stored: [UInt8], range: Range<Int>?) in
            (records[key], stored, records[key] == nil ? storedIndex[key] : nil)
        }
        if let record = found.record {
            return record.sourceLength == sourceLength ? record : nil
        }
        guard let range = found.range else { return nil }
        var reader = MemoReader(bytes: found.stored, offset: range.lowerBound, end: range.upperBound)
        guard let record = reader.record(), record.sourceLength == sourceLength else { return nil }
        return record
    }

    /// Keeps exactly these records: those of the build just made, so the memo never grows past the
    /// notes the site has. `reusedKeys` are the keys of the records taken from the memo unchanged
    /// (when they are every record kept, and the memo held no others, nothing changed), `notes`
    /// how many notes those served. The records of a memo file reused unchanged keep their bytes
    /// in it too, for the next file to copy them.
    func replace(with kept: [UInt64: Record], reusedKeys: Set<UInt64>, notes: Int) {
        lock.withLock {
            changed = namesChanged || reusedKeys.count != kept.count || kept.count != records.count + storedIndex.count
            reusedCount = notes
            records = kept
            storedKept = [:]
            storedKept.reserveCapacity(reusedKeys.count)
            for key in reusedKeys where kept[key] != nil {
                if let range = storedIndex[key] { storedKept[key] = range }
            }
            if storedKept.isEmpty { stored = [] }
            storedIndex = [:]
        }
    }

    /// The name keys kept.
    var nameKeys: [String: String] {
        lock.withLock { names }
    }

    /// Keeps exactly these name keys: those of the site just resolved. Called before `replace`,
    /// which keeps `changed` true when the names changed.
    func replaceNameKeys(with kept: [String: String]) {
        lock.withLock {
            namesChanged = kept != names
            changed = changed || namesChanged
            names = kept
        }
    }

    /// Lets every record go once the memo is written, so a build does not hold them to its end;
    /// `changed` is false until the memo takes records again.
    func release() {
        lock.withLock {
            records = [:]
            stored = []
            storedIndex = [:]
            storedKept = [:]
            names = [:]
            namesChanged = false
            file = nil
            namesJournaled = false
            changed = false
        }
    }

    /// How many notes the memo holds.
    var count: Int {
        lock.withLock { records.count + storedIndex.count }
    }

    // MARK: The file

    static let header = "questlog-notes 2"

    /// The memo as a file for the Questlog binary `identity`: a header line, then the records, then
    /// a hash of everything before it.
    /// A record the memo file held is copied as it was there; the others are encoded.
    func bytes(identity: String) -> [UInt8] {
        let kept = keptRecords()
        return Self.seal(header: Self.header, identity: identity, copied: kept.copied, encoded: kept.encoded,
                         stored: kept.stored, names: kept.names)
    }

    static let journalHeader = "questlog-notes-journal 1"

    /// What to write after a resolve: the whole file, or, when the memo was read from a file and
    /// what changed is small beside it (`MemoFile.journalWorthIt`), only a journal of the records
    /// the file lacks (those of the last journal still kept, and the new ones), which names the
    /// file it goes with by its hash, for the two to be read together
    /// (`init(parsing:journal:identity:)`). After an edit of one note, that is a few kilobytes
    /// instead of the whole memo.
    func files(identity: String) -> (file: [UInt8]?, journal: [UInt8]?) {
        let kept = keptRecords()
        let (file, namesJournaled) = lock.withLock { (self.file, self.namesJournaled || self.namesChanged) }
        if let file {
            let fromFile = kept.copied.count { $0.value.upperBound <= file.count }
            let journaled = kept.copied.filter { $0.value.lowerBound >= file.count }
            let size = journaled.values.reduce(0) { $0 + $1.count + 16 } + Self.estimatedSize(kept.encoded.values, names: namesJournaled ? kept.names : [:])
            if MemoFile.journalWorthIt(size: size, fileSize: file.count, kept: fromFile, fileRecords: file.records) {
                return (nil, Self.seal(header: Self.journalHeader, identity: identity, copied: journaled, encoded: kept.encoded,
                                       stored: kept.stored, names: namesJournaled ? kept.names : nil, naming: file.hash))
            }
        }
        return (Self.seal(header: Self.header, identity: identity, copied: kept.copied, encoded: kept.encoded,
                          stored: kept.stored, names: kept.names), nil)
    }

    /// The records kept, as the file's bytes of those copied and the others to encode.
    private func keptRecords() -> (copied: [UInt64: Range<Int>], encoded: [UInt64: Record], stored: [UInt8], names: [String: String]) {
        let (records, stored, storedIndex, storedKept, names) = lock.withLock {
            (self.records, self.stored, self.storedIndex, self.storedKept, self.names)
        }
        // A record's encoding is a function of the record: a copy is what encoding it would give.
        var copied = storedKept
        for (key, range) in storedIndex where records[key] == nil { copied[key] = range }
        return (copied, records.filter { copied[$0.key] == nil }, stored, names)
    }

    /// A memo file (or a journal, which names the hash of its file first and may leave the names
    /// out) of these records and names.
    private static func seal(header: String, identity: String, copied: [UInt64: Range<Int>], encoded: [UInt64: Record],
                             stored: [UInt8], names: [String: String]?, naming fileHash: UInt64? = nil) -> [UInt8] {
        let capacity = estimatedSize(encoded.values, names: names ?? [:]) + copied.values.reduce(0) { $0 + $1.count + 16 }
        return MemoFile.seal(header: header, identity: identity, capacity: capacity) { writer in
            if let fileHash { writer.integer(fileHash) }
            writer.integer(UInt64(encoded.count + copied.count))
            // In key order, so the same notes always make the same file.
            for key in (Array(encoded.keys) + Array(copied.keys)).sorted() {
                if let range = copied[key] {
                    writer.integer(key)
                    writer.integer(UInt64(range.count))
                    writer.bytes += stored[range]
                } else {
                    writer.record(encoded[key]!, key: key)
                }
            }
            if fileHash != nil { writer.flag(names != nil) }
            guard let names else { return }
            writer.integer(UInt64(names.count))
            for name in names.keys.sorted(by: { $0.utf8Precedes($1) }) {
                writer.string(name)
                writer.string(names[name]!)
            }
        }
    }

    /// About how many bytes `records` and `names` take in a memo file: each record's two texts, and
    /// room for its numbers, headings, tags and links. A little more than they take, for the file's
    /// buffer to be made at once (`MemoFile.seal`); a record with more grows it as usual.
    static func estimatedSize(_ records: some Sequence<Record>, names: [String: String]) -> Int {
        var size = 16 + names.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 16 }
        for record in records {
            size += record.html.utf8.count + record.plainText.utf8.count + 64 + 96 * record.headings.count
                + 160 * record.questions.count + record.tags.reduce(0) { $0 + $1.utf8.count + 16 }
        }
        return size
    }

    /// Reads a memo file, and the journal written after it (`files(identity:)`) when there is one:
    /// nil when the file is not a whole memo file of this format, of the Questlog binary
    /// `identity`, whose hash matches its bytes. A journal that is not a whole one of this binary,
    /// or that names another file, is ignored: the file alone is the memo.
    public convenience init?(parsing bytes: [UInt8], journal: [UInt8]? = nil, identity: String) {
        guard var reader = MemoFile.open(bytes, header: Self.header, identity: identity),
              let (index, names) = Self.recordsAndNames(&reader, names: true) else { return nil }
        self.init()
        stored = bytes
        storedIndex = index
        self.names = names ?? [:]
        let hash = MemoFile.hash(of: bytes)
        file = (bytes.count, hash, index.count)
        guard let journal, var reader = MemoFile.open(journal, header: Self.journalHeader, identity: identity),
              reader.integer() == hash, let (journaled, journalNames) = Self.recordsAndNames(&reader, names: nil) else { return }
        stored += journal
        for (key, range) in journaled { storedIndex[key] = range.lowerBound + bytes.count..<range.upperBound + bytes.count }
        if let journalNames {
            self.names = journalNames
            namesJournaled = true
        }
    }

    /// The records' places and the names of a file's body (`names` true: they follow the records;
    /// nil: a flag says whether they do), read to its end; nil when it is not one.
    private static func recordsAndNames(_ reader: inout MemoReader, names: Bool?) -> ([UInt64: Range<Int>], [String: String]?)? {
        guard let count = reader.integer(), count <= UInt64(reader.end - reader.offset) else { return nil }
        var index: [UInt64: Range<Int>] = [:]
        index.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let key = reader.integer(), let length = reader.integer(), length <= UInt64(reader.end - reader.offset) else { return nil }
            index[key] = reader.offset..<reader.offset + Int(length)
            reader.offset += Int(length)
        }
        guard let hasNames = names ?? reader.flag() else { return nil }
        var found: [String: String]?
        if hasNames {
            guard let nameCount = reader.integer(), nameCount <= UInt64(reader.end - reader.offset) else { return nil }
            var table: [String: String] = [:]
            table.reserveCapacity(Int(nameCount))
            for _ in 0..<nameCount {
                guard let name = reader.string(), let key = reader.string() else { return nil }
                table[name] = key
            }
            found = table
        }
        guard reader.offset == reader.end else { return nil }
        return (index, found)
    }
}

extension MemoWriter {
    mutating func record(_ record: NoteMemo.Record, key: UInt64) {
        integer(key)
        let lengthAt = bytes.count
        integer(UInt64(0))
        let start = bytes.count
        integer(record.sourceLength)
        string(record.html)
        string(record.plainText)
        integer(record.headings.count)
        for heading in record.headings {
            integer(heading.level)
            string(heading.text)
            string(heading.id)
        }
        integer(record.tags.count)
        for tag in record.tags { string(tag) }
        integer(record.questions.count)
        for question in record.questions {
            switch question {
            case let .link(link, answer):
                bytes.append(0)
                string(link.target)
                optional(link.label)
                integer(link.line)
                integer(link.column)
                flag(link.isEmbed)
                switch answer {
                case let .resolved(href, title):
                    bytes.append(0)
                    string(href)
                    string(title)
                case .unresolved:
                    bytes.append(1)
                case .text:
                    bytes.append(2)
                case let .image(src, alt, width):
                    bytes.append(3)
                    string(src)
                    string(alt)
                    flag(width != nil)
                    integer(width ?? 0)
                case let .embed(href, title, previewHTML):
                    bytes.append(4)
                    string(href)
                    string(title)
                    string(previewHTML)
                }
            case let .url(url, answer):
                bytes.append(1)
                string(url.url)
                flag(url.isImage)
                integer(url.line)
                integer(url.column)
                switch answer {
                case .keep:
                    bytes.append(0)
                case let .replace(replacement):
                    bytes.append(1)
                    string(replacement)
                case .remove:
                    bytes.append(2)
                }
            }
        }
        let length = UInt64(bytes.count - start).littleEndian
        withUnsafeBytes(of: length) { raw in
            for (position, byte) in raw.enumerated() { bytes[lengthAt + position] = byte }
        }
    }
}


extension MemoReader {
    mutating func record() -> NoteMemo.Record? {
        guard let sourceLength = int(), let html = string(), let plainText = string(), let headingCount = count() else { return nil }
        var headings: [Heading] = []
        for _ in 0..<headingCount {
            guard let level = int(), let text = string(), let id = string() else { return nil }
            headings.append(Heading(level: level, text: text, id: id))
        }
        guard let tagCount = count() else { return nil }
        var tags: [String] = []
        for _ in 0..<tagCount {
            guard let tag = string() else { return nil }
            tags.append(tag)
        }
        guard let questionCount = count() else { return nil }
        var questions: [NoteMemo.Question] = []
        questions.reserveCapacity(questionCount)
        for _ in 0..<questionCount {
            guard let question = self.question() else { return nil }
            questions.append(question)
        }
        return NoteMemo.Record(sourceLength: sourceLength, html: html, plainText: plainText, headings: headings, tags: tags,
                               questions: questions)
    }

    fileprivate mutating func question() -> NoteMemo.Question? {
        switch byte() {
        case 0:
            guard let target = string(), let label = optional(), let line = int(), let column = int(), let isEmbed = flag() else { return nil }
            let link = WikiLink(target: target, label: label, line: line, column: column, isEmbed: isEmbed)
            let answer: WikiLinkResolution
            switch byte() {
            case 0:
                guard let href = string(), let title = string() else { return nil }
                answer = .resolved(href: href, title: title)
            case 1: answer = .unresolved
            case 2: answer = .text
            case 3:
                guard let src = string(), let alt = string(), let hasWidth = flag(), let width = int() else { return nil }
                answer = .image(src: src, alt: alt, width: hasWidth ? width : nil)
            case 4:
                guard let href = string(), let title = string(), let preview = string() else { return nil }
                answer = .embed(href: href, title: title, previewHTML: preview)
            default: return nil
            }
            return .link(link, answer)
        case 1:
            guard let url = string(), let isImage = flag(), let line = int(), let column = int() else { return nil }
            let link = LinkURL(url: url, isImage: isImage, line: line, column: column)
            switch byte() {
            case 0: return .url(link, .keep)
            case 1:
                guard let replacement = string() else { return nil }
                return .url(link, .replace(replacement))
            case 2: return .url(link, .remove)
            default: return nil
            }
        default:
            return nil
        }
    }
}
