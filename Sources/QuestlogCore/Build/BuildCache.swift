import Foundation

/// What the last successful build read and wrote, kept in the site's `.questlog/` folder (one file
/// per output folder; never in the output, which is published): the stamp of every input file, the size of every output file, and the
/// warnings it reported. A build whose inputs, options and Questlog binary are all as recorded, into
/// an output folder that still holds every file at its size, has nothing to do: it reports the same
/// warnings and writes nothing. Anything else — a changed, new or removed file, other options, another
/// binary, a damaged or foreign cache — means a full build, so the cache can cost time but never
/// correctness.
///
/// It also keeps the digest of the resolved site (`SiteDigest`): a build whose inputs differ only in
/// files of entries, and whose site differs only in some entries' notes, keeps the pages that show
/// none of those entries as the last build wrote them (`SiteBuild.run`).
///
/// The format is text: a header line, the output folder's line, then one record per line, fields
/// separated by tabs, with tab, line break and backslash escaped.
///
/// Records of output folders that are gone, and all but the most recent `keptRecords` others, are
/// removed whenever a build writes its own (`prune`): a site built into many folders over time
/// (temporary ones, a test's) would otherwise keep a record for each.
struct BuildCache: Equatable {
    static let header = "questlog-cache 6"
    /// The site's folder for Questlog's own state, which no build reads as content.
    static let folder = ".questlog"

    /// Where the cache of the builds of `site` into `output` is kept.
    static func path(site: String, output: String) -> String {
        path(site: site, folder: OutputFileSystem.canonical(output))
    }

    /// The same for an output folder already made canonical (`OutputFileSystem.canonical`).
    static func path(site: String, folder: String) -> String {
        site + "/" + Self.folder + "/" + recordName(folder: folder)
    }

    /// The name of the record of the builds into `folder` (canonical): `build-` and the hash of its path.
    static func recordName(folder: String) -> String {
        "build-" + String(FNV1a.hash(folder.utf8), radix: 16)
    }

