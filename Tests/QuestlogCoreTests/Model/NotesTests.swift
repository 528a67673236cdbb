import Markdown
import Mustache
@testable import QuestlogCore
import Testing

/// Notes read back from a memo keep their texts as bytes until asked for (`Notes.Encoded`): they
/// must give, compare, hash and be written as the same notes held as strings.
struct NotesTests {
    static let notes = Notes(markdown: "Die *Brücke* — 橋 — पुल\n", html: "<p>Die <em>Brücke</em> — 橋 — पुल</p>\n",
                             plainText: "Die Brücke — 橋 — पुल", headings: [Heading(level: 2, text: "Zölle", id: "zolle")], tags: ["lore"])

    /// The notes as a memo writes them, read back.
    static func readBack(_ notes: Notes) -> (notes: Notes?, bytes: [UInt8]) {
        var writer = MemoWriter()
        writer.notes(notes)
        var reader = MemoReader(bytes: writer.bytes, offset: 0)
        let read = reader.notes()
        #expect(reader.offset == writer.bytes.count, "every byte read")
        return (read, writer.bytes)
    }

    @Test func notesReadBackGiveTheirTextsFromTheirBytes() throws {
        let (read, bytes) = Self.readBack(Self.notes)
        let notes = try #require(read)
        #expect(notes.encoded != nil, "kept as bytes")
        #expect(notes.markdown == Self.notes.markdown)
        #expect(notes.html == Self.notes.html)
        #expect(notes.plainText == Self.notes.plainText)
        #expect(notes.headings == Self.notes.headings)
        #expect(notes.tags == Self.notes.tags)
        #expect(notes == Self.notes && Self.notes == notes)
        #expect(notes.hashValue == Self.notes.hashValue)
        // Written again, they are the bytes the strings gave, without being made into strings.
        #expect(Self.readBack(notes).bytes == bytes)
    }

    /// Each text's bytes are lent as the string's, held either way, and emptiness is told without
    /// a string; a page renders the HTML kept as bytes as it renders its string, and a JSON
    /// document writes the texts' bytes as it writes their strings.
    @Test func textsAreLentAsTheirStringsBytes() throws {
        let middleEmpty = Notes(markdown: "a\u{2028}\"b\"", html: "", plainText: "c\td", headings: [])
        for original in [Self.notes, middleEmpty] {
            let read = try #require(Self.readBack(original).notes)
            for notes in [original, read] {
                for (text, string) in [(Notes.Text.markdown, original.markdown), (.html, original.html), (.plainText, original.plainText)] {
                    #expect(notes.withUTF8(text) { Array($0) } == Array(string.utf8))
                    #expect(notes.isEmpty(text) == string.isEmpty)
                    var fromBytes: [UInt8] = [], fromString: [UInt8] = []
                    notes.withUTF8(text) { JSONValue.writeString(utf8: $0, to: &fromBytes) }
                    JSONValue.writeString(string, to: &fromString)
                    #expect(fromBytes == fromString)
                }
                let template = try Template(name: "notes", source: "{{notes}}|{{{notes}}}")
                let page = PageBuilder.html(of: notes)
                #expect(try template.render(["notes": page]) == template.render(["notes": .string(original.html)]))
            }
            guard case .utf8 = PageBuilder.html(of: read) else {
                Issue.record("the bytes kept are handed over as bytes")
                continue
            }
        }
    }

    @Test func emptyTextsReadBackEmpty() throws {
        let empty = Notes(markdown: "", html: "", plainText: "", headings: [])
        let notes = try #require(Self.readBack(empty).notes)
        #expect(notes.markdown.isEmpty && notes.html.isEmpty && notes.plainText.isEmpty)
        #expect(notes == empty)
        let middle = try #require(Self.readBack(Notes(markdown: "a", html: "", plainText: "c", headings: [])).notes)
        #expect(middle.markdown == "a" && middle.html.isEmpty && middle.plainText == "c")
    }

    /// Equal strings of other bytes (a letter composed or not) are equal notes, held either way.
    @Test func notesOfCanonicallyEqualTextsAreEqual() throws {
        let composed = Notes(markdown: "caf\u{E9}", html: "<p>caf\u{E9}</p>", plainText: "caf\u{E9}", headings: [])
        let decomposed = Notes(markdown: "cafe\u{301}", html: "<p>cafe\u{301}</p>", plainText: "cafe\u{301}", headings: [])
        let a = try #require(Self.readBack(composed).notes)
        let b = try #require(Self.readBack(decomposed).notes)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a == decomposed)
        let other = try #require(Self.readBack(Notes(markdown: "cafe", html: "<p>cafe</p>", plainText: "cafe", headings: [])).notes)
        #expect(a != other)
        // The same bytes split otherwise are other texts.
        let ab = try #require(Self.readBack(Notes(markdown: "ab", html: "", plainText: "c", headings: [])).notes)
        let aThenB = try #require(Self.readBack(Notes(markdown: "a", html: "b", plainText: "c", headings: [])).notes)
        #expect(ab.encoded?.bytes == aThenB.encoded?.bytes)
        #expect(ab != aThenB)
        var tagged = composed
        tagged.tags = ["x"]
        #expect(a != tagged, "the tags count too")
    }

    /// Bytes that are not UTF-8 become U+FFFD, as a string decoded from them would have it.
    @Test func bytesThatAreNotUTF8AreRepaired() throws {
        var writer = MemoWriter()
        for text in [[0x61, 0xFF, 0x62], [0xE2, 0x82], [0x63]] as [[UInt8]] {
            writer.varint(text.count)
            writer.bytes += text
        }
        writer.headings([])
        writer.strings([])
        var reader = MemoReader(bytes: writer.bytes, offset: 0)
        let read = reader.notes()
        let notes = try #require(read)
        #expect(notes.markdown == "a\u{FFFD}b")
        #expect(notes.html == "\u{FFFD}")
        #expect(notes.plainText == "c")
    }

    /// A length past the end of the memo is refused, not read.
    @Test func aTextLongerThanTheMemoIsRefused() {
        var writer = MemoWriter()
        writer.varint(2)
        writer.bytes += [0x61, 0x62]
        writer.varint(40)
        writer.bytes += [0x63]
        var reader = MemoReader(bytes: writer.bytes, offset: 0)
        #expect(reader.notes() == nil)
    }
}

extension NotesTests {
    /// Setting one text of notes read back keeps the other two.
    @Test func aTextSetKeepsTheOthers() throws {
        var notes = try #require(Self.readBack(Self.notes).notes)
        notes.html += "<p>More.</p>\n"
        #expect(notes.encoded == nil, "held as strings once changed")
        #expect(notes.markdown == Self.notes.markdown)
        #expect(notes.html == Self.notes.html + "<p>More.</p>\n")
        #expect(notes.plainText == Self.notes.plainText)
    }
}
