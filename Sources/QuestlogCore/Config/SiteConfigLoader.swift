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
                if let url = value.string.flatMap(SiteConfig.baseURL) {
                    config.baseURL = url
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
                let (builtInKinds, kinds, kindDiagnostics) = parseKinds(value, path: path)
                config.builtInKinds = builtInKinds
                config.customKinds = kinds
                diagnostics.append(contentsOf: kindDiagnostics)
            default:
                let hint = Suggestion.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(.warning("unknown setting '\(name)'\(hint)", code: "unknown-setting", at: at(key)))
            }
        }
        return (config, diagnostics)
    }

    private static func parseKinds(_ node: YAMLNode, path: String) -> (builtIn: [Kind], custom: [Kind], diagnostics: [Diagnostic]) {
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        let builtIn = Schema.builtIn
        if node.isNull { return (builtIn.kinds, [], []) }
        guard let declarations = node.mapping else {
            return (builtIn.kinds, [], [.error("kinds: expected a mapping of kind ids to kinds, found \(node.kindDescription)", code: "type-mismatch", at: at(node))])
        }
        var diagnostics: [Diagnostic] = []
        var builtInKinds = builtIn.kinds
        var kinds: [Kind] = []
        var fieldNodes: [String: [(key: YAMLNode, value: YAMLNode)]] = [:]
        var declaredAt: [String: YAMLNode] = [:]
        for (key, value) in declarations {
            let id = key.string ?? ""
            guard Slug.isSlug(id) else {
                diagnostics.append(.error("kind id '\(id)' must be a lowercase slug such as 'faction'", code: "invalid-kind", at: at(key)))
                continue
            }
            let builtInIndex = builtInKinds.firstIndex { $0.id == id }
            if id == "game" || (builtInIndex == nil && builtIn.kind(folder: id) != nil) {
                let hint = builtIn.kind(folder: id).map { " (the kind is '\($0.id)')" } ?? ""
                diagnostics.append(.error("kind '\(id)' cannot be declared\(hint)", code: "invalid-kind", at: at(key)))
                continue
            }
            if value.isNull, builtInIndex != nil { continue }
            guard let settings = value.mapping else {
                diagnostics.append(.error("kind '\(id)': expected a mapping with folder, name, plural and fields, found \(value.kindDescription)",
                                          code: "type-mismatch", at: at(value)))
                continue
            }
            var kind = builtInIndex.map { builtInKinds[$0] }
                ?? Kind(id: id, folder: plural(of: id), name: FieldDefinition.humanize(id),
                        plural: plural(of: FieldDefinition.humanize(id)), fields: [])
            for (settingKey, settingValue) in settings {
                let setting = settingKey.string ?? ""
                switch setting {
                case "name", "plural":
                    guard let words = wording(settingValue, setting: setting, path: path, diagnostics: &diagnostics) else { continue }
                    if setting == "name" {
                        kind.name = words.text
                        kind.translatedNames = words.translations
                    } else {
                        kind.plural = words.text
                        kind.translatedPlurals = words.translations
                    }
                case "folder":
                    guard let text = settingValue.string, settingValue.mapping == nil, settingValue.sequence == nil, !text.isEmpty else {
                        diagnostics.append(.error("\(setting): expected text, found \(settingValue.kindDescription)", code: "type-mismatch", at: at(settingValue)))
                        continue
                    }
                    if Slug.isSlug(text) { kind.folder = text } else {
                        diagnostics.append(.error("folder '\(text)' must be a lowercase slug such as 'factions'", code: "invalid-kind", at: at(settingValue)))
                    }
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
            declaredAt[id] = key
            if let builtInIndex {
                builtInKinds[builtInIndex] = kind
            } else {
                kinds.append(kind)
            }
        }
        // Folders are checked once every kind has its own: a built-in kind may move out of the way.
        var folders: [String: String] = [:]
        var accepted: [Kind] = []
        for kind in builtInKinds + kinds {
            if let other = folders[kind.folder] {
                if let key = declaredAt[kind.id] {
                    diagnostics.append(.error("kind '\(kind.id)': folder '\(kind.folder)' is already used by the kind '\(other)'",
                                              code: "invalid-kind", at: at(key)))
                }
                continue
            }
            folders[kind.folder] = kind.id
            accepted.append(kind)
        }
        kinds = kinds.filter { kind in accepted.contains { $0.id == kind.id } }
        let kindIds = builtInKinds.map(\.id) + kinds.map(\.id)
        func addFields(to kind: inout Kind) {
            var declared: Set<String> = []
            for (fieldKey, fieldValue) in fieldNodes[kind.id] ?? [] {
                let existing = kind.fieldIndex(named: fieldKey.string ?? "")
                guard let field = parseField(fieldKey, fieldValue, existing: existing.map { kind.fields[$0] }, kindIds: kindIds,
                                             path: path, diagnostics: &diagnostics),
                      declared.insert(field.name).inserted else { continue }
                if let existing { kind.fields[existing] = field } else { kind.fields.append(field) }
            }
        }
        for index in builtInKinds.indices { addFields(to: &builtInKinds[index]) }
        for index in kinds.indices { addFields(to: &kinds[index]) }
        return (builtInKinds, kinds, diagnostics)
    }

    /// A word pages show, as text or as one text per UI language (`{ en: Leader, ja: 首領 }`); the
    /// English one (else the first) is the word everywhere no translation applies, exports included.
    private static func wording(_ node: YAMLNode, setting: String, path: String,
                                diagnostics: inout [Diagnostic]) -> (text: String, translations: [String: String])? {
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        if let text = node.string, node.mapping == nil, node.sequence == nil, !text.isEmpty { return (text, [:]) }
        guard let pairs = node.mapping, !pairs.isEmpty else {
            diagnostics.append(.error("\(setting): expected text, or a text per language such as { en: Leader, ja: 首領 }, found \(node.kindDescription)",
                                      code: "type-mismatch", at: at(node)))
            return nil
        }
        var translations: [String: String] = [:]
        var first: String?
        for (key, value) in pairs {
            let language = key.string ?? ""
            guard SiteConfig.languages.contains(language) else {
                let hint = Suggestion.closest(to: language, in: SiteConfig.languages).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(.error("\(setting): '\(language)' is not a language of the theme; expected \(SiteConfig.languages.joined(separator: ", "))\(hint)",
                                          code: "invalid-value", at: at(key)))
                continue
            }
            guard let text = value.string, value.mapping == nil, value.sequence == nil, !text.isEmpty else {
                diagnostics.append(.error("\(setting).\(language): expected text, found \(value.kindDescription)", code: "type-mismatch", at: at(value)))
                continue
            }
            translations[language] = text
            if first == nil { first = text }
        }
        guard let text = translations["en"] ?? first else { return nil }
        return (text, translations)
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

    /// A field is `name: type` or `name: {type: …, label: …, inverse_label: …, progress: …, highlight: …, display: …}`;
    /// for a field the kind already has (`existing`), the type may be left out to relabel it or set its flags.
    private static func parseField(_ key: YAMLNode, _ value: YAMLNode, existing: FieldDefinition?, kindIds: [String], path: String,
                                   diagnostics: inout [Diagnostic]) -> FieldDefinition? {
        func at(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        let name = key.string ?? ""
        guard Slug.isSlug(name.replacingOccurrences(of: "_", with: "-")), name.first?.isLetter == true else {
            diagnostics.append(.error("field name '\(name)' must be lowercase letters, digits and '_'", code: "invalid-field", at: at(key)))
            return nil
        }
        if EntryFlags.reservedFields.contains(name) {
            diagnostics.append(.error("field '\(name)' is reserved: every entry has it already", code: "invalid-field", at: at(key)))
            return nil
        }
        var typeNode: YAMLNode? = value
        var field = existing ?? FieldDefinition(name, .string)
        if let settings = value.mapping {
            typeNode = value["type"]
            if typeNode == nil && existing == nil {
                diagnostics.append(.error("field '\(name)': missing 'type'", code: "invalid-field", at: at(value)))
                return nil
            }
            for (settingKey, settingValue) in settings {
                let setting = settingKey.string ?? ""
                switch setting {
                case "type": continue
                case "label", "inverse_label":
                    guard let words = wording(settingValue, setting: setting, path: path, diagnostics: &diagnostics) else { continue }
                    if setting == "label" {
                        field.label = words.text
                        field.translatedLabels = words.translations
                    } else {
                        field.inverseLabel = words.text
                        field.translatedInverseLabels = words.translations
                    }
                case "progress", "highlight":
                    guard case let .bool(flag)? = settingValue.coreScalar else {
                        diagnostics.append(.error("\(setting): expected true or false, found \(settingValue.kindDescription)", code: "type-mismatch", at: at(settingValue)))
                        continue
                    }
                    if setting == "progress" { field.progress = flag } else { field.highlight = flag }
                case "display":
                    guard let text = settingValue.string, let display = FieldDisplay(rawValue: text) else {
                        let names = FieldDisplay.allCases.map(\.rawValue).joined(separator: " or ")
                        diagnostics.append(.error("display: expected \(names), found \(settingValue.kindDescription)", code: "invalid-value", at: at(settingValue)))
                        continue
                    }
                    field.display = display
                default:
                    let known = ["type", "label", "inverse_label", "progress", "highlight", "display"]
                    let hint = Suggestion.closest(to: setting, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(.warning("unknown field setting '\(setting)'\(hint)", code: "unknown-setting", at: at(settingKey)))
                }
            }
        }
        if let typeNode {
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
            field.type = type
            if existing != nil, type.referencedKind == nil { field.inverseLabel = value["inverse_label"]?.string }
        }
        if (field.progress || field.highlight) && field.type != .bool {
            diagnostics.append(.error("field '\(name)': progress and highlight need a bool field, not \(field.type)", code: "invalid-field", at: at(key)))
            field.progress = false
            field.highlight = false
        }
        if field.display == .image && field.type != .url {
            diagnostics.append(.error("field '\(name)': display: image needs a url field, not \(field.type)", code: "invalid-field", at: at(key)))
            field.display = .value
        }
        return field
    }
}
