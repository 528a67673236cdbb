/// Builds the node tree of a single document from parser events, and enforces what libyaml
/// leaves to its caller: one document only, scalar and unique keys, known aliases, and bounds on
/// depth and size so hostile input fails with an error instead of exhausting memory or stack.
struct YAMLComposer {
    private struct Frame {
        enum Items {
            case sequence([YAMLNode])
            case mapping([(key: YAMLNode, value: YAMLNode)], pendingKey: YAMLNode?, keyMarks: [String: Mark])
        }

        var items: Items
        var mark: Mark
        var tag: String?
        var anchor: String?
        /// `nodeCount` before this collection started, to know the size of an anchored subtree.
        var nodeCountAtStart: Int
        /// The most collection levels in any child so far.
        var childHeight = 0
    }

    private struct Anchored {
        var node: YAMLNode
        /// How many nodes a copy adds.
        var size: Int
        /// How many levels of collections the node spans (0 for a scalar), since a copy placed
        /// deep in the document nests its collections deeper still.
        var height: Int
    }

    private let maximumNodeCount: Int
    private let maximumAliasNodeCount: Int
    private let maximumDepth: Int
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    /// Every node so far, written or copied by an alias.
    private var nodeCount = 0
    /// The nodes copies made by aliases added so far.
    private var aliasNodeCount = 0
    private var documentCount = 0
    private var root: YAMLNode?
    /// Items of a root sequence are handed out (`takeFinishedItems`) instead of kept in the tree.
    private let streamsRootItems: Bool
    private var finishedItems: [YAMLNode] = []

    /// - Parameters:
    ///   - maximumNodeCount: the most nodes the text may write out (each costs source bytes).
    ///   - maximumAliasNodeCount: the most nodes aliases may add by copying anchored nodes.
    ///   - maximumDepth: the deepest nesting of collections, copies included.
    ///   - streamsRootItems: when the root is a sequence, its finished items are left for
    ///     `takeFinishedItems` rather than kept, so the root ends as an empty sequence.
    init(maximumNodeCount: Int, maximumAliasNodeCount: Int, maximumDepth: Int, streamsRootItems: Bool = false) {
        self.maximumNodeCount = maximumNodeCount
        self.maximumAliasNodeCount = maximumAliasNodeCount
        self.maximumDepth = maximumDepth
        self.streamsRootItems = streamsRootItems
    }

    /// The items of the root sequence finished since the last call (with `streamsRootItems`).
    mutating func takeFinishedItems() -> [YAMLNode] {
        guard !finishedItems.isEmpty else { return [] }
        defer { finishedItems = [] }
        return finishedItems
    }

    /// The document's root, or nil when the stream held no document or a document without content.
    var document: YAMLNode? {
        guard let root else { return nil }
        if root.tag == nil, case .scalar("", .plain) = root.content { return nil }
        return root
    }

