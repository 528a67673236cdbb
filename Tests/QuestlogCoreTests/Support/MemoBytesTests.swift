import Foundation
@testable import QuestlogCore
import Testing

/// A memo file mapped into memory reads as its bytes read from the file do.
struct MemoBytesTests {
    @Test func aMappedFileHoldsItsBytesAndReadsAsTheArrayDoes() throws {
        try OutputTestFolder.with { folder in
            var writer = MemoWriter()
            writer.integer(UInt64.max - 7)
            writer.varint(300)
            writer.varint(1 << 40)
            writer.string("Ærøskøbing · 影岛")
            writer.blob([0, 1, 2, 255])
            writer.flag(true)
            let bytes = writer.bytes
            let path = folder.path("memo")
            try OutputFileSystem.create(path, bytes: bytes)
            let mapped = try #require(MemoBytes.map(path))
            #expect(mapped.count == bytes.count)
            #expect(mapped.withUnsafeBytes { Array($0) } == bytes)
            for memo in [mapped, MemoBytes(bytes)] {
                var reader = MemoReader(memo: memo, offset: 0)
                #expect(reader.integer() == UInt64.max - 7)
                #expect(reader.varint() == 300)
                #expect(reader.varint() == 1 << 40)
                #expect(reader.string() == "Ærøskøbing · 影岛")
                #expect(reader.blob() == [0, 1, 2, 255])
                #expect(reader.flag() == true)
                #expect(reader.offset == reader.end)
                #expect(reader.byte() == nil)
                #expect(reader.varint() == nil)
                #expect(reader.integer() == nil)
            }
            // Cut short: what was there reads, what was not is nil.
            var cut = MemoReader(memo: mapped, offset: 0, end: 12)
            #expect(cut.integer() == UInt64.max - 7)
            #expect(cut.varint() == 300)
            #expect(cut.varint() == nil)
            // An empty file is no bytes; a folder or a missing file, none at all.
            try OutputFileSystem.create(folder.path("empty"), bytes: [])
            #expect(MemoBytes.map(folder.path("empty"))?.count == 0)
            #expect(MemoBytes.map(folder.path("missing")) == nil)
            try OutputFileSystem.makeFolder(folder.path("folder"))
            #expect(MemoBytes.map(folder.path("folder")) == nil)
        }
    }
}
