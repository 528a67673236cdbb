import Foundation
@testable import QuestlogCore
import Testing

/// Whether a file holds given pieces is read a block at a time, whatever the sizes of the pieces and
/// of the blocks.
struct OutputFileSystemTests {
    @Test func aFileHoldsItsBytesHoweverThePiecesAreCut() throws {
        try OutputTestFolder.with { folder in
            // Larger than one block, and not a multiple of it.
            let bytes = (0..<(3 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
            let path = folder.path("big.bin")
            try OutputFileSystem.create(path, bytes: bytes)
            for cut in [1 << 20, 1 << 20 + 1, 4_096, 999_983, bytes.count] {
                let pieces = stride(from: 0, to: bytes.count, by: cut).map { Array(bytes[$0..<min($0 + cut, bytes.count)]) }
                #expect(OutputFileSystem.holds(chunks: [[]] + pieces + [[]], at: path), "cut every \(cut)")
            }
            // A byte changed in the last block, at a block's edge, or in the first.
            for position in [bytes.count - 1, 1 << 20, (1 << 20) - 1, 0] {
                var changed = bytes
                changed[position] ^= 0xFF
                #expect(!OutputFileSystem.holds(chunks: [Array(changed[..<5]), Array(changed[5...])], at: path), "at \(position)")
            }
            #expect(!OutputFileSystem.holds(Array(bytes.dropLast()), at: path))
            #expect(!OutputFileSystem.holds(bytes + [0], at: path))
            #expect(!OutputFileSystem.holds(bytes, at: folder.path("missing.bin")))
        }
    }

    /// A file of the output of `backdatedSize` bytes or more is given a time three seconds before
    /// it was written, to the nanosecond, which `create` returns as the file system keeps it; a
    /// smaller one, or one made without `backdating` (a memo file), keeps the time of its writing.
    @Test func aLargeFileIsGivenATimeThreeSecondsBack() throws {
        try OutputTestFolder.with { folder in
            func created(_ size: Int, _ name: String, backdating: Bool = true) throws -> (returned: Int64, kept: Int64) {
                let path = folder.path(name)
                let returned = try #require(try OutputFileSystem.create(path, chunks: [[UInt8](repeating: 7, count: size / 2),
                                                                                        [UInt8](repeating: 8, count: size - size / 2)],
                                                                               backdating: backdating))
                var info = stat()
                #expect(stat(path, &info) == 0)
                return (returned, SourceStamp.modificationTime(info))
            }
            let before = Int64(Date().timeIntervalSince1970 * 1e9)
            let small = try created(OutputFileSystem.backdatedSize - 1, "small.bin")
            let large = try created(OutputFileSystem.backdatedSize, "large.bin")
            let memo = try created(OutputFileSystem.backdatedSize, "memo.bin", backdating: false)
            let after = Int64(Date().timeIntervalSince1970 * 1e9)
            #expect(small.returned == small.kept && large.returned == large.kept && memo.returned == memo.kept)
            // The file system's clock lags by up to a tick.
            #expect(small.kept >= before - 50_000_000 && small.kept <= after)
            #expect(memo.kept >= before - 50_000_000 && memo.kept <= after)
            #expect(large.kept >= before - 3_050_000_000 && large.kept <= after - 3_000_000_000)
            #expect(large.kept % 1_000_000_000 != 0 || small.kept % 1_000_000_000 == 0, "the fraction of the second kept")
            // Whole seconds (a file system that keeps no more) are left as they are.
            let descriptor = open(folder.path("large.bin"), O_WRONLY)
            defer { close(descriptor) }
            #expect(!OutputFileSystem.backdate(descriptor, written: 1_700_000_000_000_000_000))
        }
    }

    /// A file put in place over another takes its place whole, whatever its size and the one it
    /// replaces; the replaced file's second name never outlives the rename, and a name already
    /// taken there is neither used nor touched.
    @Test func aFileReplacingAnotherTakesItsPlaceAndLeavesNoSecondName() throws {
        try OutputTestFolder.with { folder in
            let large = OutputFileSystem.replacedAside
            for (old, new) in [(10, 20), (large, 10), (large + 1, 3 * large), (10, large * 2), (0, 0)] {
                let path = folder.path("out.bin"), staged = folder.path("staged"), aside = folder.path("aside")
                let linked = folder.path("linked")
                try OutputFileSystem.remove(path)
                try OutputFileSystem.create(path, bytes: [UInt8](repeating: 1, count: old))
                // Another name of the replaced file stays as it was.
                try OutputFileSystem.link(path, to: linked)
                try OutputFileSystem.create(staged, bytes: [UInt8](repeating: 2, count: new))
                try OutputFileSystem.renameReplacing(staged, to: path, aside: aside)
                #expect(try OutputFileSystem.read(path) == [UInt8](repeating: 2, count: new), "\(old) → \(new)")
                #expect(try OutputFileSystem.read(linked) == [UInt8](repeating: 1, count: old), "\(old) → \(new)")
                #expect(try OutputFileSystem.kind(of: aside) == .absent, "\(old) → \(new)")
                #expect(try OutputFileSystem.kind(of: staged) == .absent, "\(old) → \(new)")
                try OutputFileSystem.remove(linked)
            }
            // Nothing there yet; and an aside name taken by a file of its own.
            let path = folder.path("fresh.bin"), staged = folder.path("staged"), aside = folder.path("taken")
            try OutputFileSystem.create(staged, bytes: [3])
            try OutputFileSystem.renameReplacing(staged, to: path, aside: aside)
            #expect(try OutputFileSystem.read(path) == [3])
            try OutputFileSystem.create(aside, bytes: [9])
            try OutputFileSystem.create(staged, bytes: [UInt8](repeating: 4, count: large))
            try OutputFileSystem.remove(path)
            try OutputFileSystem.create(path, bytes: [UInt8](repeating: 5, count: large))
            try OutputFileSystem.renameReplacing(staged, to: path, aside: aside)
            #expect(try OutputFileSystem.read(path) == [UInt8](repeating: 4, count: large))
            #expect(try OutputFileSystem.read(aside) == [9])
            // A rename that fails leaves the file there as it was, and no second name.
            try OutputFileSystem.create(staged, bytes: [6])
            #expect(throws: OutputFileSystem.Failure.self) {
                try OutputFileSystem.renameReplacing(folder.path("missing"), to: path, aside: folder.path("aside2"))
            }
            #expect(try OutputFileSystem.read(path) == [UInt8](repeating: 4, count: large))
            #expect(try OutputFileSystem.kind(of: folder.path("aside2")) == .absent)
        }
    }

    /// Kept for its caller, the second name of a large file replaced outlives the rename with the
    /// file's old bytes; so does a small file's where the file system swaps files in one step
    /// (`exchange`), and elsewhere it gets none; a rename that fails leaves none.
    @Test func aReplacedFilesSecondNameIsLeftWhenAskedFor() throws {
        try OutputTestFolder.with { folder in
            let large = OutputFileSystem.replacedAside
            let swaps = try Self.swapsFiles(in: folder)
            for (old, new, kept) in [(large, 10, true), (large - 1, large, swaps), (3 * large, large, true), (10, 20, swaps)] {
                let path = folder.path("out.bin"), staged = folder.path("staged"), aside = folder.path("aside")
                try OutputFileSystem.remove(path)
                try OutputFileSystem.create(path, bytes: [UInt8](repeating: 1, count: old))
                try OutputFileSystem.create(staged, bytes: [UInt8](repeating: 2, count: new))
                let left = try OutputFileSystem.renameReplacing(staged, to: path, aside: aside, keepingAside: true)
                #expect(left == kept, "\(old) → \(new)")
                #expect(try OutputFileSystem.read(path) == [UInt8](repeating: 2, count: new), "\(old) → \(new)")
                if kept {
                    #expect(try OutputFileSystem.read(aside) == [UInt8](repeating: 1, count: old), "\(old) → \(new)")
                    try OutputFileSystem.remove(aside)
                } else {
                    #expect(try OutputFileSystem.kind(of: aside) == .absent, "\(old) → \(new)")
                }
            }
            #expect(throws: OutputFileSystem.Failure.self) {
                try OutputFileSystem.renameReplacing(folder.path("missing"), to: folder.path("out.bin"), aside: folder.path("aside2"),
                                                     keepingAside: true)
            }
            #expect(try OutputFileSystem.kind(of: folder.path("aside2")) == .absent)
        }
    }

    /// Two files swapped in one step trade places whole, another name of either keeps its own
    /// bytes, and a swap with nothing there changes nothing. Where the system or the file system
    /// cannot swap (not on Linux, or a file system without `RENAME_EXCHANGE`), nothing changes either.
    @Test func twoFilesSwappedTradePlaces() throws {
        try OutputTestFolder.with { folder in
            try folder.put("a", "first")
            try folder.put("b", "second")
            try OutputFileSystem.link(folder.path("b"), to: folder.path("b2"))
            guard OutputFileSystem.exchange(folder.path("a"), folder.path("b")) else {
                #expect(try OutputFileSystem.read(folder.path("a")) == Array("first".utf8))
                #expect(try OutputFileSystem.read(folder.path("b")) == Array("second".utf8))
                #if os(Linux)
                Issue.record("Linux file systems for temporary folders (ext4, XFS, Btrfs, tmpfs) swap files")
                #endif
                return
            }
            #expect(try OutputFileSystem.read(folder.path("a")) == Array("second".utf8))
            #expect(try OutputFileSystem.read(folder.path("b")) == Array("first".utf8))
            #expect(try OutputFileSystem.read(folder.path("b2")) == Array("second".utf8))
            #expect(!OutputFileSystem.exchange(folder.path("a"), folder.path("missing")))
            #expect(try OutputFileSystem.read(folder.path("a")) == Array("second".utf8))
            #expect(try OutputFileSystem.kind(of: folder.path("missing")) == .absent)
        }
    }

    /// A file swapped into place keeps the name `renameReplacing` gives the replaced one from
    /// overwriting a file already there: the replaced file is then dropped at once.
    @Test func aSwappedOutFileNeverTakesANameAlreadyThere() throws {
        try OutputTestFolder.with { folder in
            let path = folder.path("out.bin"), staged = folder.path("staged"), aside = folder.path("taken")
            try OutputFileSystem.create(path, bytes: [1])
            try OutputFileSystem.create(staged, bytes: [2])
            try OutputFileSystem.create(aside, bytes: [9])
            #expect(try !OutputFileSystem.renameReplacing(staged, to: path, aside: aside, keepingAside: true))
            #expect(try OutputFileSystem.read(path) == [2])
            #expect(try OutputFileSystem.read(aside) == [9])
            #expect(try OutputFileSystem.kind(of: staged) == .absent)
        }
    }

    /// Whether the file system of `folder` swaps two files in one step.
    static func swapsFiles(in folder: OutputTestFolder) throws -> Bool {
        try swapsFiles(inFolder: folder.path("."))
    }

    /// Whether the file system of the folder at `path` swaps two files in one step.
    static func swapsFiles(inFolder path: String) throws -> Bool {
        let first = path + "/.probe-1", second = path + "/.probe-2"
        try OutputFileSystem.create(first, bytes: [1])
        try OutputFileSystem.create(second, bytes: [2])
        defer {
            _ = try? OutputFileSystem.remove(first)
            _ = try? OutputFileSystem.remove(second)
        }
        return OutputFileSystem.exchange(first, second)
    }

    @Test func aFolderListsItsNamesInByteOrderOrThoseWithAPrefix() throws {
        try OutputTestFolder.with { folder in
            try folder.makeFolder("list")
            for name in ["b", ".questlog-tmp-1-2", "a", "é", ".questlog-tmp-", ".questlog", "Z", ".questlog-tmp-x"] {
                try folder.put("list/" + name, name)
            }
            try folder.makeFolder("list/.questlog-tmp-9-stage")
            #expect(try OutputFileSystem.entries(of: folder.path("list"))
                == [".questlog", ".questlog-tmp-", ".questlog-tmp-1-2", ".questlog-tmp-9-stage", ".questlog-tmp-x", "Z", "a", "b", "é"])
            #expect(try OutputFileSystem.entries(of: folder.path("list"), prefix: ".questlog-tmp-")
                == [".questlog-tmp-", ".questlog-tmp-1-2", ".questlog-tmp-9-stage", ".questlog-tmp-x"])
            #expect(try OutputFileSystem.entries(of: folder.path("list"), prefix: "é") == ["é"])
            #expect(try OutputFileSystem.entries(of: folder.path("list"), prefix: "c").isEmpty)
            #expect(throws: OutputFileSystem.Failure.self) { try OutputFileSystem.entries(of: folder.path("missing")) }
        }
    }

    @Test func anEmptyFileHoldsNothingAndOnlyNothing() throws {
        try OutputTestFolder.with { folder in
            let path = folder.path("empty")
            try OutputFileSystem.create(path, bytes: [])
            #expect(OutputFileSystem.holds([], at: path))
            #expect(OutputFileSystem.holds(chunks: [[], []], at: path))
            #expect(!OutputFileSystem.holds([0], at: path))
            try OutputFileSystem.create(folder.path("one"), bytes: [7])
            #expect(OutputFileSystem.holds(chunks: [[], [7]], at: folder.path("one")))
            #expect(!OutputFileSystem.holds([], at: folder.path("one")))
        }
    }
}
