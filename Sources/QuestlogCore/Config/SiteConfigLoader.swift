import YAML

/// Reads `questlog.yml`: site settings and custom kinds.
public enum SiteConfigLoader {
    public static let fileNames = ["questlog.yml", "questlog.yaml"]

    /// Parses the config text of the file at `path` (relative to the site, for diagnostics).
    public static func parse(_ text: String, path: String) -> (SiteConfig, [Diagnostic]) {
        var config = SiteConfig()
        var diagnostics: [Diagnostic] = []
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        let root: YAMLNode
        do {
            guard let parsed = try YAMLParser.parse(text) else { return (config, []) }
            root = parsed
        } catch {
            return (config, [.error(error.message, code: "yaml-syntax", at: SourceLocation(path: path, line: error.mark.line, column: error.mark.column))])
        }
        guard let settings = root.mapping else {
            return (config, [.error("questlog.yml must be a mapping of settings, found \(root.kindDescription)", code: "type-mismatch", at: at(root))])
        }
        let known = ["title", "base_url", "language", "unsafe_html", "dangling_links", "kinds"]
        for (key, value) in settings {
            let name = key.string ?? ""
            switch name {
            case "title":
                if let title = value.string, value.mapping == nil, value.sequence == nil, !title.isEmpty {
                    config.title = title
                } else {
                    diagnostics.append(.error("title: expected text, found \(value.kindDescription)", code: "type-mismatch", at: at(value)))
                }
            case "base_url":
                if value.isNull { continue }
                if let url = value.string, URLCheck.isAbsoluteWebURL(url) {
                    config.baseURL = url.hasSuffix("/") ? url : url + "/"
                } else {
                    diagnostics.append(.error("base_url: expected an absolute http(s) URL such as https://example.org/wiki/, found \(value.kindDescription)",
                                              code: "invalid-url", at: at(value)))
                }
            case "language":
                if let language = value.string, SiteConfig.languages.contains(language) {
                    config.language = language
                } else {
                    let list = SiteConfig.languages.joined(separator: ", ")
                    let hint = value.string.flatMap { Suggestion.closest(to: $0, in: SiteConfig.languages) }.map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(.error("language: expected one of \(list), found \(value.kindDescription)\(hint)", code: "invalid-value", at: at(value)))
                }
            case "unsafe_html":
                if case let .bool(flag)? = value.coreScalar {
                    config.unsafeHTML = flag
                } else {
                    diagnostics.append(.error("unsafe_html: expected true or false, found \(value.kindDescription)", code: "type-mismatch", at: at(value)))
                }
            case "dangling_links":
                switch value.string {
                case "error" where value.mapping == nil && value.sequence == nil: config.danglingLinksAreWarnings = false
                case "warning" where value.mapping == nil && value.sequence == nil: config.danglingLinksAreWarnings = true
                default:
                    diagnostics.append(.error("dangling_links: expected error or warning, found \(value.kindDescription)", code: "invalid-value", at: at(value)))
                }
            case "kinds":
                let (kinds, kindDiagnostics) = parseKinds(value, path: path)
                config.customKinds = kinds
                diagnostics.append(contentsOf: kindDiagnostics)
            default:
                let hint = Suggestion.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(.warning("unknown setting '\(name)'\(hint)", code: "unknown-setting", at: at(key)))
            }
        }
        return (config, diagnostics)
    }

