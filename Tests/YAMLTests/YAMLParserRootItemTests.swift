import Testing
import YAML

@Suite("Parsing a root list item by item")
struct YAMLParserRootItemTests {
    @Test("each item of a root sequence is handed out in order, and the root is left empty")
    func itemsInOrder() throws {
        let text = "- name: A\n  tags: [x, y]\n- name: B\n- plain\n"
        var items: [YAMLNode] = []
        let root = try #require(try YAMLParser.parse(text) { items.append($0) })
        let whole = try #require(try YAMLParser.parse(text))
        #expect(root.sequence?.isEmpty == true)
        #expect(root.mark == whole.mark)
        #expect(items == whole.sequence)
        #expect(items.map(\.mark) == [Mark(line: 1, column: 3), Mark(line: 3, column: 3), Mark(line: 4, column: 3)])
    }

    @Test("a root that is not a sequence is returned whole, with no items handed out")
    func mappingRoot() throws {
        let text = "name: A\nlist:\n  - 1\n  - 2\n"
        var count = 0
        let root = try #require(try YAMLParser.parse(text) { _ in count += 1 })
        #expect(count == 0)
        #expect(root == (try YAMLParser.parse(text)))
    }

    @Test("nested sequences stay inside their item")
    func nested() throws {
        var items: [YAMLNode] = []
        _ = try YAMLParser.parse("- [1, [2, 3]]\n- - a\n  - b\n") { items.append($0) }
        #expect(items.count == 2)
        #expect(items[0].sequence?.count == 2)
        #expect(items[1].sequence?.map(\.string) == ["a", "b"])
    }

    @Test("aliases to an earlier item copy it")
    func aliases() throws {
        var items: [YAMLNode] = []
        _ = try YAMLParser.parse("- &first {name: A}\n- *first\n") { items.append($0) }
        #expect(items.count == 2)
        #expect(items[1]["name"]?.string == "A")
        #expect(items[1].mark == Mark(line: 2, column: 3))
    }

    @Test("an error after some items still throws, at its place")
    func errorAfterItems() {
        var count = 0
        #expect(throws: YAMLError.self) {
            _ = try YAMLParser.parse("- name: A\n- name: B\n  name: C\n") { _ in count += 1 }
        }
        #expect(count == 1)
    }

    @Test("marks hold large line numbers")
    func largeMarks() {
        var mark = Mark(line: 3_000_000, column: 70_000)
        #expect(mark.line == 3_000_000 && mark.column == 70_000)
        mark.line += 1
        #expect(mark.line == 3_000_001)
        #expect(Mark(line: 2, column: 1) < Mark(line: 2, column: 5))
        #expect(Mark(line: 1, column: 9) < Mark(line: 2, column: 1))
    }
}
