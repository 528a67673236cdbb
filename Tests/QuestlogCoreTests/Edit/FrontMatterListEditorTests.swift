import Foundation
@testable import QuestlogCore
import Testing

/// The front-matter list editor changes one list and keeps every other byte: byte-exact
/// expectations for flow and block lists, comments, quoting, CRLF, a byte order mark.
struct FrontMatterListEditorTests {
    private func appending(_ value: String, to text: String, key: String = "complete") throws -> String {
        var editor = FrontMatterListEditor(bytes: Array(text.utf8), path: "pt.md")
        try editor.append(value, to: key)
        return String(decoding: editor.bytes, as: UTF8.self)
    }

    private func removing(_ value: String, from text: String, key: String = "complete") throws -> String {
        var editor = FrontMatterListEditor(bytes: Array(text.utf8), path: "pt.md")
        let index = try #require(try editor.items(of: key).firstIndex { $0.value == value })
        try editor.remove(itemAt: index, from: key)
        return String(decoding: editor.bytes, as: UTF8.self)
    }

    private func refusal(_ text: String, key: String = "complete") -> Diagnostic? {
        var editor = FrontMatterListEditor(bytes: Array(text.utf8), path: "pt.md")
        do {
            try editor.append("x", to: key)
            return nil
        } catch {
            #expect(editor.bytes == Array(text.utf8))
            return error
        }
    }

    // MARK: Flow lists

    @Test func appendsToAFlowListKeepingTheCommentAndTheOtherFields() throws {
        let text = "---\nname: Wren   # the samurai\ncomplete: [a, b]  # so far\ntags: [x]\n---\n# Notes\n\ncomplete: [not, this]\n"
        #expect(try appending("c", to: text) == "---\nname: Wren   # the samurai\ncomplete: [a, b, c]  # so far\ntags: [x]\n---\n# Notes\n\ncomplete: [not, this]\n")
    }

    @Test func followsTheSpacingBetweenItems() throws {
        #expect(try appending("c", to: "---\ncomplete: [a,b]\n---\n") == "---\ncomplete: [a,b,c]\n---\n")
        #expect(try appending("c", to: "---\ncomplete: [ a ,  b ]\n---\n") == "---\ncomplete: [ a ,  b ,  c ]\n---\n")
        #expect(try appending("b", to: "---\ncomplete: [a]\n---\n") == "---\ncomplete: [a, b]\n---\n")
    }

    @Test func fillsAnEmptyFlowList() throws {
        #expect(try appending("a", to: "---\ncomplete: []\n---\n") == "---\ncomplete: [a]\n---\n")
        #expect(try appending("a", to: "---\ncomplete: [  ]\n---\n") == "---\ncomplete: [a]\n---\n")
    }

    @Test func appendsToAMultiLineFlowListOnANewLine() throws {
        let text = "---\ncomplete: [\n    a,\n    # the hard one\n    b  # finally\n]\nname: Wren\n---\n"
        #expect(try appending("c", to: text) == "---\ncomplete: [\n    a,\n    # the hard one\n    b,  # finally\n    c\n]\nname: Wren\n---\n")
        let trailing = "---\ncomplete: [\n  a,\n  b,\n]\n---\n"
        #expect(try appending("c", to: trailing) == "---\ncomplete: [\n  a,\n  b,\n  c,\n]\n---\n")
    }

    @Test func quotesLikeTheOtherItems() throws {
        #expect(try appending("c", to: "---\ncomplete: [\"a\", \"b\"]\n---\n") == "---\ncomplete: [\"a\", \"b\", \"c\"]\n---\n")
        #expect(try appending("c", to: "---\ncomplete: ['a']\n---\n") == "---\ncomplete: ['a', 'c']\n---\n")
    }

    @Test func quotesWhatWouldNotReadBackAsTheSameText() throws {
        #expect(try appending("123", to: "---\ncomplete: [a]\n---\n") == "---\ncomplete: [a, \"123\"]\n---\n")
        #expect(try appending("true", to: "---\ncomplete: [a]\n---\n") == "---\ncomplete: [a, \"true\"]\n---\n")
        #expect(try appending("a, b", to: "---\ncomplete: [a]\n---\n") == "---\ncomplete: [a, \"a, b\"]\n---\n")
        #expect(try appending("say \"hi\"", to: "---\ncomplete: [a]\n---\n") == "---\ncomplete: [a, \"say \\\"hi\\\"\"]\n---\n")
    }

    @Test func removesFromAFlowList() throws {
        #expect(try removing("b", from: "---\ncomplete: [a, b, c] # x\n---\n") == "---\ncomplete: [a, c] # x\n---\n")
        #expect(try removing("a", from: "---\ncomplete: [a, b, c]\n---\n") == "---\ncomplete: [b, c]\n---\n")
        #expect(try removing("c", from: "---\ncomplete: [a, b, c]\n---\n") == "---\ncomplete: [a, b]\n---\n")
        #expect(try removing("a", from: "---\ncomplete: [ a ]\n---\n") == "---\ncomplete: []\n---\n")
        #expect(try removing("b", from: "---\ncomplete: [\"a\",\"b\"]\n---\n") == "---\ncomplete: [\"a\"]\n---\n")
    }

