import Foundation
@testable import QuestlogCore
import Testing

struct SourceTextTests {
    @Test func bomIsDroppedAndLineEndsNormalised() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\n".utf8)
        #expect(try SourceText.decode(bytes, path: "x").get() == "a\nb\nc\n")
    }

    @Test func invalidUTF8IsReportedAtItsByte() {
        let bytes = Array("---\nname: Boc\n---\nA seamster ".utf8) + [0xFF] + Array(" x\n".utf8)
        guard case let .failure(diagnostic) = SourceText.decode(bytes, path: "npcs/boc.md") else {
            Issue.record("expected a failure")
            return
        }
        #expect(diagnostic.code == "invalid-utf8")
        #expect(diagnostic.location == SourceLocation(path: "npcs/boc.md", line: 4, column: 12))
        #expect(diagnostic.message.contains("byte 0xFF at offset 29"))
    }

    @Test func truncatedSequencesAndOverlongFormsAreInvalid() {
        #expect(SourceText.firstInvalidUTF8Offset([0x61, 0xC3]) == 1)
        #expect(SourceText.firstInvalidUTF8Offset([0xC0, 0xAF]) == 0)
        #expect(SourceText.firstInvalidUTF8Offset([0xED, 0xA0, 0x80]) == 0) // a UTF-16 surrogate
        #expect(SourceText.firstInvalidUTF8Offset(Array("Đường 🗡".utf8)[...]) == nil)
    }

    @Test func decodingRefusesWhatTheCheckRefusesAtTheSameByte() throws {
        // Overlong, a UTF-16 surrogate, above U+10FFFF, a stray continuation byte, cut short at the end.
        let bad: [[UInt8]] = [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82]]
        for sequence in bad {
            let bytes = [0xEF, 0xBB, 0xBF] + Array("Đường ".utf8) + sequence + Array(" 🗡".utf8)
            guard case let .failure(diagnostic) = SourceText.decode(bytes, path: "a.md") else {
                Issue.record("\(sequence) was taken as UTF-8")
                continue
            }
            #expect(diagnostic.message.contains("at offset \(3 + "Đường ".utf8.count);"), "\(sequence)")
        }
        let good = Array("Đường 🗡 龍 नमस्ते e\u{301}".utf8)
        #expect(try SourceText.decode(good, path: "a.md").get() == String(decoding: good, as: UTF8.self))
    }

    @Test func frontMatterSplits() throws {
        let split = try FrontMatter.split("---\nname: A\ntags: []\n---\nBody\nmore", path: "a.md").get()
        #expect(split.yaml == "name: A\ntags: []")
        #expect(split.yamlLineOffset == 1)
        #expect(split.body == "Body\nmore")
        #expect(split.bodyLineOffset == 4)
    }

    @Test func emptyAndMissingFrontMatter() throws {
        let empty = try FrontMatter.split("---\n---\nBody", path: "a.md").get()
        #expect(empty.yaml == "")
        #expect(empty.body == "Body")
        let none = try FrontMatter.split("# Title\nBody", path: "a.md").get()
        #expect(none.yaml == nil)
        #expect(none.body == "# Title\nBody")
        #expect(none.bodyLineOffset == 0)
    }

    @Test func unclosedFrontMatterIsAnErrorAtTheOpeningLine() {
        guard case let .failure(diagnostic) = FrontMatter.split("---\nname: A\n\nBody", path: "a.md") else {
            Issue.record("expected a failure")
            return
        }
        #expect(diagnostic.location == SourceLocation(path: "a.md", line: 1, column: 1))
        #expect(diagnostic.code == "unclosed-front-matter")
    }

    @Test func firstHeadingSkipsCode() {
        #expect(SiteLoader.firstHeading(in: "```\n# not this\n```\n\n# Stormveil Castle #\n") == "Stormveil Castle")
        #expect(SiteLoader.firstHeading(in: "## Second level\ntext") == nil)
        #expect(SiteLoader.firstHeading(in: "    # indented code") == nil)
    }

    /// A big file is read into its string's storage; what it gives must be what `decode` gives.
    @Test func bigFilesReadAsTheyDecode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("questlog-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = Array("Đường 🗡 line\r\nlone\rend\n".utf8)
        var body: [UInt8] = []
        while body.count <= SourceText.bigFileBytes { body += line }
        let samples: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF] + body,
            body,
            body + [0x0D],
            Array(body[..<(body.count / 2)]) + [0xFF] + body,
            Array("small\r\n".utf8),
        ]
        for (index, bytes) in samples.enumerated() {
            let file = folder.appendingPathComponent("\(index).md")
            try Data(bytes).write(to: file)
            let read = SourceText.read(file.path, path: "npcs/\(index).md")
            let decoded = SourceText.decode(bytes, path: "npcs/\(index).md")
            switch (read, decoded) {
            case let (.success(text)?, .success(expected)):
                #expect(text == expected, "sample \(index)")
            case let (.failure(diagnostic)?, .failure(expected)):
                #expect(diagnostic == expected, "sample \(index)")
            default:
                Issue.record("sample \(index): read \(String(describing: read).prefix(200)), decoded \(String(describing: decoded).prefix(200))")
            }
        }
        #expect(SourceText.read(folder.appendingPathComponent("missing.md").path, path: "missing.md") == nil)
    }

    /// `splitOff` leaves the body of `split` in the text itself, and the text as it was on failure.
    @Test func splitOffLeavesTheBody() throws {
        for source in ["---\nname: A\ntags: []\n---\nBody\nmore", "---\n---\nBody", "# Title\nBody", "---\nname: A\n---", "---\nname: A\n\nBody"] {
            var text = source
            switch (FrontMatter.splitOff(&text, path: "a.md"), FrontMatter.split(source, path: "a.md")) {
            case let (.success(lines), .success(split)):
                #expect(text == split.body)
                #expect(lines.prefix + text == source)
                #expect(lines.yaml == split.yaml && lines.yamlLineOffset == split.yamlLineOffset && lines.bodyLineOffset == split.bodyLineOffset)
            case let (.failure(diagnostic), .failure(expected)):
                #expect(diagnostic == expected)
                #expect(text == source)
            default:
                Issue.record("split and splitOff disagree on \(source.debugDescription)")
            }
        }
    }
}
