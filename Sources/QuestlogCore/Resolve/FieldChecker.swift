import Foundation
import YAML

/// Checks an entry's raw fields against its kind: types, unknown fields, the name.
struct FieldChecker {
    var game: String

    func check(_ raw: RawEntry, diagnostics: inout [Diagnostic]) -> CheckedEntry {
        let path = raw.source.path
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        let nameField = raw.kind.id == "game" ? "title" : "name"
        var name = raw.fallbackName
        var fields: [(field: FieldDefinition, value: PendingValue)] = []
        for (key, value) in raw.fields {
            let fieldName = key.string ?? ""
            if fieldName == nameField {
                if let text = Self.text(value), !text.trimmingCharacters(in: .whitespaces).isEmpty {
                    name = text.trimmingCharacters(in: .whitespaces)
                } else if !value.isNull {
                    diagnostics.append(.error("\(nameField): expected text, found \(value.kindDescription)", code: "type-mismatch", at: at(value)))
                }
                if raw.kind.id == "game" { fields.append((raw.kind.field(named: "title")!, .value(.string(name)))) }
                continue
            }
            guard let field = raw.kind.field(named: fieldName) else {
                diagnostics.append(unknownField(fieldName, kind: raw.kind, at: at(key)))
                continue
            }
            if value.isNull { continue }
            if let checked = check(value, as: field, at: at, diagnostics: &diagnostics) {
                fields.append((field, checked))
            }
        }
        var aliases: [String] = []
        if let aliasValue = fields.first(where: { $0.field.name == "aliases" }), case let .value(.list(list)) = aliasValue.value {
            aliases = list
        }
        return CheckedEntry(raw: raw, ref: EntryRef(game: game, kind: raw.kind.id, id: raw.id), name: name,
                            aliases: aliases, fields: fields)
    }

    private func unknownField(_ name: String, kind: Kind, at location: SourceLocation) -> Diagnostic {
        if name == "id" {
            return .warning("unknown field 'id': an entry's id comes from its file name", code: "unknown-field", at: location)
        }
        let known = kind.fields.map(\.name) + [kind.id == "game" ? "title" : "name"]
        let hint = Suggestion.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        return .warning("unknown field '\(name)' for \(kind.nounWithArticle)\(hint)",
                        code: "unknown-field", at: location)
    }

    private func check(_ node: YAMLNode, as field: FieldDefinition, at: (YAMLNode) -> SourceLocation,
                       diagnostics: inout [Diagnostic]) -> PendingValue? {
        func mismatch(_ expected: String) -> PendingValue? {
            diagnostics.append(.error("\(field.name): expected \(expected), found \(node.kindDescription)", code: "type-mismatch", at: at(node)))
            return nil
        }
        switch field.type {
        case .string, .text:
            guard let text = Self.text(node) else { return mismatch("text") }
            return .value(field.type == .string ? .string(text) : .text(text))
        case .bool:
            guard case let .bool(flag)? = node.coreScalar else { return mismatch("true or false") }
            return .value(.bool(flag))
        case .int:
            guard case let .int(number)? = node.coreScalar else { return mismatch("a whole number") }
            return .value(.int(number))
        case .date:
            guard let text = Self.text(node), Self.isISODate(text) else { return mismatch("a date as YYYY-MM-DD") }
            return .value(.date(text))
        case .url:
            guard let text = Self.text(node), URLCheck.isAcceptableURL(text) else {
                return mismatch("a URL (https://… or a relative path)")
            }
            return .value(.url(text))
        case .list:
            guard let items = Self.items(node) else { return mismatch("a list of text") }
            var strings: [String] = []
            for item in items {
                guard let text = Self.text(item) else {
                    diagnostics.append(.error("\(field.name): expected text in the list, found \(item.kindDescription)",
                                              code: "type-mismatch", at: at(item)))
                    continue
                }
                strings.append(text)
            }
            return .value(.list(strings))
        case let .ref(kind):
            guard let text = Self.text(node), !text.isEmpty else {
                let expected = "one \(kind) (its id or name)"
                if node.sequence != nil {
                    diagnostics.append(.error("\(field.name): expected \(expected), found a list; this field takes a single reference",
                                              code: "type-mismatch", at: at(node)))
                    return nil
                }
                return mismatch(expected)
            }
            return .ref(ReferenceText(text: text, location: at(node)))
        case let .refs(kind):
            guard let items = Self.items(node) else { return mismatch("a list of \(kind) references") }
            var references: [ReferenceText] = []
            for item in items {
                guard let text = Self.text(item), !text.isEmpty else {
                    diagnostics.append(.error("\(field.name): expected a \(kind) (its id or name), found \(item.kindDescription)",
                                              code: "type-mismatch", at: at(item)))
                    continue
                }
                references.append(ReferenceText(text: text, location: at(item)))
            }
            return .refs(references)
        }
    }

    /// The text of a scalar (numbers and booleans as written); nil for collections and null.
    static func text(_ node: YAMLNode) -> String? {
        guard case let .scalar(text, _) = node.content, !node.isNull else { return nil }
        return text
    }

    /// The items of a list; a single scalar counts as a list of one (`tags: boss`).
    static func items(_ node: YAMLNode) -> [YAMLNode]? {
        if let sequence = node.sequence { return sequence }
        if node.mapping != nil { return nil }
        return [node]
    }

    /// A real calendar date written `YYYY-MM-DD`.
    static func isISODate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }
}
