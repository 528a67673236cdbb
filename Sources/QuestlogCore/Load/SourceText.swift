import Foundation

/// Turns a file's bytes into text the way every stage expects it: valid UTF-8, no BOM, `\n` line ends.
public enum SourceText {
    /// Decodes `bytes`, or returns an `invalid-utf8` diagnostic at the first bad byte.
    public static func decode(_ bytes: [UInt8], path: String) -> Result<String, Diagnostic> {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        // Checked and made into a string in one pass where the library can; the bad byte is
        // looked for only when there is one.
        let decoded: String?
        if #available(macOS 15, *) {
            decoded = String(validating: body, as: UTF8.self)
        } else {
            decoded = firstInvalidUTF8Offset(body) == nil ? String(decoding: body, as: UTF8.self) : nil
        }
        guard let text = decoded else {
            // Both checks hold to the same definition of UTF-8: the bad byte is there.
            let absolute = (firstInvalidUTF8Offset(body) ?? 0) + (bytes.count - body.count)
            let (line, column) = position(ofByte: absolute, in: bytes)
            let byte = String(bytes[absolute], radix: 16, uppercase: true)
            return .failure(.error("invalid UTF-8: byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(absolute); save the file as UTF-8",
                                   code: "invalid-utf8", at: SourceLocation(path: path, line: line, column: column)))
        }
        var copy = text
        let hasCarriageReturn = copy.withUTF8 { bytes in
            bytes.baseAddress.map { memchr($0, Int32(UInt8(ascii: "\r")), bytes.count) != nil } ?? false
        }
        guard hasCarriageReturn else { return .success(text) }
        return .success(text.replacingCRLF())
    }

    /// The offset in `bytes` of the first byte that is not part of a valid UTF-8 sequence.
    static func firstInvalidUTF8Offset<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }

    /// Files at least this long are read straight into the string that holds their text.
    static let bigFileBytes = 1 << 20

    /// The text of the file at `fullPath`, decoded as `decode` does (errors name `path`), or
    /// nil when it cannot be read. A big file is read into the string's own storage and its
    /// byte order mark and carriage returns are dealt with there, so its text is held once.
    static func read(_ fullPath: String, path: String) -> Result<String, Diagnostic>? {
        func ordinarily() -> Result<String, Diagnostic>? {
            FileContents.read(fullPath).map { decode($0, path: path) }
        }
        let descriptor = open(fullPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        guard Int(info.st_size) >= bigFileBytes else { return ordinarily() }
        // A file that cannot be read whole at once, has grown or is not UTF-8 is read again the
        // ordinary way (which also words the error).
        var isDecoded = true
        let text = String(unsafeUninitializedCapacity: Int(info.st_size) + 1) { buffer in
            var count = 0
            while count < buffer.count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    isDecoded = got == 0
                    break
                }
                count += got
            }
            var start = 0
            if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
            guard isDecoded, count < buffer.count, firstInvalidUTF8Offset(buffer[start..<count]) == nil else {
                isDecoded = false
                return 0
            }
            // As `replacingCRLF`: `\r\n` and a lone `\r` become `\n`; the text only gets shorter.
            var written = 0
            var previousWasCR = false
            for index in start..<count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n"), previousWasCR {
                    previousWasCR = false
                    continue
                }
                previousWasCR = byte == UInt8(ascii: "\r")
                buffer[written] = previousWasCR ? UInt8(ascii: "\n") : byte
                written += 1
            }
            return written
        }
        return isDecoded ? .success(text) : ordinarily()
    }

    /// 1-based line and column (in characters) of a byte offset.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        return (line, prefix.unicodeScalars.count + 1)
    }
}

extension String {
    /// `\r\n` and lone `\r` become `\n`, so line numbers agree with every editor.
    func replacingCRLF() -> String {
        var out = [UInt8]()
        out.reserveCapacity(utf8.count)
        var previousWasCR = false
        for byte in utf8 {
            if byte == UInt8(ascii: "\r") {
                out.append(UInt8(ascii: "\n"))
                previousWasCR = true
                continue
            }
            if byte == UInt8(ascii: "\n") && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