    @Test func removesFromAMultiLineFlowListKeepingComments() throws {
        let text = "---\ncomplete: [\n  a,\n  # between\n  b,  # why\n  c\n]\n---\n"
        #expect(try removing("a", from: text) == "---\ncomplete: [\n  # between\n  b,  # why\n  c\n]\n---\n")
        #expect(try removing("b", from: text) == "---\ncomplete: [\n  a,\n  # between\n  # why\n  c\n]\n---\n")
        #expect(try removing("c", from: text) == "---\ncomplete: [\n  a,\n  # between\n  b  # why\n]\n---\n")
    }

    @Test func editsAFlowListWithSeveralItemsALine() throws {
        let text = "---\ncomplete: [a, b,\n  c, d]\n---\n"
        #expect(try appending("e", to: text) == "---\ncomplete: [a, b,\n  c, d, e]\n---\n")
        #expect(try removing("b", from: text) == "---\ncomplete: [a,\n  c, d]\n---\n")
        #expect(try removing("c", from: text) == "---\ncomplete: [a, b,\n  d]\n---\n")
        #expect(try removing("d", from: text) == "---\ncomplete: [a, b,\n  c]\n---\n")
    }

    // MARK: Block lists

    @Test func appendsToABlockListAfterItsLastItem() throws {
        let text = "---\nname: Wren\ncomplete:\n  - a\n  # a comment between items\n  -   b   # odd spacing\n# about tags\ntags: [x]\n---\nNotes\n"
        #expect(try appending("c", to: text) == "---\nname: Wren\ncomplete:\n  - a\n  # a comment between items\n  -   b   # odd spacing\n  -   c\n# about tags\ntags: [x]\n---\nNotes\n")
    }

    @Test func appendsToAnUnindentedBlockListAtTheEnd() throws {
        #expect(try appending("c", to: "---\ncomplete:\n- a\n- 'b'\n---\n") == "---\ncomplete:\n- a\n- 'b'\n- c\n---\n")
    }

    @Test func removesFromABlockList() throws {
        let text = "---\ncomplete:\n  - a\n  # keep me\n  - b\n  - c\nname: Wren\n---\n"
        #expect(try removing("b", from: text) == "---\ncomplete:\n  - a\n  # keep me\n  - c\nname: Wren\n---\n")
        #expect(try removing("a", from: "---\ncomplete:\n  - a   # first try\n  - b\n---\n") == "---\ncomplete:\n  # first try\n  - b\n---\n")
    }

    @Test func emptyingABlockListLeavesAnEmptyFlowList() throws {
        #expect(try removing("a", from: "---\ncomplete:  # so far\n  - a\nname: Wren\n---\n") == "---\ncomplete: []  # so far\nname: Wren\n---\n")
    }

    // MARK: Missing fields, empty values, no front matter

    @Test func addsAMissingFieldAtTheEndOfTheFrontMatter() throws {
        #expect(try appending("a", to: "---\nname: Wren\n# last comment\n---\nNotes\n") == "---\nname: Wren\n# last comment\ncomplete: [a]\n---\nNotes\n")
        #expect(try appending("a", to: "---\n---\nNotes\n") == "---\ncomplete: [a]\n---\nNotes\n")
    }

    @Test func fillsAnEmptyValue() throws {
        #expect(try appending("a", to: "---\ncomplete:   # none yet\nname: Wren\n---\n") == "---\ncomplete: [a]   # none yet\nname: Wren\n---\n")
        #expect(try appending("a", to: "---\ncomplete: ~  # none yet\n---\n") == "---\ncomplete: [a]  # none yet\n---\n")
        #expect(try appending("a", to: "---\ncomplete: null\r\n---\r\n") == "---\ncomplete: [a]\r\n---\r\n")
    }

    @Test func startsAFrontMatterInAFileWithoutOne() throws {
        #expect(try appending("a", to: "# Wren\n\nNotes.\n") == "---\ncomplete: [a]\n---\n# Wren\n\nNotes.\n")
        #expect(try appending("a", to: "\u{FEFF}# Wren\r\n") == "\u{FEFF}---\r\ncomplete: [a]\r\n---\r\n# Wren\r\n")
    }

    // MARK: Line ends and byte order mark

