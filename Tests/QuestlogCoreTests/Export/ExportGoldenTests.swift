import Foundation
@testable import QuestlogCore
import Testing

/// The fixture site `Tests/Fixtures/exports/site/` is loaded, resolved and exported in every format;
/// every file must match `Tests/Fixtures/exports/expected/` byte for byte, and no other file may be
/// expected. Re-record on purpose with `RECORD_GOLDEN=1 swift test`.
struct ExportGoldenTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/exports").path
    static let expected = fixture + "/expected"

    static func export(jobs: Int) throws -> (files: [OutputFile], diagnostics: DiagnosticList) {
        let (site, diagnostics) = Resolver(jobs: jobs).resolve(SiteLoader(root: fixture + "/site", jobs: jobs).load())
        let files = try ExportFormat.allCases.flatMap { try $0.files(for: site, options: ExportOptions()) }
        return (files, diagnostics)
    }

    static func expectedPaths() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: expected)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: expected + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    @Test func fixtureSiteMatchesTheGoldenFiles() throws {
        let (files, diagnostics) = try Self.export(jobs: 2)
        // The fields the kinds do not declare are warned about, and exported all the same.
        let unexpected = diagnostics.all.filter { $0.severity != .warning || $0.code != "unknown-field" }
        #expect(unexpected.isEmpty, "\(DiagnosticList(unexpected).formattedText())")
        #expect(diagnostics.warningCount > 0, "the fixture site has fields its kinds do not declare")
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(atPath: Self.expected)
            for file in files {
                let url = URL(fileURLWithPath: Self.expected + "/" + file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
        }
        #expect(Self.expectedPaths() == files.map(\.path).sorted())
        for file in files {
            guard let golden = FileManager.default.contents(atPath: Self.expected + "/" + file.path).map({ [UInt8]($0) }),
                  golden != file.bytes else { continue }
            Issue.record("\(file.path) differs from its golden file: \(Self.firstDifference(golden, file.bytes))")
        }
    }

    /// The first line that differs, compared as bytes (strings would equate canonically equivalent text).
    static func firstDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let expectedLines = expected.split(separator: 0x0A, omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (number, (want, got)) in zip(expectedLines, actualLines).enumerated() where want != got {
            return "line \(number + 1): expected \(String(decoding: want, as: UTF8.self).debugDescription), "
                + "got \(String(decoding: got, as: UTF8.self).debugDescription)"
        }
        return "\(expectedLines.count) lines expected, \(actualLines.count) written"
    }

    @Test func sameBytesWhateverTheThreadCount() throws {
        #expect(try Self.export(jobs: 1).files == Self.export(jobs: 4).files)
    }
}
