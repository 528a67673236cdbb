import FuzzSupport
import QuestlogCore
import YAML

// Front matter as the loader reads it: split off, then parsed as YAML, and the whole input as
// YAML too; every node is visited the way the field checker reads values.
FuzzDriver.run { input in
    let text = String(decoding: input, as: UTF8.self)
    func visit(_ node: YAMLNode) {
        _ = node.coreScalar
        _ = node.kindDescription
        node.sequence?.forEach(visit)
        node.mapping?.forEach { visit($0.key); visit($0.value) }
    }
    if case let .success(frontMatter) = FrontMatter.split(text, path: "fuzz.md"), let yaml = frontMatter.yaml {
        if let node = try? YAMLParser.parse(yaml, lineOffset: frontMatter.yamlLineOffset) { visit(node) }
    }
    if let node = try? YAMLParser.parse(text) { visit(node) }
}
