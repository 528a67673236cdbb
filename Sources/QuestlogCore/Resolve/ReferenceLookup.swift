import Foundation
import Markdown

/// Resolves references in fields and wiki links in notes against the id and name index of every game.
struct ReferenceLookup: Sendable {
    var schema: Schema
    var indexes: [String: GameIndex]
    /// Drafts are published (`--drafts`); otherwise a reference to one is a warning and goes nowhere.
    var includeDrafts = false
    /// The site's files, for `url` fields and links in notes that name them.
    var assets = AssetIndex(assets: [], entryPages: [:])

    /// Whether the entry is part of the build.
    func isPublished(_ entry: CheckedEntry) -> Bool {
        includeDrafts || !entry.isDraft
    }

    private func draftWarning(_ target: CheckedEntry, written text: String, at location: SourceLocation) -> Diagnostic {
        .warning("'\(text)' is a draft (\(target.raw.source.path)), so it is not published and the reference shows as plain text",
                 code: "draft-reference", at: location)
    }

    /// What a reference names.
    enum Outcome {
        case found(CheckedEntry)
        case ambiguous([CheckedEntry])
        case missing(suggestion: String?)
        case unknownGame(String)
    }

    /// Looks `text` up in `game`; `game-id/rest` looks in another game; `kind` restricts the kinds searched.
    func lookup(_ text: String, in game: String, kind: String?) -> Outcome {
        var gameId = game
        var target = text.trimmingCharacters(in: .whitespaces)
        if let slash = target.firstIndex(of: "/") {
            let prefix = String(target[..<slash])
            if indexes[prefix] != nil {
                gameId = prefix
                target = String(target[target.index(after: slash)...]).trimmingCharacters(in: .whitespaces)
            } else if Slug.isSlug(prefix) && !target.contains(" ") {
                return .unknownGame(prefix)
            }
        }
        guard let index = indexes[gameId] else { return .missing(suggestion: nil) }
        let found = index.candidates(target, kind: kind, kinds: schema.kinds)
        switch found.count {
        case 0:
            let suggestion = Suggestion.closest(to: target, in: index.spellings(kind: kind))
            return .missing(suggestion: suggestion.map { gameId == game ? $0 : "\(gameId)/\($0)" })
        case 1: return .found(index.entries[found[0]])
        default: return .ambiguous(found.map { index.entries[$0] })
        }
    }

    func page(of entry: CheckedEntry) -> String {
        RelativeURL.entryPage(game: entry.ref.game, folder: entry.raw.kind.folder, id: entry.ref.id)
    }

    // MARK: Fields

    func resolveFields(_ entry: CheckedEntry, diagnostics: inout [Diagnostic]) -> [String: FieldValue] {
        var values: [String: FieldValue] = [:]
        for (field, pending) in entry.fields {
            switch pending {
            case let .value(value):
                values[field.name] = value
            case let .ref(reference):
                if let target = resolve(reference, field: field, from: entry, diagnostics: &diagnostics) {
                    values[field.name] = .ref(target)
                }
            case let .refs(references):
                var targets: [EntryRef] = []
                for reference in references {
                    if let target = resolve(reference, field: field, from: entry, diagnostics: &diagnostics), !targets.contains(target) {
                        targets.append(target)
                    }
                }
                values[field.name] = .refs(targets)
            case let .file(reference, byName):
                if let path = resolveFile(reference, byName: byName, field: field, from: entry, diagnostics: &diagnostics) {
                    values[field.name] = .url(path)
                }
            }
        }
        return values
    }

