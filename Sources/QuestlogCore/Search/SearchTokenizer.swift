import Foundation

/// Turns text into search terms. `Templates/assets/search.js` implements the same steps, and both are
/// checked against `Tests/Fixtures/search/tokenizer-vectors.json`, so a query typed in the browser
/// meets the terms Swift indexed.
///
/// 1. Invisible format characters (zero-width joiners, soft hyphens) and variation selectors are removed.
/// 2. The text is folded like names are compared (`NameKey`): compatibility normalization, lower case,
///    marks removed from Latin letters only (so Vietnamese "Đường" becomes "duong" while Devanagari
///    vowel signs stay), canonical composition. Final sigma becomes sigma, since lower-casing in
///    JavaScript depends on the position in the word. Traditional Chinese characters become Simplified
///    ones (`SearchHanFolding`), so either script finds the other.
/// 3. Words are runs of letters, marks and digits. Han, Hiragana, Katakana and Hangul runs, which have
///    no spaces between words, become overlapping pairs of characters followed by the run's last
///    character ("鈴木春人" → 鈴木, 木春, 春人, 人). Every character of a run then starts a term, so a
///    one-character query finds it anywhere by prefix.
public enum SearchTokenizer {
    /// The terms of `text`, in order, repeats included.
    public static func terms(in text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// Hands each term of `text` to `visit` as UTF-8 bytes, in order, repeats included; the bytes are
    /// valid only during the call. The same terms as `terms(in:)`, without a string for each.
    ///
    /// Most text is ASCII or common Han characters, which folding leaves as they are but for case
    /// and Traditional forms, so the text is cut at ASCII separators into segments: a segment of ASCII
    /// letters, digits and Han characters of the unified blocks (U+3400–U+4DBF, U+4E00–U+9FFF) is
    /// folded byte by byte, and only a segment holding other characters goes through the Unicode
    /// steps (their terms are remembered by segment). A separator followed by another character stays
    /// in the segment, since normalization may combine the two (`<` + U+0338 is `≮`), unless that
    /// character is a letter nothing can combine with (`isStableLetter`): so segments stay single
    /// words, which repeat. The result is exactly that of the Unicode steps on the whole text
    /// (`unicodeTerms(in:)`).
    public static func forEachTerm(in text: String, _ visit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { forEachTerm(inUTF8: $0, visit) }
    }

    /// `forEachTerm(in:_:)` of text given as valid UTF-8 (a whole string, or a part of one cut by
    /// `isCut(_:at:)`).
    static func forEachTerm(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ visit: (UnsafeBufferPointer<UInt8>) -> Void) {
        do {
            let count = bytes.count
            guard count > 0 else { return }
            let base = bytes.baseAddress!
            // A word's or a pair's folded bytes; a run of Han characters, folded, as code points.
            var scratch = [UInt8](repeating: 0, count: 64)
            var run: [UInt32] = []
            var start = 0
            var hasOther = false

            func emit(_ pointer: UnsafePointer<UInt8>, _ length: Int) {
                visit(UnsafeBufferPointer(start: pointer, count: length))
            }
            func emitRun() {
                guard let last = run.last else { return }
                scratch.withUnsafeMutableBufferPointer { buffer in
                    let out = buffer.baseAddress!
                    for index in run.indices.dropFirst() {
                        writeThreeBytes(run[index - 1], to: out)
                        writeThreeBytes(run[index], to: out + 3)
                        emit(UnsafePointer(out), 6)
                    }
                    writeThreeBytes(last, to: out)
                    emit(UnsafePointer(out), 3)
                }
                run.removeAll(keepingCapacity: true)
            }
            func emitWord(_ from: Int, _ to: Int) {
                let length = to - from
                if scratch.count < length { scratch = [UInt8](repeating: 0, count: length) }
                scratch.withUnsafeMutableBufferPointer { buffer in
                    let out = buffer.baseAddress!
                    for offset in 0..<length {
                        let byte = base[from + offset]
                        out[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                    }
                    emit(UnsafePointer(out), length)
                }
            }
            /// A segment of ASCII letters and digits and unified Han characters only.
            func fastSegment(_ end: Int) {
                var index = start
                var word = -1
                while index < end {
                    let byte = base[index]
                    if byte < 0x80 {
                        if word < 0 {
                            emitRun()
                            word = index
                        }
                        index += 1
                    } else {
                        if word >= 0 {
                            emitWord(word, index)
                            word = -1
                        }
                        run.append(SearchHanFolding.foldUnified(hanCodePoint(base + index)))
                        index += 3
                    }
                }
                if word >= 0 { emitWord(word, end) }
                emitRun()
            }
            func flush(_ end: Int) {
                guard end > start else { return }
                if hasOther {
                    for var term in segmentCache.terms(of: String(decoding: UnsafeBufferPointer(start: base + start, count: end - start),
                                                                as: UTF8.self)) {
                        term.withUTF8 { visit($0) }
                    }
                } else {
                    fastSegment(end)
                }
            }
            var index = 0
            while index < count {
                let byte = base[index]
                if byte >= 0x80 {
                    // Valid UTF-8: a lead byte and its continuation bytes.
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    if length != 3 || !isUnifiedHan(hanCodePoint(base + index)) { hasOther = true }
                    index += length
                } else {
                    if !Self.isASCIIWordByte(byte) {
                        if index + 1 < count && base[index + 1] >= 0x80 && !startsStableLetter(base + index + 1, count - index - 1) {
                            hasOther = true
                        } else {
                            flush(index)
                            start = index + 1
                            hasOther = false
                        }
                    }
                    index += 1
                }
            }
            flush(count)
        }
    }

    /// Whether the terms of UTF-8 text are those of its bytes before `index` followed by those of its
    /// bytes from `index`: true after an ASCII separator followed by an ASCII character, where the
    /// segments of `forEachTerm` start anew.
    static func isCut(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index > 0 && index < bytes.count && bytes[index - 1] < 0x80 && !isASCIIWordByte(bytes[index - 1]) && bytes[index] < 0x80
    }

    /// The code point of a three-byte UTF-8 sequence.
    @inline(__always)
    private static func hanCodePoint(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(pointer[0] & 0x0F) << 12 | UInt32(pointer[1] & 0x3F) << 6 | UInt32(pointer[2] & 0x3F)
    }

    /// Whether the character at `pointer` (with `available` bytes left) is a unified Han character
    /// or another letter that nothing before it can change (`isStableLetter`), so text may be cut
    /// into segments just before it.
    @inline(__always)
    private static func startsStableLetter(_ pointer: UnsafePointer<UInt8>, _ available: Int) -> Bool {
        let byte = pointer[0]
        if byte >= 0xC0 && byte < 0xE0 {
            return available >= 2 && isStableLetter(UInt32(byte & 0x1F) << 6 | UInt32(pointer[1] & 0x3F))
        }
        guard byte >= 0xE0 && byte < 0xF0 && available >= 3 else { return false }
        let value = hanCodePoint(pointer)
        return isUnifiedHan(value) || isStableLetter(value)
    }

    /// Letters of common scripts after which an ASCII separator's segment may end: each is a starter
    /// that composes with nothing before it (nor does the start of its compatibility form), is no
    /// mark, format character or grapheme extender, so the Unicode steps never join it to the
    /// separator before it. Latin (Latin-1 letters, Extended-A and -B, Extended Additional),
    /// Cyrillic, Devanagari letters, Hiragana, Katakana and Hangul syllables.
    static func isStableLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, // Latin-1 letters, Latin Extended-A and -B
             0x400...0x481, 0x48A...0x52F, // Cyrillic letters
             0x904...0x939, 0x93D, 0x950, 0x958...0x961, 0x972...0x97F, // Devanagari letters
             0x1E00...0x1EFF, // Latin Extended Additional
             0x3041...0x3096, 0x30A1...0x30FA, // Hiragana, Katakana
             0xAC00...0xD7A3: // Hangul syllables
            return true
        default:
            return false
        }
    }