    /// Whether `name` is one `recordName` gives: `build-` and up to 16 hexadecimal digits, not a
    /// record being written (`.new`) or replaced (`.old`).
    static func isRecordName(_ name: String) -> Bool {
        let digits = name.utf8.dropFirst(6)
        return name.utf8.starts(with: "build-".utf8) && (1...16).contains(digits.count)
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// How many records of other output folders a site keeps, the most recently written.
    static let keptRecords = 8

    /// Removes the records in `site`'s `.questlog/` of builds into other folders than `folder`
    /// (canonical, as `recordName` takes it): those
    /// whose folder is gone (no longer a folder), and all but the `keptRecords` most recently
    /// written of the rest. A record of another format, whose folder cannot be read, counts among
    /// the rest. Only a build's speed depends on a record: a folder whose record was removed gets
    /// a full build next time, the same output.
    static func prune(site: String, keeping folder: String) {
        let records = site + "/" + Self.folder
        guard let names = try? OutputFileSystem.entries(of: records, prefix: "build-") else { return }
        let own = recordName(folder: folder)
        var others: [(path: String, modified: Int64)] = []
        for name in names where name != own && isRecordName(name) {
            let path = records + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            // The header and the folder's line: a path is at most a few thousand bytes.
            if let start = FileContents.read(path, limit: 8_192), let recorded = start.withUnsafeBufferPointer(recordedFolder), !isFolder(recorded) {
                _ = try? OutputFileSystem.remove(path)
                continue
            }
            others.append((path, SourceStamp.modificationTime(info)))
        }
        // The most recent first; records written at the same time in name order, so which are
        // kept does not depend on the order the folder lists them in.
        others.sort { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path.utf8Precedes($1.path) }
        for record in others.dropFirst(keptRecords) { _ = try? OutputFileSystem.remove(record.path) }
    }

    /// The folder a record names on its second line, read from the record's first bytes: nil when
    /// they do not start with this format's header and a whole folder line.
    static func recordedFolder(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        let headerLength = header.utf8.count
        guard bytes.count > headerLength, header.utf8.elementsEqual(UnsafeBufferPointer(start: base, count: headerLength)),
              bytes[headerLength] == UInt8(ascii: "\n") else { return nil }
        let start = headerLength + 1
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return folderLine(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// The folder of a record's folder line (`folder`, a tab, an absolute path): nil for any other line.
    private static func folderLine(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        let tag = "folder\t".utf8
        guard line.count > tag.count + 1, line.starts(with: tag), line[tag.count] == UInt8(ascii: "/") else { return nil }
        let path = String(decoding: UnsafeBufferPointer(rebasing: line[tag.count...]), as: UTF8.self)
        return path.utf8.contains(UInt8(ascii: "\\")) ? unescaped(path) : path
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The output folder the record is of, as `OutputFileSystem.canonical` gives it: what `prune`
    /// reads to find the records of folders that are gone.
    var folder: String
    /// The Questlog binary and the build options the output was made with.
    var key: String
    var inputs: [SourceStamp]
    /// Every output file as the build left it, with the `ContentHash` of its bytes in `hash`: a
    /// changed time or size is enough to doubt it, and the next build, whatever its inputs, trusts
    /// a file still at this size and time to hold bytes of this hash instead of reading it back
    /// (unless that time is within `SourceStamp.racyWindow(for:)` of `written`: then it reads them).
    var outputs: [SourceStamp]
    var diagnostics: [Diagnostic]
    var pageCount: Int
    var gameCount: Int
    /// The digest of the site the build resolved; nil when it was not kept.
    var digest: SiteDigest?
    /// When the files began to be put in place, before `outputs` were stamped, in nanoseconds since
    /// 1970 (`OutputStage.commit`).
    var written: Int64 = 0
    /// The lengths of the pieces each export file under `exports/` was made of, by
    /// path (`ExportPieces`), for the next build to find in them the pieces it may reuse (`ExportReuse`).
    var pieces: [String: [Int]] = [:]

    static func == (lhs: BuildCache, rhs: BuildCache) -> Bool {
        lhs.folder == rhs.folder && lhs.key == rhs.key && lhs.inputs == rhs.inputs && lhs.diagnostics == rhs.diagnostics
            && lhs.pageCount == rhs.pageCount && lhs.gameCount == rhs.gameCount
            && lhs.outputs == rhs.outputs && lhs.digest == rhs.digest && lhs.written == rhs.written && lhs.pieces == rhs.pieces
    }

    /// The key of a build: the binary (its version, and the size and time of its executable, so a
    /// rebuilt Questlog never trusts another's cache) and every option that changes what is built.
    static func key(for options: BuildOptions) -> String {
        // Every option, so one added later is covered too; the thread count, the folder's display
        // name and `clean` change nothing in the output. A clean build ignores the last build's
        // cache, but what it records is as true as any build's: the build after it, with nothing
        // changed, has nothing to do.
        var relevant = options
        relevant.jobs = 1
        relevant.outputDisplayName = ""
        relevant.clean = false
        relevant.endsWithProcess = false
        return "\(binaryIdentity) \(relevant)"
    }

    /// The Questlog binary: its version, and the size and time of its executable.
    static let binaryIdentity: String = {
        var binary = "unknown"
        if let executable = Bundle.main.executablePath {
            var info = stat()
            if stat(executable, &info) == 0 { binary = "\(info.st_size)-\(SourceStamp.modificationTime(info))" }
        }
        return "questlog \(Questlog.version) \(binary)"
    }()

    /// Whether nothing the last build depended on has changed: same key, same input files with the
    /// same stamps, and every output file still there at its size and time.
    /// Stamps alone, not bytes, decide: a file given a new time may change a page's date in the
    /// sitemap (`SourceDates`), which only a build makes again.
    func isCurrent(key: String, inputs: [SourceStamp], site: String, output: String) -> Bool {
        guard key == self.key, changedInputs(inputs, site: site, byContent: false)?.isEmpty == true else { return false }
        return outputs.allSatisfy { recorded in
            SourceStamp.current(recorded.path, in: output).map { $0.size == recorded.size && $0.modified == recorded.modified } ?? false
        }
    }

    /// The paths of the input files whose stamps (or, where recorded, bytes) differ from the
    /// cache's, in walking order; nil when files came or went. With `byContent`, a file whose time
    /// alone changed, and whose bytes (`content`, as `knowingContents` found them) are those the
    /// last build used, is not counted.
    func changedInputs(_ inputs: [SourceStamp], site: String, byContent: Bool = true) -> [String]? {
        let compared = comparedInputs(inputs, site: site, byContent: byContent)
        return compared.added.isEmpty && compared.removed.isEmpty ? compared.changed : nil
    }

    /// How the input files differ from the cache's: those whose stamps (or, where recorded,
    /// bytes) differ (`changed`, as `changedInputs` tells them), those that came (`added`) and
    /// those that went (`removed`), each in walking order.
    func comparedInputs(_ inputs: [SourceStamp], site: String, byContent: Bool = true)
        -> (changed: [String], added: [String], removed: [String]) {
        var changed: [String] = []
        func compare(_ now: SourceStamp, _ then: SourceStamp) {
            guard now.size == then.size, now.modified == then.modified else {
                if byContent, now.size == then.size, then.content != 0, now.content == then.content { return }
                changed.append(now.path)
                return
            }
            // Bytes hashed last time are compared again, even when their time no longer looks recent.
            if then.hash != 0, (now.hash != 0 ? now.hash : now.content != 0 ? now.content : SourceStamp.hashOfFile(site + "/" + now.path)?.hash) != then.hash {
                changed.append(now.path)
            }
        }
        if inputs.count == self.inputs.count, zip(inputs, self.inputs).allSatisfy({ $0.path == $1.path }) {
            for (now, then) in zip(inputs, self.inputs) { compare(now, then) }
            return (changed, [], [])
        }
        var recorded = Dictionary(self.inputs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var added: [String] = []
        for now in inputs {
            if let then = recorded.removeValue(forKey: now.path) {
                compare(now, then)
            } else {
                added.append(now.path)
            }
        }
        let removed = self.inputs.map(\.path).filter { recorded[$0] != nil }
        return (changed, added, removed)
    }

    /// `inputs`, stamped by a build, with the bytes of their files (`SourceStamp.content`) where
    /// they can be told before the build reads them: from `record` (the last build's, of the same
    /// key) for a file whose stamp is as recorded there; by hashing the file now for any other file
    /// when there is a record (so that a file given a new time is told unchanged by its bytes), or,
    /// without one, for the files the load does not hash itself (`skipping`: those it does, whose
    /// hashes the build takes from it, `fillingContents`). Files are hashed on up to `jobs`
    /// threads. A file that cannot be read keeps no content.
    static func knowingContents(of inputs: [SourceStamp], from record: BuildCache?, site: String, jobs: Int,
                                skipping: (SourceStamp) -> Bool) -> [SourceStamp] {
        var stamps = inputs
        var toHash: [Int] = []
        // The record's stamps by path, made only if the paths do not line up one for one.
        var recorded: [String: SourceStamp]?
        for index in stamps.indices where stamps[index].size >= 0 && stamps[index].content == 0 {
            let stamp = stamps[index]
            if let record {
                var then: SourceStamp?
                if recorded == nil, index < record.inputs.count, record.inputs[index].path == stamp.path {
                    then = record.inputs[index]
                } else {
                    if recorded == nil { recorded = Dictionary(record.inputs.map { ($0.path, $0) }, uniquingKeysWith: { $1 }) }
                    then = recorded?[stamp.path]
                }
                // A file stamped too recently last time to be told by its stamp is hashed again.
                if let then, then.size == stamp.size, then.modified == stamp.modified, then.content != 0, then.hash == 0 {
                    stamps[index].content = then.content
                } else {
                    toHash.append(index)
                }
            } else if !skipping(stamp) {
                toHash.append(index)
            }
        }
        let hashed = Parallel.map(toHash.map { (index: $0, path: site + "/" + stamps[$0].path) }, jobs: toHash.count < 64 ? 1 : jobs) {
            // Through symbolic links, as the stamps and the load see files.
            ContentHash.hash(ofFile: $0.path, followingLinks: true)
        }
        for (index, hash) in zip(toHash, hashed) {
            if let hash { stamps[index].content = hash == 0 ? 1 : hash }
        }
        return stamps
    }

    /// `stamps` with the bytes the load used (`loaded`: their hash and count by path) as their
    /// content, where it read a file at its stamped size; a file it read at another size had
    /// changed since its stamp, and keeps no content.
    static func fillingContents(_ stamps: [SourceStamp], from loaded: [String: (hash: UInt64, byteCount: Int)]) -> [SourceStamp] {
        guard !loaded.isEmpty else { return stamps }
        var stamps = stamps
        for index in stamps.indices {
            guard let used = loaded[stamps[index].path] else { continue }
            stamps[index].content = used.byteCount == stamps[index].size ? (used.hash == 0 ? 1 : used.hash) : 0
        }
        return stamps
    }

    // MARK: Reading and writing

    /// The cache as text: a line for every input, output and entry, written at the end of every
    /// build that writes.
    var bytes: [UInt8] {
        // Written through a pointer into room reckoned once: a record of 30,000 lines (10,000
        // entries) took 60 M instructions appended to an array a byte or a piece at a time.
        // A line takes at most its texts' bytes twice (all escaped), a tab and 21 bytes per
        // number, and its tag (six bytes at most) and separators: 24 a number and 16 a line cover it.
        func line(texts: Int, numbers: Int) -> Int { 2 * texts + 24 * numbers + 16 }
        var room = line(texts: Self.header.utf8.count, numbers: 0) + line(texts: folder.utf8.count, numbers: 0)
            + line(texts: key.utf8.count, numbers: 0) + 3 * line(texts: 0, numbers: 1)
        for stamp in inputs { room += line(texts: stamp.path.utf8.count, numbers: 4) }
        for stamp in outputs { room += line(texts: stamp.path.utf8.count, numbers: 3) }
        if let digest {
            room += (1 + digest.games.count) * line(texts: 0, numbers: 1)
            for entry in digest.entries { room += line(texts: entry.key.utf8.count + entry.path.utf8.count, numbers: 4) }
        }
        for (path, lengths) in pieces { room += line(texts: path.utf8.count, numbers: lengths.count) }
        for diagnostic in diagnostics {
            room += line(texts: diagnostic.severity.rawValue.utf8.count + diagnostic.code.utf8.count + (diagnostic.location?.path.utf8.count ?? 1)
                + diagnostic.message.utf8.count, numbers: 2)
        }
        return [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            var out = RecordWriter(base: buffer.baseAddress!)
            out.text(Self.header); out.end()
            out.tag("folder"); out.tab(); out.text(folder); out.end()
            out.tag("key"); out.tab(); out.text(key); out.end()
            out.tag("pages"); out.field(pageCount); out.end()
            out.tag("games"); out.field(gameCount); out.end()
            out.tag("written"); out.field(written); out.end()
            for input in inputs {
                out.tag("in"); out.field(input.size); out.field(input.modified); out.field(input.hash); out.field(input.content); out.tab(); out.text(input.path); out.end()
            }
            for output in outputs {
                out.tag("out"); out.field(output.size); out.field(output.modified); out.field(output.hash); out.tab(); out.text(output.path); out.end()
            }
            if let digest {
                out.tag("site"); out.field(digest.site); out.end()
                for game in digest.games {
                    out.tag("game"); out.field(game); out.end()
                }
                for entry in digest.entries {
                    out.tag("entry"); out.field(entry.shape); out.field(entry.notes); out.field(entry.links); out.field(entry.label); out.tab(); out.text(entry.key); out.tab(); out.text(entry.path); out.end()
                }
            }
            // Sorted, so the same build writes the same cache.
            for path in pieces.keys.sorted(by: { $0.utf8Precedes($1) }) {
                out.tag("pieces"); out.tab()
                for (index, length) in (pieces[path] ?? []).enumerated() {
                    if index > 0 { out.byte(UInt8(ascii: " ")) }
                    out.decimal(length)
                }
                out.tab(); out.text(path); out.end()
            }
            for diagnostic in diagnostics {
                let location = diagnostic.location
                out.tag("diag"); out.tab(); out.text(diagnostic.severity.rawValue); out.tab(); out.text(diagnostic.code); out.tab()
                if let location { out.text(location.path) } else { out.tag("-") }
                out.field(location?.line ?? 0); out.field(location?.column ?? 0); out.tab(); out.text(diagnostic.message); out.end()
            }
            precondition(out.count <= room, "the build's record outgrew the room reckoned for it")
            count = out.count
        }
    }

    /// Writes the record's bytes at `base`, into room made for them beforehand.
    private struct RecordWriter {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        @inline(__always)
        mutating func byte(_ byte: UInt8) {
            base[count] = byte
            count &+= 1
        }

        mutating func tab() { byte(UInt8(ascii: "\t")) }
        mutating func end() { byte(UInt8(ascii: "\n")) }

        /// Text written as it is: a line's tag.
        mutating func tag(_ text: StaticString) {
            text.withUTF8Buffer { bytes in
                (base + count).initialize(from: bytes.baseAddress!, count: bytes.count)
                count &+= bytes.count
            }
        }

        /// A field's text, with `\`, tab, line feed and carriage return escaped.
        mutating func text(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                guard let start = utf8.baseAddress else { return }
                // Most texts (paths) have nothing to escape: copied whole.
                var plain = true
                for byte in utf8 where byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    plain = false
                    break
                }
                if plain {
                    (base + count).initialize(from: start, count: utf8.count)
                    count &+= utf8.count
                    return
                }
                for byte in utf8 {
                    switch byte {
                    case UInt8(ascii: "\\"): byte2(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
                    case UInt8(ascii: "\t"): byte2(UInt8(ascii: "\\"), UInt8(ascii: "t"))
                    case UInt8(ascii: "\n"): byte2(UInt8(ascii: "\\"), UInt8(ascii: "n"))
                    case UInt8(ascii: "\r"): byte2(UInt8(ascii: "\\"), UInt8(ascii: "r"))
                    default: self.byte(byte)
                    }
                }
            }
        }

        private mutating func byte2(_ first: UInt8, _ second: UInt8) {
            byte(first)
            byte(second)
        }

        /// A tab, then `number` in decimal.
        mutating func field(_ number: some BinaryInteger) {
            tab()
            decimal(number)
        }

        /// `number` in decimal, as `String(number)` has it.
        mutating func decimal(_ number: some BinaryInteger) {
            if number < 0 { byte(UInt8(ascii: "-")) }
            count &+= BuildCache.writeDecimal(UInt64(number.magnitude), at: base + count)
        }
    }

    /// Writes the decimal digits of `value` at `at` (room for 20), two at a time from the end;
    /// returns how many.
    @inline(__always)
    static func writeDecimal(_ value: UInt64, at: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        var value = value
        var end = length
        while value >= 100 {
            let pair = Int(truncatingIfNeeded: value % 100)
            value /= 100
            end -= 2
            at[end] = UInt8(truncatingIfNeeded: pair / 10) &+ 0x30
            at[end + 1] = UInt8(truncatingIfNeeded: pair % 10) &+ 0x30
        }
        if value >= 10 {
            at[0] = UInt8(truncatingIfNeeded: value / 10) &+ 0x30
            at[1] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
        } else {
            at[0] = UInt8(truncatingIfNeeded: value) &+ 0x30
        }
        return length
    }


    /// The records a cache holds, by the tag that starts their lines.
    private enum Tag: CaseIterable {
        case key, pages, games, written, input, output, site, game, entry, pieces, diagnostic

        var name: [UInt8] {
            switch self {
            case .key: Array("key".utf8)
            case .pages: Array("pages".utf8)
            case .games: Array("games".utf8)
            case .written: Array("written".utf8)
            case .input: Array("in".utf8)
            case .output: Array("out".utf8)
            case .site: Array("site".utf8)
            case .game: Array("game".utf8)
            case .entry: Array("entry".utf8)
            case .pieces: Array("pieces".utf8)
            case .diagnostic: Array("diag".utf8)
            }
        }

        /// The most frequent first: a cache has a line for every input, output and entry.
        private static let spelled = ([.input, .output, .entry] + allCases.filter { ![.input, .output, .entry].contains($0) })
            .map { ($0, $0.name) }

        /// The tag spelled by `bytes`, compared as bytes.
        static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> Tag? {
            guard let base = bytes.baseAddress else { return nil }
            return spelled.first { $0.1.count == bytes.count && memcmp(base, $0.1, bytes.count) == 0 }?.0
        }
    }

    /// Reads a cache; nil for anything that is not a complete cache of this format. Read in place
    /// from the file's bytes: a cache lists every input and output, so it is read on every build.
    init?(parsing bytes: [UInt8]) {
        guard let cache = bytes.withUnsafeBufferPointer(Self.parse) else { return nil }
        self = cache
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> BuildCache? {
        guard let base = buffer.baseAddress, buffer.last == UInt8(ascii: "\n") else { return nil }
        let total = buffer.count
        func field(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        }
        func text(_ range: Range<Int>) -> String {
            let string = String(decoding: field(range), as: UTF8.self)
            return memchr(base + range.lowerBound, Int32(UInt8(ascii: "\\")), range.count) != nil ? unescaped(string) : string
        }
        func number<T: FixedWidthInteger>(_ range: Range<Int>) -> T? {
            Self.number(field(range))
        }
        /// Where the line that starts at `start` ends (its line break).
        func lineEnd(from start: Int) -> Int {
            memchr(base + start, Int32(UInt8(ascii: "\n")), total - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? total
        }
        let headerEnd = lineEnd(from: 0)
        guard headerEnd == header.utf8.count, header.utf8.elementsEqual(field(0..<headerEnd)) else { return nil }
        // The folder's line comes second, where `prune` reads it without reading the rest.
        let folderEnd = lineEnd(from: headerEnd + 1)
        guard let folder = folderLine(field((headerEnd + 1)..<folderEnd)) else { return nil }
        var key: String?, pages: Int?, gameCount: Int?, written: Int64?
        var inputs: [SourceStamp] = [], outputs: [SourceStamp] = [], diagnostics: [Diagnostic] = []
        var site: UInt64?, games: [UInt64] = [], entries: [SiteDigest.Record] = []
        var pieces: [String: [Int]] = [:]
        // Room for the lines there are, counted by their breaks.
        var lineCount = 0
        for byte in buffer where byte == UInt8(ascii: "\n") { lineCount += 1 }
        inputs.reserveCapacity(lineCount)
        outputs.reserveCapacity(lineCount)
        // The fields of a line, in one table made once for all lines: the places of the first
        // eight, and how many there are.
        var fields = [Range<Int>](repeating: 0..<0, count: 8)
        var fieldCount = 0
        var lineStart = min(total, folderEnd + 1)
        while lineStart < total {
            let end = lineEnd(from: lineStart)
            fieldCount = 0
            var start = lineStart
            while true {
                let tab = memchr(base + start, Int32(UInt8(ascii: "\t")), end - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                if fieldCount < fields.count { fields[fieldCount] = start..<(tab ?? end) }
                fieldCount += 1
                guard let tab else { break }
                start = tab + 1
            }
            lineStart = end + 1
            guard let tag = Tag.named(field(fields[0])) else { return nil }
            switch (tag, fieldCount) {
            case (.key, 2): key = text(fields[1])
            case (.pages, 2): pages = number(fields[1])
            case (.games, 2): gameCount = number(fields[1])
            case (.written, 2): written = number(fields[1])
            case (.input, 6):
                guard let size: Int = number(fields[1]), let modified: Int64 = number(fields[2]), let hash: UInt64 = number(fields[3]),
                      let content: UInt64 = number(fields[4]) else { return nil }
                inputs.append(SourceStamp(path: text(fields[5]), size: size, modified: modified, hash: hash, content: content))
            case (.output, 5):
                guard let size: Int = number(fields[1]), let modified: Int64 = number(fields[2]), let hash: UInt64 = number(fields[3]) else { return nil }
                let path = text(fields[4])
                guard OutputPathRules.problem(with: path) == nil else { return nil }
                outputs.append(SourceStamp(path: path, size: size, modified: modified, hash: hash))
            case (.site, 2):
                guard site == nil, let value: UInt64 = number(fields[1]) else { return nil }
                site = value
            case (.game, 2):
                guard site != nil, let value: UInt64 = number(fields[1]) else { return nil }
                games.append(value)
            case (.entry, 7):
                guard site != nil, let shape: UInt64 = number(fields[1]), let notes: UInt64 = number(fields[2]),
                      let links: UInt64 = number(fields[3]), let label: UInt64 = number(fields[4]) else { return nil }
                entries.append(SiteDigest.Record(key: text(fields[5]), path: text(fields[6]), shape: shape, notes: notes, links: links,
                                                 label: label))
            case (.pieces, 3):
                var lengths: [Int] = []
                for length in field(fields[1]).split(separator: UInt8(ascii: " ")) {
                    guard let length: Int = Self.number(UnsafeBufferPointer(rebasing: length)), length >= 0 else { return nil }
                    lengths.append(length)
                }
                let path = text(fields[2])
                guard !lengths.isEmpty, OutputPathRules.problem(with: path) == nil, pieces.updateValue(lengths, forKey: path) == nil else { return nil }
            case (.diagnostic, 7):
                guard let severity = Severity(rawValue: text(fields[1])), let line: Int = number(fields[4]), let column: Int = number(fields[5]) else { return nil }
                let path = text(fields[3])
                let location = path == "-" ? nil : SourceLocation(path: path, line: line, column: column)
                diagnostics.append(Diagnostic(severity, text(fields[6]), code: text(fields[2]), at: location))
            default:
                return nil
            }
        }
        guard let key, let pages, let gameCount, let written else { return nil }
        return BuildCache(folder: folder, key: key, inputs: inputs, outputs: outputs, diagnostics: diagnostics, pageCount: pages, gameCount: gameCount,
                          digest: site.map { SiteDigest(entries: entries, games: games, site: $0) }, written: written, pieces: pieces)
    }

    init(folder: String, key: String, inputs: [SourceStamp], outputs: [SourceStamp], diagnostics: [Diagnostic], pageCount: Int, gameCount: Int,
         digest: SiteDigest? = nil, written: Int64 = 0, pieces: [String: [Int]] = [:]) {
        self.folder = folder
        self.written = written
        self.pieces = pieces
        self.key = key
        self.inputs = inputs
        self.outputs = outputs
        self.diagnostics = diagnostics
        self.pageCount = pageCount
        self.gameCount = gameCount
        self.digest = digest
    }

    /// The decimal number of the bytes, as `T(String(decoding: bytes, as: UTF8.self))` reads it
    /// (digits after an optional sign, nothing else, within `T`), without making a string.
    static func number<T: FixedWidthInteger>(_ bytes: ArraySlice<UInt8>) -> T? {
        bytes.withUnsafeBufferPointer { number($0) }
    }

    /// `number(_:)` of bytes read in place.
    static func number<T: FixedWidthInteger>(_ bytes: UnsafeBufferPointer<UInt8>) -> T? {
        // Up to 19 digits without a sign (sizes, times, most hashes) cannot overflow 64 bits.
        if bytes.count <= 19, let first = bytes.first, first != UInt8(ascii: "-"), first != UInt8(ascii: "+") {
            var value: UInt64 = 0
            for byte in bytes {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ UInt64(digit)
            }
            return T(exactly: value)
        }
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative {
            // An unsigned type takes only a negative zero, which subtracting below leaves at zero.
            digits = digits.dropFirst()
        } else if digits.first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var value: T = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = T(byte - UInt8(ascii: "0"))
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowShift, !overflowAdd else { return nil }
            value = next
        }
        return value
    }

    private static func unescaped(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
