import Foundation

extension MarkdownRenderer {
    /// Whether `source` holds `%%` anywhere: without it there is no comment, and no need to parse.
    static func hasDoublePercent(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            // Each `%` found by `memchr`, which goes through the text far faster than a byte loop.
            guard var at = bytes.baseAddress else { return false }
            let end = at + bytes.count
            while at < end, let found = memchr(at, Int32(UInt8(ascii: "%")), end - at) {
                let percent = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if percent + 1 < end && percent[1] == UInt8(ascii: "%") { return true }
                at = percent + 1
            }
            return false
        }
    }

    /// `source` without its Obsidian comments: `%%…%%` on one line or across lines, except
    /// where `%%` is in a code span or code block. An unclosed `%%` comments out the rest of
    /// the note. Every line break inside a comment stays, so what remains keeps its line
    /// numbers. Returns `source` itself when nothing is removed.
    public static func removingComments(_ source: String) -> String {
        guard hasDoublePercent(source) else { return source }
        var bytes = Array(source.utf8)
        var scanStart = 0
        var changed = false
        // Removing a comment can change what is code after it (a comment may hold a fence or a
        // backtick, or leave an indented line after a blank one), so the note is parsed again
        // after each such comment; comments within a line that leave its start alone need not.
        while true {
            let code = CMarkDocument.withDocument(parsing: String(decoding: bytes, as: UTF8.self), options: .init()) { $0.codeRanges() }
            var removals: [Range<Int>] = []
            var index = scanStart
            var reparse = false
            var codeIndex = 0
            while let opener = nextOpener(in: bytes, from: index, outside: code, codeIndex: &codeIndex) {
                let end = closerEnd(in: bytes, from: opener + 2)
                removals.append(opener..<end)
                index = end
                if changesStructure(bytes, opener..<end) {
                    reparse = true
                    break
                }
            }
            guard !removals.isEmpty else { break }
            changed = true
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var consumed = 0
            for removal in removals {
                kept += bytes[consumed..<removal.lowerBound]
                kept += bytes[removal].filter { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
                consumed = removal.upperBound
            }
            scanStart = kept.count
            kept += bytes[consumed...]
            bytes = kept
            if !reparse {
                break
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : source
    }

    /// The offset of the next `%%` at or after `start` that is not in code.
    private static func nextOpener(in bytes: [UInt8], from start: Int, outside code: [Range<Int>],
                                   codeIndex: inout Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            while codeIndex < code.count, code[codeIndex].upperBound <= index {
                codeIndex += 1
            }
            if codeIndex < code.count, code[codeIndex].contains(index) {
                index = code[codeIndex].upperBound
                continue
            }
            if bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "%") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The offset after the `%%` that closes a comment, searched from `start`; the end of the
    /// note when there is none.
    private static func closerEnd(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "%") {
                return index + 2
            }
            index += 1
        }
        return bytes.count
    }

    /// Whether removing `comment` could change what is code after it: it spans lines, holds a
    /// backtick or tilde, or starts its line (after indentation and quote markers).
    private static func changesStructure(_ bytes: [UInt8], _ comment: Range<Int>) -> Bool {
        let structural: Set<UInt8> = [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "`"), UInt8(ascii: "~")]
        if bytes[comment].contains(where: structural.contains) || comment.upperBound == bytes.count {
            return true
        }
        var index = comment.lowerBound
        while index > 0 {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                return true
            }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: ">") {
                return false
            }
            index -= 1
        }
        return true
    }
}