    /// The output path (from the output root) of the site file a field names, or nil with an error.
    private func resolveFile(_ reference: ReferenceText, byName: Bool, field: FieldDefinition, from entry: CheckedEntry,
                             diagnostics: inout [Diagnostic]) -> String? {
        if byName {
            let found = assets.find(named: reference.text, inGame: entry.ref.game)
            switch found.count {
            case 1: return AssetIndex.percentEncoded(found[0].outputPath)
            case 0:
                diagnostics.append(.error("\(field.name): no file named '\(reference.text)' in this game", code: "missing-file", at: reference.location))
            default:
                let list = found.map { "'\($0.path)'" }.joined(separator: ", ")
                diagnostics.append(.error("\(field.name): '\(reference.text)' names several files: \(list); write more of the path",
                                          code: "ambiguous-file", at: reference.location))
            }
            return nil
        }
        switch assets.resolve(reference.text, from: entry.raw.source.path) {
        case let .found(outputPath):
            return outputPath
        case let .missing(suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            diagnostics.append(.error("\(field.name): no file '\(reference.text)' next to \(entry.raw.source.path)\(hint)",
                                      code: "missing-file", at: reference.location))
        case .outsideContent:
            diagnostics.append(.error("\(field.name): '\(reference.text)' leads outside \(SiteLoader.contentFolder)/; keep the file inside the site's content",
                                      code: "path-outside-content", at: reference.location))
        case .notAFile:
            diagnostics.append(.error("\(field.name): '\(reference.text)' is a folder, not a file", code: "missing-file", at: reference.location))
        }
        return nil
    }

    private func resolve(_ reference: ReferenceText, field: FieldDefinition, from entry: CheckedEntry,
                         diagnostics: inout [Diagnostic]) -> EntryRef? {
        guard let kindId = field.type.referencedKind, let kind = schema.kind(id: kindId) else { return nil }
        let noun = kind.noun
        switch lookup(reference.text, in: entry.ref.game, kind: kindId) {
        case let .found(target):
            if !isPublished(target) {
                diagnostics.append(draftWarning(target, written: reference.text, at: reference.location))
                return nil
            }
            return target.ref
        case let .ambiguous(targets):
            let list = targets.map { "'\($0.name)' (\($0.raw.source))" }.joined(separator: ", ")
            diagnostics.append(.error("ambiguous \(noun) '\(reference.text)': it matches \(list); use the id",
                                      code: "ambiguous-reference", at: reference.location))
        case let .unknownGame(game):
            let hint = Suggestion.closest(to: game, in: indexes.keys.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            diagnostics.append(.error("unknown game '\(game)' in '\(reference.text)'\(hint)", code: "dangling-reference", at: reference.location))
        case let .missing(suggestion):
            // Name the real kind when the reference exists in another kind: a clearer fix than "did you mean".
            if case let .found(other) = lookup(reference.text, in: entry.ref.game, kind: nil) {
                diagnostics.append(.error("\(field.name): '\(reference.text)' is \(other.raw.kind.nounWithArticle), but this field takes \(kind.nounWithArticle)",
                                          code: "wrong-kind", at: reference.location))
            } else {
                let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(.error("unknown \(noun) '\(reference.text)'\(hint)", code: "dangling-reference", at: reference.location))
            }
        }
        return nil
    }

    // MARK: Notes

    /// Renders a note once, resolving its wiki links; returns the notes, the link targets and problems.
    func renderNotes(_ work: NoteWork, config: SiteConfig) -> (notes: Notes, links: [EntryRef], diagnostics: [Diagnostic]) {
        let danglingSeverity: Severity = config.danglingLinksAreWarnings ? .warning : .error
        var links: [EntryRef] = []
        var diagnostics: [Diagnostic] = []
        let raw = work.raw
        guard !raw.notes.isEmpty else { return (.empty, [], []) }
        let rendered = MarkdownRenderer.render(raw.notes, options: MarkdownOptions(unsafeHTML: config.unsafeHTML, lineOffset: raw.notesLineOffset, headingOffset: 2)) { link in
            let location = SourceLocation(path: raw.source.path, line: link.line, column: link.column + raw.notesColumnOffset)
            var target = link.target
            var kind: String?
            if let colon = target.firstIndex(of: ":"), let named = schema.kind(named: String(target[..<colon]).trimmingCharacters(in: .whitespaces)) {
                kind = named.id
                target = String(target[target.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
            switch lookup(target, in: work.ref.game, kind: kind) {
            case let .found(entry) where !isPublished(entry):
                diagnostics.append(draftWarning(entry, written: link.target, at: location))
            case let .found(entry):
                links.append(entry.ref)
                return .resolved(href: RelativeURL.from(work.page, to: page(of: entry)), title: entry.name)
            case let .ambiguous(entries):
                let list = entries.map { "\($0.raw.kind.id) '\($0.name)' (\($0.raw.source.path))" }.joined(separator: ", ")
                let fixes = entries.map { "[[\($0.raw.kind.id):\($0.ref.id)]]" }.joined(separator: " or ")
                diagnostics.append(.error("ambiguous link '\(link.target)': it names \(list); write \(fixes)",
                                          code: "ambiguous-link", at: location))
            case let .unknownGame(game):
                diagnostics.append(Diagnostic(danglingSeverity, "unknown game '\(game)' in link '\(link.target)'", code: "dangling-link", at: location))
            case let .missing(suggestion):
                // A `kind:` link whose target exists in another kind: name the right prefix.
                if kind != nil, case let .found(other) = lookup(target, in: work.ref.game, kind: nil) {
                    diagnostics.append(Diagnostic(danglingSeverity, "link to unknown page '\(link.target)': '\(target)' is \(other.raw.kind.nounWithArticle); write [[\(other.raw.kind.id):\(other.ref.id)]]",
                                                  code: "dangling-link", at: location))
                } else {
                    let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(Diagnostic(danglingSeverity, "link to unknown page '\(link.target)'\(hint)", code: "dangling-link", at: location))
                }
            }
            return .unresolved
        }
        let notes = Notes(markdown: raw.notes, html: rendered.html, plainText: rendered.plainText, headings: rendered.headings)
        return (notes, links, diagnostics)
    }
}
