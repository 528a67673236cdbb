import YAML
import Foundation
import Markdown

/// Resolves references in fields and wiki links in notes against the id and name index of every game.
struct ReferenceLookup: Sendable {
    var schema: Schema
    private(set) var indexes: [String: GameIndex]
    /// Drafts are published (`--drafts`); otherwise a reference to one is a warning and goes nowhere.
    var includeDrafts = false
    /// The site's files, for `url` fields and links in notes that name them.
    var assets = AssetIndex(assets: [], entryPages: [:])
    /// The same indexes side by side, so that an entry found is read where it is rather than copied.
    private var games: [GameIndex]
    private let slots: [String: Int]

    init(schema: Schema, indexes: [String: GameIndex], includeDrafts: Bool = false,
         assets: AssetIndex = AssetIndex(assets: [], entryPages: [:])) {
        self.init(schema: schema, games: indexes.keys.sorted { $0.utf8Precedes($1) }.map { indexes[$0]! },
                  includeDrafts: includeDrafts, assets: assets)
    }

    /// A lookup in these games, whose places in `games` are those of `Target.game`.
    init(schema: Schema, games: [GameIndex], includeDrafts: Bool = false,
         assets: AssetIndex = AssetIndex(assets: [], entryPages: [:])) {
        self.schema = schema
        self.includeDrafts = includeDrafts
        self.assets = assets
        var indexes: [String: GameIndex] = [:]
        var slots: [String: Int] = [:]
        for (slot, index) in games.enumerated() {
            indexes[index.id] = index
            slots[index.id] = slot
        }
        self.indexes = indexes
        self.games = games
        self.slots = slots
    }

    /// An entry of a game's index: the game's place in `games`, the entry's in its `entries`.
    struct Target: Sendable, Hashable {
        var game: Int32
        var entry: Int32

        init(game: Int, entry: Int) {
            self.game = Int32(game)
            self.entry = Int32(entry)
        }
    }

    /// The entry at `target`, read in place.
    subscript(_ target: Target) -> CheckedEntry {
        _read { yield games[Int(target.game)].entries[Int(target.entry)] }
    }

    /// The file of every entry indexed, drafts too (a data file once per entry).
    var sourcePaths: [String] {
        games.flatMap { $0.entries.map(\.raw.source.path) }
    }

    /// Gives the entry at `target` other notes, which embeds of it preview from now on.
    mutating func replaceNotes(at target: Target, with notes: String) {
        let id = games[Int(target.game)].id
        // Out of `indexes` while it changes, so the game's entries are changed in place, not copied.
        indexes[id] = nil
        games[Int(target.game)].entries[Int(target.entry)].raw.notes = notes
        indexes[id] = games[Int(target.game)]
    }

    /// Gives the entry at `target` other checked fields (references among them unchanged), fields
    /// its kind does not declare, and progress values it sets itself.
    mutating func replaceFields(at target: Target, with fields: [(field: FieldDefinition, value: PendingValue)], extra: [ExtraField],
                                progressFlags: [(key: YAMLNode, value: YAMLNode)]) {
        let id = games[Int(target.game)].id
        indexes[id] = nil
        games[Int(target.game)].entries[Int(target.entry)].fields = fields
        games[Int(target.game)].entries[Int(target.entry)].extra = extra
        games[Int(target.game)].entries[Int(target.entry)].raw.fields = progressFlags
        indexes[id] = games[Int(target.game)]
    }

    /// Gives the entry at `target` another name and other aliases, with their name keys
    /// (`GameIndex.rename`).
    mutating func rename(at target: Target, name: String, nameLocation: SourceLocation?, aliases: [String], keys: [String]) {
        let id = games[Int(target.game)].id
        indexes[id] = nil
        games[Int(target.game)].rename(at: Int(target.entry), name: name, nameLocation: nameLocation, aliases: aliases, keys: keys)
        indexes[id] = games[Int(target.game)]
    }

    /// Where the entry `ref` is in the indexes.
    func target(of ref: EntryRef) -> Target? {
        guard let slot = slots[ref.game], let position = games[slot].position(kind: ref.kind, id: ref.id) else { return nil }
        return Target(game: slot, entry: position)
    }

    /// The games' indexes, in the order of `Target.game`.
    var gameIndexes: [GameIndex] { games }

