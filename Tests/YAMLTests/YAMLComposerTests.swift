import Testing
@testable import YAML

@Suite("Composer limits")
struct YAMLComposerTests {
    /// Composes `text` with small limits, so the limits can be tested on small inputs.
    static func compose(_ text: String, nodes: Int, aliasNodes: Int = 1000, depth: Int) throws(YAMLError) -> YAMLNode? {
        var composer = YAMLComposer(maximumNodeCount: nodes, maximumAliasNodeCount: aliasNodes, maximumDepth: depth)
        try LibYAMLEventReader.read(text, lineOffset: 0) { (event) throws(YAMLError) in
            try composer.consume(event)
        }
        return composer.document
    }

    @Test("the node limit counts scalars and collections")
    func nodeLimit() throws {
        let atLimit = try Self.compose("[1, 2, 3, 4]", nodes: 5, depth: 10)
        #expect(atLimit?.sequence?.count == 4)
        #expect(throws: YAMLError("the document has more than 5 nodes", at: Mark(line: 1, column: 14))) {
            try Self.compose("[1, 2, 3, 4, 5]", nodes: 5, depth: 10)
        }
        #expect(throws: YAMLError("the document has more than 5 nodes", at: Mark(line: 2, column: 3))) {
            try Self.compose("- [1, 2, 3]\n- []", nodes: 5, depth: 10)
        }
    }

    @Test("the alias limit counts every node an alias copies")
    func aliasCounting() throws {
        // The anchored list is 3 nodes, so each alias of it copies 3.
        let atLimit = try Self.compose("[&a [1, 2], *a, *a]", nodes: 4, aliasNodes: 6, depth: 10)
        #expect(atLimit?.sequence?.last?.sequence?.count == 2)
        #expect(throws: YAMLError("alias '*a' makes aliases copy more than 5 nodes into the document", at: Mark(line: 1, column: 17))) {
            try Self.compose("[&a [1, 2], *a, *a]", nodes: 4, aliasNodes: 5, depth: 10)
        }
        // Copies do not count against the written nodes, nor written nodes against the copies.
        #expect(try Self.compose("[&a [1, 2], *a, *a, *a]", nodes: 4, aliasNodes: 9, depth: 10)?.sequence?.count == 4)
        #expect(throws: YAMLError("the document has more than 4 nodes", at: Mark(line: 1, column: 13))) {
            try Self.compose("[&a [1, 2], 3, *a]", nodes: 4, aliasNodes: 100, depth: 10)
        }
    }

    @Test("the depth limit counts nested collections")
    func depthLimit() throws {
        #expect(try Self.compose("a: {b: [c]}", nodes: 100, depth: 3) != nil)
        #expect(throws: YAMLError("collections are nested more than 3 levels deep", at: Mark(line: 1, column: 9))) {
            try Self.compose("a: {b: [[c]]}", nodes: 100, depth: 3)
        }
    }

    @Test("the depth limit counts the levels an alias copies")
    func aliasDepth() throws {
        #expect(try Self.compose("[&a [[x]], *a]", nodes: 100, depth: 3) != nil)
        #expect(throws: YAMLError("alias '*a' nests collections more than 3 levels deep", at: Mark(line: 1, column: 13))) {
            try Self.compose("[&a [[x]], [*a]]", nodes: 100, depth: 3)
        }
    }
}