    @Test func keepsCRLFAndTheByteOrderMark() throws {
        let text = "\u{FEFF}---\r\nname: Wren\r\ncomplete:\r\n  - a\r\n---\r\nNotes\r\n"
        #expect(try appending("b", to: text) == "\u{FEFF}---\r\nname: Wren\r\ncomplete:\r\n  - a\r\n  - b\r\n---\r\nNotes\r\n")
        #expect(try appending("c", to: "---\r\ncomplete: [a]\r\n---\r\n") == "---\r\ncomplete: [a, c]\r\n---\r\n")
        #expect(try appending("c", to: "---\r\nname: x\r\n---\r\n") == "---\r\nname: x\r\ncomplete: [c]\r\n---\r\n")
        #expect(try removing("a", from: text) == "\u{FEFF}---\r\nname: Wren\r\ncomplete: []\r\n---\r\nNotes\r\n")
        let multi = "---\r\ncomplete: [\r\n  a,\r\n  b\r\n]\r\n---\r\n"
        #expect(try appending("c", to: multi) == "---\r\ncomplete: [\r\n  a,\r\n  b,\r\n  c\r\n]\r\n---\r\n")
    }

    @Test func countsColumnsInCharactersBeforeAnItem() throws {
        #expect(try appending("c", to: "---\ntitle: Ælden Ring — ✓\ncomplete: [ä, b] # über\n---\n") == "---\ntitle: Ælden Ring — ✓\ncomplete: [ä, b, c] # über\n---\n")
        #expect(try removing("ä", from: "---\ncomplete: [ä, b] # über\n---\n") == "---\ncomplete: [b] # über\n---\n")
    }

    @Test func readsItemsWithTheirPlaces() throws {
        let editor = FrontMatterListEditor(bytes: Array("---\nname: W\ncomplete:\n  - a\n  - \"b c\"\n---\n".utf8), path: "pt.md")
        let items = try editor.items(of: "complete")
        #expect(items.map(\.value) == ["a", "b c"])
        #expect(items.map(\.location.description) == ["pt.md:4:5", "pt.md:5:5"])
        #expect(try editor.items(of: "cleared").isEmpty)
    }

    // MARK: Refusals

    @Test func refusesAnchorsAndAliases() throws {
        #expect(refusal("---\ncomplete: &done [a]\nother: *done\n---\n")?.description
                == "pt.md:2:11: error: cannot edit safely: 'complete' has an anchor (&done) that other fields may repeat; remove it to edit the list [uneditable-front-matter]")
        #expect(refusal("---\nbase: &b [a]\ncomplete: *b\n---\n")?.description
                == "pt.md:3:11: error: cannot edit safely: 'complete' is an alias (*b); write the list out to edit it [uneditable-front-matter]")
        #expect(refusal("---\nx: &one a\ncomplete: [b, *one]\n---\n")?.code == "uneditable-front-matter")
        #expect(refusal("---\nbase: &b {complete: [a]}\n<<: *b\n---\n")?.code == "uneditable-front-matter")
    }

    @Test func refusesAValueWhereAListIsExpected() throws {
        #expect(refusal("---\nname: W\ncomplete: a\n---\n")?.description
                == "pt.md:3:11: error: 'complete' is a single value ('a'), not a list; write it as complete: [a] [not-a-list]")
        #expect(refusal("---\ncomplete:\n  a: 1\n---\n")?.code == "not-a-list")
        #expect(refusal("---\ncomplete:\n  - [a]\n---\n")?.code == "uneditable-front-matter")
        #expect(refusal("---\ncomplete:\n  - |\n    a\n---\n")?.code == "uneditable-front-matter")
    }

    @Test func refusesSeveralDocumentsAndBrokenYAML() throws {
        #expect(refusal("---\nname: W\n--- second\n---\n")?.description
                == "pt.md:3:1: error: cannot edit safely: the front matter holds several YAML documents [uneditable-front-matter]")
        let broken = refusal("---\nname: W\ncomplete: [a, b\n---\n")
        #expect(broken?.code == "yaml-syntax")
        #expect(broken?.location?.path == "pt.md")
        #expect(refusal("---\ncomplete: [a]\ncomplete: [b]\n---\n")?.code == "yaml-syntax")
        #expect(refusal("---\nname: W\n")?.code == "unclosed-front-matter")
        #expect(refusal("---\n[a, b]\n---\n")?.code == "uneditable-front-matter")
        var bad = FrontMatterListEditor(bytes: Array("---\nname: W".utf8) + [0xFF] + Array("\n---\n".utf8), path: "pt.md")
        #expect(throws: Diagnostic.self) { try bad.append("a", to: "complete") }
    }

    @Test func editsSeveralTimesInARow() throws {
        var editor = FrontMatterListEditor(bytes: Array("---\nname: W\n---\nBody\n".utf8), path: "pt.md")
        try editor.append("a", to: "complete")
        try editor.append("b", to: "complete")
        try editor.append("limgrave", to: "cleared")
        try editor.remove(itemAt: 0, from: "complete")
        #expect(String(decoding: editor.bytes, as: UTF8.self) == "---\nname: W\ncomplete: [b]\ncleared: [limgrave]\n---\nBody\n")
    }
}