    /// Whether the entry is part of the build.
    func isPublished(_ entry: CheckedEntry) -> Bool {
        includeDrafts || !entry.isDraft
    }

    func isPublished(_ target: Target) -> Bool {
        includeDrafts || !self[target].isDraft
    }

    private func draftWarning(_ target: Target, written text: String, at location: SourceLocation) -> Diagnostic {
        .warning("'\(text)' is a draft (\(self[target].raw.source.path)), so it is not published and the reference shows as plain text",
                 code: "draft-reference", at: location)
    }

    /// What a reference names.
    enum Outcome {
        case found(CheckedEntry)
        case ambiguous([CheckedEntry])
        case missing(suggestion: String?)
        case unknownGame(String)
    }

    /// What a reference names, as places in the indexes.
    enum Match {
        case found(Target)
        case ambiguous([Target])
        case missing(suggestion: String?)
        case unknownGame(String)
    }

    private func outcome(_ match: Match) -> Outcome {
        switch match {
        case let .found(target): .found(self[target])
        case let .ambiguous(targets): .ambiguous(targets.map { self[$0] })
        case let .missing(suggestion): .missing(suggestion: suggestion)
        case let .unknownGame(game): .unknownGame(game)
        }
    }

    /// Looks `text` up in `game`; `game-id/rest` looks in another game; `kind` restricts the kinds searched.
    func lookup(_ text: String, in game: String, kind: String?) -> Outcome {
        outcome(match(text, in: game, kind: kind))
    }

    /// Looks `text` up among the entries of several kinds (a playthrough's list named after the
    /// progress field of more than one kind): found when exactly one entry of them all matches.
    func lookup(_ text: String, in game: String, kinds: [String]) -> Outcome {
        outcome(match(text, in: game, kinds: kinds))
    }

    /// `lookup(_:in:kind:)`, answering with places in the indexes.
    func match(_ text: String, in game: String, kind: String?) -> Match {
        var gameId = game
        var target = text.trimmedForLookup
        if let slash = Self.firstIndex(of: UInt8(ascii: "/"), in: target) {
            let prefix = String(target[..<slash])
            if slots[prefix] != nil {
                gameId = prefix
                target = String(target[target.index(after: slash)...]).trimmingWhitespace
            } else if Slug.isSlug(prefix) && !target.contains(" ") {
                return .unknownGame(prefix)
            }
        }
        guard let slot = slots[gameId] else { return .missing(suggestion: nil) }
        let found = games[slot].candidates(target, kind: kind, kinds: schema.kinds)
        switch found.count {
        case 0:
            let suggestion = Suggestion.closest(to: target, in: games[slot].spellings(kind: kind))
            return .missing(suggestion: suggestion.map { gameId == game ? $0 : "\(gameId)/\($0)" })
        case 1: return .found(Target(game: slot, entry: found[0]))
        default: return .ambiguous(found.map { Target(game: slot, entry: $0) })
        }
    }

    /// `lookup(_:in:kinds:)`, answering with places in the indexes.
    func match(_ text: String, in game: String, kinds: [String]) -> Match {
        if kinds.count == 1 { return match(text, in: game, kind: kinds[0]) }
        var found: [Target] = []
        var suggestions: [String] = []
        for kind in kinds {
            switch match(text, in: game, kind: kind) {
            case let .found(entry): found.append(entry)
            case let .ambiguous(entries): found += entries
            case let .missing(suggestion): if let suggestion { suggestions.append(suggestion) }
            case let .unknownGame(other): return .unknownGame(other)
            }
        }
        switch found.count {
        case 0: return .missing(suggestion: Suggestion.closest(to: text, in: suggestions))
        case 1: return .found(found[0])
        default: return .ambiguous(found)
        }
    }

