import Foundation
import YAML

/// Checks an entry's raw fields against its kind: types, unknown fields, the name.
struct FieldChecker {
    var game: String

    func check(_ raw: RawEntry, diagnostics: inout [Diagnostic], unknown: inout [UnknownField]) -> CheckedEntry {
        let path = raw.source.path
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        let nameField = raw.kind.id == "game" ? "title" : "name"
        var name = raw.fallbackName
        var nameLocation: SourceLocation?
        var fields: [(field: FieldDefinition, value: PendingValue)] = []
        var extra: [ExtraField] = []
        var flags: [String: Bool] = [:]
        var spoilerUntil: String?
        var sharedProgress = false
        for (key, value) in raw.fields {
            let fieldName = key.string ?? ""
            if fieldName == EntryFlags.spoilerUntil, raw.kind.id != "game", raw.kind.field(named: fieldName) == nil {
                if value.isNull { continue }
                let choices = raw.kind.fields.filter { $0.progress && $0.type == .bool }.map(\.name)
                guard let text = Self.text(value), choices.contains(text) else {
                    let expected = choices.isEmpty ? "nothing: \(raw.kind.noun) has no progress field"
                        : "one of \(choices.joined(separator: ", "))"
                    let hint = Self.text(value).flatMap { Suggestion.closest(to: $0, in: choices) }.map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(.error("\(fieldName): expected \(expected), found \(value.kindDescription)\(hint)", code: "invalid-value", at: at(value)))
                    continue
                }
                spoilerUntil = text
                continue
            }
            if fieldName == EntryFlags.progress, raw.kind.id == "game", raw.kind.field(named: fieldName) == nil {
                if value.isNull { continue }
                switch Self.text(value) {
                case "shared"?: sharedProgress = true
                case "playthrough"?: sharedProgress = false
                default:
                    let hint = Self.text(value).flatMap { Suggestion.closest(to: $0, in: ["shared", "playthrough"]) }.map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(.error("progress: expected shared or playthrough, found \(value.kindDescription)\(hint)", code: "invalid-value", at: at(value)))
                }
                continue
            }
            if fieldName == nameField {
                if let text = Self.text(value).map(\.trimmedForLookup), !text.isEmpty {
                    name = text
                    nameLocation = at(key)
                } else if !value.isNull {
                    diagnostics.append(.error("\(nameField): expected text, found \(value.kindDescription)", code: "type-mismatch", at: at(value)))
                }
                if raw.kind.id == "game" { fields.append((raw.kind.field(named: "title")!, .value(.string(name)))) }
                continue
            }
            if fieldName == EntryFlags.draft || fieldName == EntryFlags.spoiler {
                if value.isNull { continue }
                guard case let .bool(flag)? = value.coreScalar else {
                    diagnostics.append(.error("\(fieldName): expected true or false, found \(value.kindDescription)", code: "type-mismatch", at: at(value)))
                    continue
                }
                flags[fieldName] = flag
                continue
            }
            guard let field = raw.kind.field(named: fieldName) else {
                if fieldName == "id" {
                    diagnostics.append(.warning("unknown field 'id': an entry's id comes from its file name", code: "unknown-field", at: at(key)))
                    continue
                }
                unknown.append(UnknownField(kind: raw.kind, name: fieldName, location: at(key)))
                if !value.isNull, !extra.contains(where: { $0.name == fieldName }) {
                    extra.append(ExtraField(name: fieldName, value: Self.extraValue(value)))
                }
                continue
            }
            if value.isNull { continue }
            if raw.kind.id == "game" && field.name == "language" {
                guard let language = Self.text(value), SiteConfig.languages.contains(language) else {
                    let list = SiteConfig.languages.joined(separator: ", ")
                    let hint = Self.text(value).flatMap { Suggestion.closest(to: $0, in: SiteConfig.languages) }.map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(.error("language: expected one of \(list), found \(value.kindDescription)\(hint)", code: "invalid-value", at: at(value)))
                    continue
                }
            }
            if let checked = check(value, as: field, at: at, diagnostics: &diagnostics) {
                fields.append((field, checked))
            }
        }
        var aliases: [String] = []
        if let aliasValue = fields.first(where: { $0.field.name == "aliases" }), case let .value(.list(list)) = aliasValue.value {
            aliases = list
        }
        return CheckedEntry(raw: raw, ref: EntryRef(game: game, kind: raw.kind.id, id: raw.id), name: name,
                            nameLocation: nameLocation, aliases: aliases, fields: fields, extra: extra,
                            isDraft: raw.isDraft || flags[EntryFlags.draft] == true, isSpoiler: flags[EntryFlags.spoiler] == true,
                            spoilerUntil: spoilerUntil, sharedProgress: sharedProgress)
    }

