import Foundation
@testable import QuestlogCore
import Testing

/// Work handed to a thread of its own runs in order, and what it makes is what the caller would
/// have made alone: the archive of compressed parts, the files of every format.
struct ExportThreadTests {
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []

        func add(_ value: Int) { lock.withLock { values.append(value) } }
        var all: [Int] { lock.withLock { values } }
    }

    @Test func runsEveryPieceInTheOrderGivenBeforeFinishReturns() {
        let record = Record()
        let thread = ExportThread(capacity: 2)
        for number in 0..<500 {
            thread.submit {
                if number % 50 == 0 { usleep(1_000) }
                record.add(number)
            }
        }
        thread.finish()
        #expect(record.all == Array(0..<500))
    }

    @Test func aLaneHandsBackWhatItsWorkReturned() {
        let lane = ExportLane { (0..<10_000).reduce(0, +) }
        #expect(lane.join() == 49_995_000)
    }

    @Test func partsCompressedInTheBackgroundMakeTheSameArchive() throws {
        let whole = try ZipArchive().bytes(of: ZipArchiveTests.entries)
        for background in [false, true] {
            let writer = ZipArchive.BackgroundWriter(archive: ZipArchive(), background: background, capacity: 1)
            for entry in ZipArchiveTests.entries {
                writer.begin(path: entry.path)
                // Cut into uneven pieces, some of them empty.
                var start = 0
                for size in [0, 1, 7, 1_000, 0, 4_096] where start < entry.bytes.count || size == 0 {
                    let end = min(entry.bytes.count, start + size)
                    writer.add(Array(entry.bytes[start..<end]))
                    start = end
                }
                writer.add(Array(entry.bytes[start...]))
                writer.end(path: entry.path)
            }
            #expect(Array(try writer.finish().joined()) == whole, "background \(background)")
        }
    }

    @Test func theFirstProblemInTheOrderOfThePartsIsThrown() {
        let noise = (0..<90).map { UInt8(truncatingIfNeeded: $0 * 151) }
        for background in [false, true] {
            // The second part would start beyond the limit; the third is too large itself.
            let writer = ZipArchive.BackgroundWriter(archive: ZipArchive(sizeLimit: 100), background: background)
            writer.add(path: "first", pieces: [noise])
            writer.add(path: "second", pieces: [noise])
            writer.add(path: "third", pieces: [noise, noise])
            #expect(throws: ZipArchiveError.tooLarge("second")) { try writer.finish() }
            let alone = ZipArchive.BackgroundWriter(archive: ZipArchive(sizeLimit: 100), background: background)
            alone.add(path: "big", pieces: [[UInt8](repeating: 1, count: 60), [UInt8](repeating: 2, count: 41)])
            alone.add(path: "after", pieces: [[1]])
            #expect(throws: ZipArchiveError.tooLarge("big")) { try alone.finish() }
        }
    }

    @Test func formatsMadeSideBySideAreTheFormatsMadeOneByOne() throws {
        let site = ExportThreadsTests.large(copies: 40)
        let alone = try ExportFormat.allCases.flatMap { try $0.files(for: site, options: ExportOptions(jobs: 1)) }
        for jobs in [1, 2, 4] {
            var made: [OutputFile] = []
            let problems = ExportFormat.files(of: ExportFormat.allCases, for: site, options: ExportOptions(jobs: jobs)) { made.append($0) }
            #expect(problems.isEmpty)
            #expect(made.sorted { $0.path < $1.path } == alone.sorted { $0.path < $1.path }, "jobs \(jobs)")
        }
        // One format alone, or a selection, gives that format's files only.
        var csv: [OutputFile] = []
        _ = ExportFormat.files(of: [.csv], for: site, options: ExportOptions(jobs: 2)) { csv.append($0) }
        #expect(csv == (try ExportFormat.csv.files(for: site, options: ExportOptions(jobs: 1))))
        var some: [OutputFile] = []
        _ = ExportFormat.files(of: [.xlsx, .json], for: site, options: ExportOptions(jobs: 2)) { some.append($0) }
        #expect(Set(some.map(\.path)) == Set(alone.filter { !$0.path.hasSuffix(".csv") }.map(\.path)))
    }
}