    /// CJK Unified Ideographs and Extension A: letters that normalization, case and mark folding leave
    /// alone and that compose with nothing, so only the Traditional-to-Simplified step applies.
    @inline(__always)
    static func isUnifiedHan(_ value: UInt32) -> Bool {
        (value >= 0x3400 && value <= 0x4DBF) || (value >= 0x4E00 && value <= 0x9FFF)
    }

    /// Writes a code point of U+0800–U+FFFF as three UTF-8 bytes.
    @inline(__always)
    private static func writeThreeBytes(_ value: UInt32, to out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(0xE0 | (value >> 12))
        out[1] = UInt8(0x80 | ((value >> 6) & 0x3F))
        out[2] = UInt8(0x80 | (value & 0x3F))
    }

    /// The terms of the non-ASCII segments met so far: words repeat across notes (a name, a place),
    /// and their Unicode steps cost far more than a lookup.
    private static let segmentCache = SegmentCache()

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The terms of `text` by the Unicode steps alone, for any text.
    static func unicodeTerms(in text: String) -> [String] {
        var terms: [String] = []
        var word = String.UnicodeScalarView()
        var units: [String.UnicodeScalarView] = []

        func flushWord() {
            if !word.isEmpty { terms.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        func flushUnits() {
            guard let last = units.last else { return }
            for index in units.indices.dropFirst() { terms.append(String(units[index - 1]) + String(units[index])) }
            terms.append(String(last))
            units = []
        }

        for scalar in fold(text).unicodeScalars {
            switch scalar.properties.generalCategory {
            case _ where isMark(scalar):
                // A mark belongs to the character before it, whichever script that is.
                if !units.isEmpty {
                    units[units.count - 1].append(scalar)
                } else {
                    word.append(scalar)
                }
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                if isIdeographic(scalar) {
                    flushWord()
                    units.append(String.UnicodeScalarView([scalar]))
                } else {
                    flushUnits()
                    word.append(scalar)
                }
            default:
                flushUnits()
                flushWord()
            }
        }
        flushUnits()
        flushWord()
        return terms
    }

    /// The text in the form terms are made from: steps 1 and 2 above.
    static func fold(_ text: String) -> String {
        var visible = text
        if text.unicodeScalars.contains(where: isIgnorable) {
            visible = String(String.UnicodeScalarView(text.unicodeScalars.filter { !isIgnorable($0) }))
        }
        let folded = NameKey.make(visible)
        guard folded.unicodeScalars.contains(where: { $0 == "ς" || SearchHanFolding.mayFold($0) }) else { return folded }
        return String(String.UnicodeScalarView(folded.unicodeScalars.map { $0 == "ς" ? "σ" : SearchHanFolding.fold($0) }))
    }

    /// Letters, marks and digits: what words are made of.
    public static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Whether a term is one Han, kana or Hangul character (with any marks), as the end of a run is.
    public static func isSingleIdeograph(_ term: String) -> Bool {
        guard let first = term.unicodeScalars.first, isIdeographic(first) else { return false }
        return term.unicodeScalars.dropFirst().allSatisfy(isMark)
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Characters that change nothing a reader sees in a word: format characters and variation selectors.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: return scalar.properties.generalCategory == .format
        }
    }

    /// Han, Hiragana, Katakana and Hangul: scripts written without spaces between words. Only letters
    /// and numbers of these blocks are asked about; their punctuation separates words like any other.
    public static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, // Hangul Jamo
             0x2E80...0x2FDF, // CJK and Kangxi radicals
             0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, // 々, 〇, Hangzhou numerals
             0x3041...0x309F, // Hiragana
             0x30A0...0x30FF, // Katakana
             0x3131...0x318E, // Hangul compatibility Jamo
             0x31F0...0x31FF, // Katakana phonetic extensions
             0x3400...0x4DBF, // CJK extension A
             0x4E00...0x9FFF, // CJK unified ideographs
             0xA960...0xA97F, // Hangul Jamo extended-A
             0xAC00...0xD7FF, // Hangul syllables, Jamo extended-B
             0xF900...0xFAFF, // CJK compatibility ideographs
             0x20000...0x3134F: // CJK extensions B to G, compatibility supplement
            return true
        default:
            return false
        }
    }
}

/// Terms of text segments, remembered up to a bound and shared by every thread.
private final class SegmentCache: @unchecked Sendable {
    private let lock = NSLock()
    private var terms: [String: [String]] = [:]
    /// Past this many segments the cache starts again, so memory stays bounded in a long `serve`.
    private let capacity = 200_000

    func terms(of segment: String) -> [String] {
        lock.lock()
        if let known = terms[segment] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let found = SearchTokenizer.unicodeTerms(in: segment)
        lock.lock()
        if terms.count >= capacity { terms.removeAll(keepingCapacity: true) }
        terms[segment] = found
        lock.unlock()
        return found
    }
}