    /// `text.firstIndex(of: Character(byte))` for an ASCII byte, found among the bytes: the byte's
    /// first place that starts a character made of that byte alone.
    static func firstIndex(of byte: UInt8, in text: String) -> String.Index? {
        let utf8 = text.utf8
        var position = utf8.startIndex
        // The first of the bytes looked for through a pointer, where the text's UTF-8 is stored as
        // such (as native strings are): most texts have none.
        if let first = utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: byte) }) {
            guard let first else { return nil }
            position = utf8.index(utf8.startIndex, offsetBy: first)
        }
        while let found = utf8[position...].firstIndex(of: byte) {
            let next = utf8.index(after: found)
            // A following byte below 0x80 starts a new character (but for the CR LF pair, which
            // these bytes are not part of); otherwise ask whether the byte is a character of its own.
            if next == utf8.endIndex || utf8[next] < 0x80 {
                if found == utf8.startIndex || utf8[utf8.index(before: found)] < 0x80 { return found }
            }
            if let character = String.Index(found, within: text), text[character] == Character(Unicode.Scalar(byte)) {
                return character
            }
            position = next
        }
        return nil
    }

    func page(of entry: CheckedEntry) -> String {
        entry.page.isEmpty ? RelativeURL.entryPage(game: entry.ref.game, folder: entry.raw.kind.folder, id: entry.ref.id) : entry.page
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
        let kinds = field.progressOf.count > 1 ? field.progressOf.compactMap { schema.kind(id: $0) } : nil
        let found = kinds.map { match(reference.text, in: entry.ref.game, kinds: $0.map(\.id)) }
            ?? match(reference.text, in: entry.ref.game, kind: kind.id)
        if case let .found(target) = found, isPublished(target) { return self[target].ref }
        let noun = (kinds ?? [kind]).map(\.noun).joined(separator: " or ")
        switch found {
        case let .found(target):
            diagnostics.append(draftWarning(target, written: reference.text, at: reference.location))
        case let .ambiguous(targets):
            let list = targets.map { "'\(self[$0].name)' (\(self[$0].raw.source))" }.joined(separator: ", ")
            diagnostics.append(.error("ambiguous \(noun) '\(reference.text)': it matches \(list); use the id",
                                      code: "ambiguous-reference", at: reference.location))
        case let .unknownGame(game):
            let hint = Suggestion.closest(to: game, in: indexes.keys.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            diagnostics.append(.error("unknown game '\(game)' in '\(reference.text)'\(hint)", code: "dangling-reference", at: reference.location))
        case let .missing(suggestion):
            // Name the real kind when the reference exists in another kind: a clearer fix than "did you mean".
            if case let .found(other) = match(reference.text, in: entry.ref.game, kind: nil) {
                let takes = (kinds ?? [kind]).map(\.nounWithArticle).joined(separator: " or ")
                diagnostics.append(.error("\(field.name): '\(reference.text)' is \(self[other].raw.kind.nounWithArticle), but this field takes \(takes)",
                                          code: "wrong-kind", at: reference.location))
            } else {
                let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(.error("unknown \(noun) '\(reference.text)'\(hint)", code: "dangling-reference", at: reference.location))
            }
        }
        return nil
    }

    // MARK: Notes

    /// What rendering a note gives: its notes, the entries it links to, the heading links to check
    /// once every note is rendered, and the problems found.
    struct RenderedNote: Sendable {
        var notes: Notes
        var links: [EntryRef]
        var headingLinks: [HeadingLink]
        var diagnostics: [Diagnostic]
        /// What the memo keeps of the note, under `key`; nil for a note without text.
        var record: NoteMemo.Record? = nil
        var key: UInt64 = 0
        /// Whether the record came from the memo rather than from rendering.
        var reused = false
        /// Where the entries of `links` are in the indexes, one for each.
        var targets: [Target] = []
        /// The entries the note embeds (`![[Name]]`), whose notes its preview shows, in order.
        var embeds: [Target] = []
    }

    /// Renders a note once, resolving its wiki links, embeds and links to the site's files; a note
    /// `memo` has a record of, whose every link and URL resolves as recorded, is not parsed again.
    func renderNotes(_ work: NoteWork, config: SiteConfig, memo: NoteMemo? = nil) -> RenderedNote {
        let danglingSeverity: Severity = config.danglingLinksAreWarnings ? .warning : .error
        var links: [EntryRef] = []
        var targets: [Target] = []
        var headingLinks: [HeadingLink] = []
        var diagnostics: [Diagnostic] = []
        var embeds: [Target] = []
        let raw = work.raw
        guard !raw.notes.isEmpty else { return RenderedNote(notes: .empty, links: [], headingLinks: [], diagnostics: []) }
        // Under the page's "Notes" <h2>, a note's highest heading is an <h3>, whether written `#` or `##`.
        let options = MarkdownOptions(unsafeHTML: config.unsafeHTML, lineOffset: raw.notesLineOffset, topHeadingLevel: 3,
                                      calloutTitles: work.calloutTitles)
        func resolve(_ link: WikiLink) -> WikiLinkResolution {
            let location = SourceLocation(path: raw.source.path, line: link.line, column: link.column + raw.notesColumnOffset)
            if link.isEmbed, let file = embeddedFile(link, in: work, at: location, diagnostics: &diagnostics) {
                return file
            }
            var target = link.target
            var heading: String?
            if let hash = Self.firstIndex(of: UInt8(ascii: "#"), in: target) {
                heading = String(target[target.index(after: hash)...]).trimmingWhitespace
                target = String(target[..<hash]).trimmingWhitespace
            }
            if target.isEmpty, let heading {
                // `[[#Heading]]`: a heading of this very note.
                headingLinks.append(HeadingLink(target: work.ref, heading: heading, written: link.target, location: location, severity: danglingSeverity))
                return .resolved(href: "#" + Heading.anchor(for: heading), title: heading)
            }
            var kind: String?
            if let colon = Self.firstIndex(of: UInt8(ascii: ":"), in: target),
               let named = schema.kind(named: String(target[..<colon]).trimmingWhitespace) {
                kind = named.id
                target = String(target[target.index(after: colon)...]).trimmingWhitespace
            }
            switch match(target, in: work.ref.game, kind: kind) {
            case let .found(entry) where !isPublished(entry):
                diagnostics.append(draftWarning(entry, written: link.target, at: location))
                return .text
            case let .found(entry):
                links.append(self[entry].ref)
                targets.append(entry)
                let href = RelativeURL.from(work.page, to: page(of: self[entry]))
                if link.isEmbed {
                    embeds.append(entry)
                    let preview = MarkdownRenderer.summary(self[entry].raw.notes)
                    return .embed(href: href, title: self[entry].name, previewHTML: preview.html)
                }
                if let heading, !heading.isEmpty {
                    headingLinks.append(HeadingLink(target: self[entry].ref, heading: heading, written: link.target, location: location, severity: danglingSeverity))
                    return .resolved(href: href + "#" + Heading.anchor(for: heading), title: self[entry].name)
                }
                return .resolved(href: href, title: self[entry].name)
            case let .ambiguous(targets):
                let list = targets.map { "\(self[$0].raw.kind.id) '\(self[$0].name)' (\(self[$0].raw.source.path))" }.joined(separator: ", ")
                let fixes = targets.map { "[[\(self[$0].raw.kind.id):\(self[$0].ref.id)]]" }.joined(separator: " or ")
                diagnostics.append(.error("ambiguous link '\(link.target)': it names \(list); write \(fixes)",
                                          code: "ambiguous-link", at: location))
            case let .unknownGame(game):
                diagnostics.append(Diagnostic(danglingSeverity, "unknown game '\(game)' in link '\(link.target)'", code: "dangling-link", at: location))
            case let .missing(suggestion):
                // A `kind:` link whose target exists in another kind: name the right prefix.
                if kind != nil, case let .found(found) = match(target, in: work.ref.game, kind: nil) {
                    let other = self[found]
                    diagnostics.append(Diagnostic(danglingSeverity, "link to unknown page '\(link.target)': '\(target)' is \(other.raw.kind.nounWithArticle); write [[\(other.raw.kind.id):\(other.ref.id)]]",
                                                  code: "dangling-link", at: location))
                } else {
                    let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(Diagnostic(danglingSeverity, "link to unknown page '\(link.target)'\(hint)", code: "dangling-link", at: location))
                }
            }
            return .unresolved
        }
        func rewriteURL(_ url: LinkURL) -> LinkURLRewrite {
            rewrite(url, in: work, columnOffset: raw.notesColumnOffset, diagnostics: &diagnostics)
        }
        let key = NoteMemo.key(markdown: raw.notes, options: options,
                               calloutKey: work.calloutKey ?? NoteMemo.calloutKey(work.calloutTitles))
        let length = raw.notes.utf8.count
        if let record = memo?.record(for: key, sourceLength: length) {
            // Asked again in the same order, the questions make the links and diagnostics a
            // rendering would; the first answer that differs means rendering afresh.
            let same = record.questions.allSatisfy { question in
                switch question {
                case let .link(link, answer): resolve(link) == answer
                case let .url(url, answer): rewriteURL(url) == answer
                }
            }
            if same {
                let notes = Notes(markdown: raw.notes, html: record.html, plainText: record.plainText, headings: record.headings,
                                  tags: record.tags)
                return RenderedNote(notes: notes, links: links, headingLinks: headingLinks, diagnostics: diagnostics,
                                    record: record, key: key, reused: true, targets: targets, embeds: embeds)
            }
            links = []
            targets = []
            embeds = []
            headingLinks = []
            diagnostics = []
        }
        var questions: [NoteMemo.Question] = []
        let rendered = MarkdownRenderer.render(raw.notes, options: options, resolve: { link in
            let answer = resolve(link)
            questions.append(.link(link, answer))
            return answer
        }, rewriteURL: { url in
            let answer = rewriteURL(url)
            questions.append(.url(url, answer))
            return answer
        })
        let notes = Notes(markdown: raw.notes, html: rendered.html, plainText: rendered.plainText, headings: rendered.headings,
                          tags: rendered.tags)
        let record = NoteMemo.Record(sourceLength: length, html: rendered.html, plainText: rendered.plainText,
                                     headings: rendered.headings, tags: rendered.tags, questions: questions)
        return RenderedNote(notes: notes, links: links, headingLinks: headingLinks, diagnostics: diagnostics,
                            record: record, key: key, targets: targets, embeds: embeds)
    }

    /// `![[map.png]]` and `![[map.png|300]]`: a file of the game found by name. Nil when the target
    /// names no file and has no file extension, so it is looked up as an entry instead.
    private func embeddedFile(_ link: WikiLink, in work: NoteWork, at location: SourceLocation,
                              diagnostics: inout [Diagnostic]) -> WikiLinkResolution? {
        let found = assets.find(named: link.target, inGame: work.ref.game)
        let width = link.label.flatMap { label in Int(label.split(separator: "x").first ?? "") }
        let alt = width == nil ? (link.label ?? Self.fileStem(link.target)) : Self.fileStem(link.target)
        switch found.count {
        case 1:
            let src = RelativeURL.from(work.page, to: AssetIndex.percentEncoded(found[0].outputPath))
            return .image(src: src, alt: alt, width: width)
        case 0:
            guard Self.hasFileExtension(link.target) else { return nil }
            diagnostics.append(.error("no file named '\(link.target)' in this game to embed", code: "missing-file", at: location))
            return .unresolved
        default:
            let list = found.map { "'\($0.path)'" }.joined(separator: ", ")
            diagnostics.append(.error("'\(link.target)' names several files: \(list); write more of the path, such as ![[\(found[0].outputPath.drop { $0 != "/" }.dropFirst())]]",
                                      code: "ambiguous-file", at: location))
            return .unresolved
        }
    }

    /// A relative link or image in a note: the site file it names, from the note's own file, linked
    /// from the page the note is shown on. Web links, `mailto:` and `#fragments` stay as they are.
    private func rewrite(_ url: LinkURL, in work: NoteWork, columnOffset: Int, diagnostics: inout [Diagnostic]) -> LinkURLRewrite {
        let text = url.url
        if text.isEmpty || text.hasPrefix("#") || text.hasPrefix("//") || Self.hasScheme(text) { return .keep }
        let location = SourceLocation(path: work.raw.source.path, line: url.line, column: url.column + columnOffset)
        let what = url.isImage ? "image" : "link"
        switch assets.resolve(text, from: work.raw.source.path) {
        case let .found(outputPath):
            return .replace(RelativeURL.from(work.page, to: outputPath))
        case let .missing(suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            diagnostics.append(.error("\(what) to a missing file '\(text)'\(hint)", code: "missing-file", at: location))
        case .outsideContent:
            diagnostics.append(.error("\(what) '\(text)' leads outside \(SiteLoader.contentFolder)/; keep the file inside the site's content",
                                      code: "path-outside-content", at: location))
        case .notAFile:
            diagnostics.append(.error("\(what) '\(text)' names a folder, not a file", code: "missing-file", at: location))
        }
        return .remove
    }

    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        return !scheme.isEmpty && !scheme.contains("/") && scheme.first?.isLetter == true
    }

    private static func hasFileExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        let ext = name[name.index(after: dot)...]
        return !ext.isEmpty && ext.count <= 5 && ext.allSatisfy { $0.isLetter || $0.isNumber }
    }

    private static func fileStem(_ name: String) -> String {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