    /// The warning for a field the kind does not declare, for one file or grouped over many.
    static func unknownFieldWarning(_ uses: [UnknownField]) -> Diagnostic {
        let first = uses[0]
        let known = first.kind.fields.map(\.name) + [first.kind.id == "game" ? "title" : "name"]
        let hint = Suggestion.closest(to: first.name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        let advice = "declare it in questlog.yml to give it a type"
        let noun = first.kind.id == "game" ? "game" : first.kind.noun
        if uses.count == 1 {
            return .warning("'\(first.name)' is not a field of \(noun)\(hint); \(advice)", code: "unknown-field", at: first.location)
        }
        let files = Set(uses.map(\.location.path)).count
        let count = files == 1 ? "\(uses.count) entries" : "\(files) files"
        return .warning("'\(first.name)' is not a field of \(noun)\(hint) (\(count), first at \(first.location)); \(advice)",
                          code: "unknown-field", at: nil)
    }

    /// A value of an undeclared field, typed by the YAML core schema.
    static func extraValue(_ node: YAMLNode) -> FieldValue {
        switch node.content {
        case .scalar:
            switch node.coreScalar {
            case let .bool(flag)?: return .bool(flag)
            case let .int(number)?: return .int(number)
            case let .float(number)?: return number.isFinite ? .number(number) : .string(text(node) ?? "")
            default:
                let text = text(node) ?? ""
                if isISODate(text) { return .date(text) }
                if URLCheck.isAbsoluteWebURL(text) { return .url(text) }
                return .string(text)
            }
        case let .sequence(items):
            return .list(items.map(flattened))
        case .mapping:
            return .text(flattened(node))
        }
    }

    /// Nested YAML as one line of text: `key: value; key: [a, b]`.
    private static func flattened(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar: return text(node) ?? ""
        case let .sequence(items): return "[" + items.map(flattened).joined(separator: ", ") + "]"
        case let .mapping(pairs): return pairs.map { "\(text($0.key) ?? ""): \(flattened($0.value))" }.joined(separator: "; ")
        }
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
            guard let text = Self.text(node)?.trimmingWhitespace, !text.isEmpty else {
                return mismatch("a URL (https://… or a relative path)")
            }
            let linked = Self.unwrappingPropertyLink(text)
            if linked != text { return .file(ReferenceText(text: linked, location: at(node)), byName: true) }
            guard URLCheck.isAcceptableURL(text.replacingOccurrences(of: " ", with: "%20")) else {
                return mismatch("a URL (https://… or a relative path)")
            }
            if URLCheck.isAbsoluteWebURL(text) || text.lowercased().hasPrefix("mailto:") { return .value(.url(text)) }
            return .file(ReferenceText(text: text, location: at(node)), byName: false)
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
            return .ref(ReferenceText(text: Self.unwrappingPropertyLink(text), location: at(node)))
        case let .refs(kind):
            guard let items = Self.items(node) else { return mismatch("a list of \(kind) references") }
            var references: [ReferenceText] = []
            for item in items {
                guard let text = Self.text(item), !text.isEmpty else {
                    diagnostics.append(.error("\(field.name): expected a \(kind) (its id or name), found \(item.kindDescription)",
                                              code: "type-mismatch", at: at(item)))
                    continue
                }
                references.append(ReferenceText(text: Self.unwrappingPropertyLink(text), location: at(item)))
            }
            return .refs(references)
        }
    }

    /// An Obsidian property link, `[[Name]]` or `[[Name|label]]`, as the name it links to; other text as it is.
    static func unwrappingPropertyLink(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "[")) else { return text }
        let trimmed = text.trimmedForLookup
        guard trimmed.hasPrefix("[["), trimmed.hasSuffix("]]"), trimmed.count > 4 else { return text }
        let inner = trimmed.dropFirst(2).dropLast(2)
        guard !inner.contains("["), !inner.contains("]") else { return text }
        let target = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let name = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let result = name.trimmingWhitespace
        return result.isEmpty ? text : result
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
