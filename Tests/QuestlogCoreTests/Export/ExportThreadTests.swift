import Foundation
@testable import QuestlogCore
import Testing

/// Work handed to a thread of its own runs in order, and what it makes is what the caller would
/// have made alone: the archive of compressed parts.
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

    final class Held: Sendable {}

    final class Watch: @unchecked Sendable {
        weak var held: Held?
        var goneBeforeNextPiece = false
    }

    @Test func whatAPieceHoldsGoesOnceItHasRun() {
        let watch = Watch()
        let thread = ExportThread(capacity: 8)
        func handOver() {
            let held = Held()
            watch.held = held
            thread.submit { _ = held }
        }
        handOver()
        // The next piece runs only once the first has, on the same thread.
        thread.submit { watch.goneBeforeNextPiece = watch.held == nil }
        thread.finish()
        #expect(watch.goneBeforeNextPiece)
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

    @Test func aLargePartIsCompressedIntoPiecesOfItsBytes() throws {
        // Bytes that hardly compress, so the output passes several pieces.
        var state: UInt64 = 0x9E37_79B9
        let bytes = (0..<3_000_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let deflater = try ZipArchive.Deflater(path: "noise", sizeLimit: ZipArchive().sizeLimit)
        for start in stride(from: 0, to: bytes.count, by: 100_000) { try deflater.add(Array(bytes[start..<start + 100_000])) }
        let pieces = try deflater.finishPieces()
        #expect(pieces.count > 2)
        #expect(pieces.dropLast().allSatisfy { $0.count >= ZipArchive.Deflater.pieceSize })
        #expect(Array(pieces.joined()) == (try ZipArchive.deflate(bytes, path: "noise")))
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
}