    mutating func consume(_ event: YAMLEvent) throws(YAMLError) {
        switch event {
        case .streamStart, .streamEnd, .documentEnd:
            break

        case .documentStart(let mark):
            documentCount += 1
            if documentCount > 1 {
                throw YAMLError("found a second document, but only one is allowed", at: mark)
            }

        case .alias(let anchor, let mark):
            guard let anchored = anchors[anchor] else {
                if stack.contains(where: { $0.anchor == anchor }) {
                    throw YAMLError("alias '*\(anchor)' refers to a node that contains it", at: mark)
                }
                throw YAMLError("unknown alias '*\(anchor)'", at: mark)
            }
            if stack.count + anchored.height > maximumDepth {
                throw YAMLError(
                    "alias '*\(anchor)' nests collections more than \(maximumDepth) levels deep",
                    at: mark
                )
            }
            if aliasNodeCount > maximumAliasNodeCount - anchored.size {
                throw YAMLError(
                    "alias '*\(anchor)' makes aliases copy more than \(maximumAliasNodeCount) nodes into the document",
                    at: mark
                )
            }
            nodeCount += anchored.size
            aliasNodeCount += anchored.size
            var copy = anchored.node
            // The copy stands where the alias is written, so diagnostics about it point there.
            copy.mark = mark
            try attach(copy, height: anchored.height)

        case let .scalar(value, style, tag, anchor, mark):
            try count(at: mark)
            let node = YAMLNode(.scalar(value, style), mark: mark, tag: Self.normalized(tag))
            if let anchor { anchors[anchor] = Anchored(node: node, size: 1, height: 0) }
            try attach(node, height: 0)

        case let .sequenceStart(tag, anchor, mark):
            try open(.sequence([]), tag: tag, anchor: anchor, mark: mark)

        case let .mappingStart(tag, anchor, mark):
            try open(.mapping([], pendingKey: nil, keyMarks: [:]), tag: tag, anchor: anchor, mark: mark)

        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast() else { return }
            let content: YAMLNode.Content
            switch frame.items {
            case .sequence(let nodes): content = .sequence(nodes)
            case .mapping(let entries, _, _): content = .mapping(entries)
            }
            let node = YAMLNode(content, mark: frame.mark, tag: Self.normalized(frame.tag))
            let height = frame.childHeight + 1
            if let anchor = frame.anchor {
                anchors[anchor] = Anchored(node: node, size: nodeCount - frame.nodeCountAtStart, height: height)
            }
            try attach(node, height: height)
        }
    }

    private mutating func open(_ items: Frame.Items, tag: String?, anchor: String?, mark: Mark) throws(YAMLError) {
        if case .mapping(_, nil, _)? = stack.last?.items {
            throw YAMLError("mapping keys must be scalars", at: mark)
        }
        if stack.count >= maximumDepth {
            throw YAMLError("collections are nested more than \(maximumDepth) levels deep", at: mark)
        }
        let start = nodeCount
        try count(at: mark)
        stack.append(Frame(items: items, mark: mark, tag: tag, anchor: anchor, nodeCountAtStart: start))
    }

    private mutating func count(at mark: Mark) throws(YAMLError) {
        if nodeCount - aliasNodeCount >= maximumNodeCount {
            throw YAMLError("the document has more than \(maximumNodeCount) nodes", at: mark)
        }
        nodeCount += 1
    }

    /// Adds a finished node, spanning `height` levels of collections, to the collection being
    /// built, or makes it the root.
    private mutating func attach(_ node: YAMLNode, height: Int) throws(YAMLError) {
        guard let top = stack.indices.last else {
            root = node
            return
        }
        stack[top].childHeight = max(stack[top].childHeight, height)
        switch stack[top].items {
        case .sequence where streamsRootItems && top == 0:
            finishedItems.append(node)

        case .sequence(var nodes):
            // Take the array out of the frame so appending does not copy it.
            stack[top].items = .sequence([])
            nodes.append(node)
            stack[top].items = .sequence(nodes)

        case .mapping(var entries, let pendingKey?, let keyMarks):
            stack[top].items = .sequence([])
            entries.append((key: pendingKey, value: node))
            stack[top].items = .mapping(entries, pendingKey: nil, keyMarks: keyMarks)

        case .mapping(let entries, nil, var keyMarks):
            guard case .scalar(let key, _) = node.content else {
                throw YAMLError("mapping keys must be scalars", at: node.mark)
            }
            if let first = keyMarks[key] {
                let place = first.line == node.mark.line
                    ? "line \(first.line), column \(first.column)"
                    : "line \(first.line)"
                throw YAMLError("duplicate key '\(key)' (first defined at \(place))", at: node.mark)
            }
            stack[top].items = .sequence([])
            keyMarks[key] = node.mark
            stack[top].items = .mapping(entries, pendingKey: node, keyMarks: keyMarks)
        }
    }

    /// libyaml expands `!!x` to the full `tag:yaml.org,2002:x`; the short form is what people write.
    private static func normalized(_ tag: String?) -> String? {
        let standardPrefix = "tag:yaml.org,2002:"
        guard let tag, tag.hasPrefix(standardPrefix) else { return tag }
        return "!!" + tag.dropFirst(standardPrefix.count)
    }
}