    private static func parseKinds(_ node: YAMLNode, path: String) -> ([Kind], [Diagnostic]) {
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        if node.isNull { return ([], []) }
        guard let declarations = node.mapping else {
            return ([], [.error("kinds: expected a mapping of kind ids to kinds, found \(node.kindDescription)", code: "type-mismatch", at: at(node))])
        }
        var diagnostics: [Diagnostic] = []
        var kinds: [Kind] = []
        var fieldNodes: [String: [(key: YAMLNode, value: YAMLNode)]] = [:]
        let builtIn = Schema.builtIn
        for (key, value) in declarations {
            let id = key.string ?? ""
            guard Slug.isSlug(id) else {
                diagnostics.append(.error("kind id '\(id)' must be a lowercase slug such as 'faction'", code: "invalid-kind", at: at(key)))
                continue
            }
            if builtIn.kind(named: id) != nil || id == "game" {
                diagnostics.append(.error("kind '\(id)' is built in and cannot be redeclared", code: "invalid-kind", at: at(key)))
                continue
            }
            guard let settings = value.mapping else {
                diagnostics.append(.error("kind '\(id)': expected a mapping with folder, name, plural and fields, found \(value.kindDescription)",
                                          code: "type-mismatch", at: at(value)))
                continue
            }
            var kind = Kind(id: id, folder: plural(of: id), name: FieldDefinition.humanize(id),
                            plural: plural(of: FieldDefinition.humanize(id)), fields: [])
            for (settingKey, settingValue) in settings {
                let setting = settingKey.string ?? ""
                switch setting {
                case "folder", "name", "plural":
                    guard let text = settingValue.string, settingValue.mapping == nil, settingValue.sequence == nil, !text.isEmpty else {
                        diagnostics.append(.error("\(setting): expected text, found \(settingValue.kindDescription)", code: "type-mismatch", at: at(settingValue)))
                        continue
                    }
                    if setting == "folder" {
                        if Slug.isSlug(text) { kind.folder = text } else {
                            diagnostics.append(.error("folder '\(text)' must be a lowercase slug such as 'factions'", code: "invalid-kind", at: at(settingValue)))
                        }
                    } else if setting == "name" { kind.name = text } else { kind.plural = text }
                case "fields":
                    if let fields = settingValue.mapping { fieldNodes[id] = fields } else if !settingValue.isNull {
                        diagnostics.append(.error("fields: expected a mapping of field names to types, found \(settingValue.kindDescription)",
                                                  code: "type-mismatch", at: at(settingValue)))
                    }
                default:
                    let hint = Suggestion.closest(to: setting, in: ["folder", "name", "plural", "fields"]).map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(.warning("unknown kind setting '\(setting)'\(hint)", code: "unknown-setting", at: at(settingKey)))
                }
            }
            if builtIn.kind(folder: kind.folder) != nil || kinds.contains(where: { $0.folder == kind.folder }) {
                diagnostics.append(.error("kind '\(id)': folder '\(kind.folder)' is already used by another kind", code: "invalid-kind", at: at(key)))
                continue
            }
            kinds.append(kind)
        }
        let kindIds = builtIn.kinds.map(\.id) + kinds.map(\.id)
        for index in kinds.indices {
            for (fieldKey, fieldValue) in fieldNodes[kinds[index].id] ?? [] {
                if let field = parseField(fieldKey, fieldValue, kindIds: kindIds, path: path, diagnostics: &diagnostics) {
                    if kinds[index].field(named: field.name) != nil { continue }
                    kinds[index].fields.append(field)
                }
            }
        }
        return (kinds, diagnostics)
    }

    /// The English plural used when a kind names no folder or plural: boss → bosses, city → cities.
    static func plural(of word: String) -> String {
        let lower = word.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        return word + "s"
    }

    /// A field is `name: type` or `name: {type: …, label: …, inverse_label: …}`.
    private static func parseField(_ key: YAMLNode, _ value: YAMLNode, kindIds: [String], path: String,
                                   diagnostics: inout [Diagnostic]) -> FieldDefinition? {
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        let name = key.string ?? ""
        guard Slug.isSlug(name.replacingOccurrences(of: "_", with: "-")), name.first?.isLetter == true else {
            diagnostics.append(.error("field name '\(name)' must be lowercase letters, digits and '_'", code: "invalid-field", at: at(key)))
            return nil
        }
        if ["id", "name", "notes"].contains(name) {
            diagnostics.append(.error("field '\(name)' is reserved: every entry has it already", code: "invalid-field", at: at(key)))
            return nil
        }
        var typeNode = value
        var label: String?
        var inverseLabel: String?
        if let settings = value.mapping {
            guard let type = value["type"] else {
                diagnostics.append(.error("field '\(name)': missing 'type'", code: "invalid-field", at: at(value)))
                return nil
            }
            typeNode = type
            label = value["label"]?.string
            inverseLabel = value["inverse_label"]?.string
            for (settingKey, _) in settings where !["type", "label", "inverse_label"].contains(settingKey.string ?? "") {
                diagnostics.append(.warning("unknown field setting '\(settingKey.string ?? "")'", code: "unknown-setting", at: at(settingKey)))
            }
        }
        guard let declaration = typeNode.string, typeNode.mapping == nil, typeNode.sequence == nil,
              let type = FieldType(declaration: declaration) else {
            let word = typeNode.string.map { String($0.split(separator: " ").first ?? "") } ?? ""
            let hint = Suggestion.closest(to: word, in: FieldType.typeNames).map { " (did you mean '\($0)'?)" } ?? ""
            diagnostics.append(.error("field '\(name)': unknown type \(typeNode.kindDescription); expected string, text, bool, int, date, url, list, ref <kind> or refs <kind>\(hint)",
                                      code: "invalid-field", at: at(typeNode)))
            return nil
        }
        if let target = type.referencedKind, !kindIds.contains(target) {
            let hint = Suggestion.closest(to: target, in: kindIds).map { " (did you mean '\($0)'?)" } ?? ""
            diagnostics.append(.error("field '\(name)': unknown kind '\(target)'\(hint)", code: "unknown-kind", at: at(typeNode)))
            return nil
        }
        return FieldDefinition(name, type, label: label, inverseLabel: inverseLabel)
    }
}
