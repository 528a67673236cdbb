/// The marker file at the root of an output folder: it makes the folder Questlog's and lists every
/// file Questlog owns there, so a later build can delete what it no longer produces and nothing else.
///
/// The format is text: the header line `questlog-manifest 1`, then one relative path per line,
/// sorted by bytes, each line ending with `\n`.
struct OutputManifest: Equatable {
    static let fileName = ".questlog-manifest"
    static let header = "questlog-manifest 1"

    /// Why a file is not a readable manifest.
    struct Problem: Error, Equatable {
        var reason: String
    }

    /// The listed paths, sorted by bytes, without duplicates.
    let paths: [String]

    init(paths: some Sequence<String>) {
        let given = Array(paths)
        // Most lists are sorted and without repeats already (a build's files, a merge of two
        // manifests): told in one pass, and kept as they are.
        if given.indices.dropFirst().allSatisfy({ given[$0 - 1].utf8Precedes(given[$0]) }) {
            self.paths = given
            return
        }
        var unique: [String] = []
        // Sorted, so a path is new exactly when the last one kept sorts before it.
        for path in given.sortedByUTF8() where unique.last.map({ $0.utf8Precedes(path) }) ?? true {
            unique.append(path)
        }
        self.paths = unique
    }

    /// Reads a manifest. Every path must pass the output path rules, so a damaged or edited manifest
    /// can never make Questlog delete anything outside the output folder or inside `.git`.
    init(parsing bytes: [UInt8]) throws(Problem) {
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces what is not UTF-8, so valid text decodes to its own bytes.
        guard text.utf8.withContiguousStorageIfAvailable({ $0.elementsEqual(bytes) }) ?? text.utf8.elementsEqual(bytes) else {
            throw Problem(reason: "it is not UTF-8 text")
        }
        guard bytes.last == UInt8(ascii: "\n") else { throw Problem(reason: "it does not end with a line break") }
        // Lines are split on bytes: as characters, "\r\n" would be one and hide a stray carriage return.
        let lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard lines[0] == Self.header else { throw Problem(reason: "its first line is not '\(Self.header)'") }
        for (offset, line) in lines.enumerated().dropFirst() {
            if let problem = OutputPathRules.problem(with: line) {
                throw Problem(reason: "line \(offset + 1): \(problem)")
            }
        }
        self.init(paths: lines.dropFirst())
    }

    /// The file's content.
    var bytes: [UInt8] {
        var out = Array(Self.header.utf8)
        out.reserveCapacity(out.count + 1 + paths.reduce(0) { $0 + $1.utf8.count + 1 })
        out.append(UInt8(ascii: "\n"))
        for path in paths {
            // The path's bytes copied whole, not a byte at a time.
            var path = path
            path.withUTF8 { out.append(contentsOf: $0) }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }
}
