import Foundation

/// Reads a `progress.csv` back after a spreadsheet edit (`id,kind,name,<playthrough>…`, one row per
/// progress entry, a mark per playthrough) and works out, per playthrough, which entries to mark
/// and unmark, with the edited bytes of each playthrough file. Nothing is written here.
public struct ProgressImport: Sendable {
    /// One entry to mark (`done`) or unmark.
    public struct Change: Sendable, Hashable {
        public var target: ProgressTarget
        public var done: Bool
    }

    /// What changes in one playthrough's file.
    public struct Plan: Sendable {
        public var playthrough: PlaythroughFile
        public var original: [UInt8]
        public var edited: [UInt8]
        public var changes: [Change]
    }

    public var game: String
    /// Every playthrough the file has a column for (or the one asked for), in column order.
    public var plans: [Plan]

    /// Reads `bytes` (the CSV at `path`, as diagnostics name it) against the site: the import, or
    /// nil and the errors found (every one, each at its row and column).
    /// - Parameters:
    ///   - game: The game the file is for; nil to take the one whose playthroughs the columns name.
    ///   - only: A playthrough (id or name) whose column alone is imported.
    public static func read(_ bytes: [UInt8], path: String, catalog: ProgressCatalog, game: String?,
                            only: String? = nil) -> (ProgressImport?, DiagnosticList) {
        func error(_ message: String, code: String = "invalid-progress-csv", line: Int, column: Int) -> DiagnosticList {
            DiagnosticList([.error(message, code: code, at: SourceLocation(path: path, line: line, column: column))])
        }
        let table: CSVTable
        do {
            table = try CSVTable(bytes: bytes)
        } catch {
            guard case let .invalid(message, line, column) = error else { return (nil, DiagnosticList()) }
            return (nil, DiagnosticList([.error(message, code: "invalid-progress-csv", at: SourceLocation(path: path, line: line, column: column))]))
        }
        var rows = table.rows.filter { row in !row.allSatisfy { $0.text.trimmingCharacters(in: .whitespaces).isEmpty } }
        guard !rows.isEmpty else { return (nil, error("the file is empty: it needs the header id,kind,name,<playthrough>…", line: 1, column: 1)) }
        let header = rows.removeFirst()
        let fixed = ["id", "kind", "name"]
        for (index, name) in fixed.enumerated() {
            guard index < header.count, header[index].text.trimmingCharacters(in: .whitespaces).lowercased() == name else {
                let cell = index < header.count ? header[index] : header[header.count - 1]
                return (nil, error("the header must start with id,kind,name (as exports/<game>/progress.csv does), not '\(index < header.count ? header[index].text : "")'",
                                      line: cell.line, column: index + 1))
            }
        }
        var diagnostics = DiagnosticList()
        // Columns after the fixed ones name playthroughs; empty trailing ones are ignored.
        var columns = Array(header.dropFirst(fixed.count))
        while let last = columns.last, last.text.trimmingCharacters(in: .whitespaces).isEmpty { columns.removeLast() }
        let names = columns.map { $0.text.trimmingCharacters(in: .whitespaces) }
        let chosenGame: String
        if let game {
            chosenGame = game
        } else {
            let games = Set(catalog.playthroughs.map(\.game)).sorted()
            let fitting = games.filter { game in names.allSatisfy { name in (try? catalog.playthrough(name, game: game)) != nil } }
            if fitting.count == 1 {
                chosenGame = fitting[0]
            } else if games.count == 1 {
                chosenGame = games[0]
            } else {
                return (nil, DiagnosticList([.error("cannot tell which game \(path) is for: pass --game (\(games.joined(separator: ", ")))",
                                                       code: "ambiguous-game", at: SourceLocation(path: path, line: 1, column: 1))]))
            }
        }
        var columnPlaythroughs: [(column: Int, playthrough: PlaythroughFile)] = []
        for (offset, cell) in columns.enumerated() {
            let name = names[offset]
            let column = fixed.count + offset + 1
            if name.isEmpty {
                diagnostics.append(.error("a column without a name: name it after a playthrough, or delete it", code: "unknown-column",
                                          at: SourceLocation(path: path, line: cell.line, column: column)))
                continue
            }
            do {
                let playthrough = try catalog.playthrough(name, game: chosenGame)
                if let earlier = columnPlaythroughs.first(where: { $0.playthrough == playthrough }) {
                    diagnostics.append(.error("a second column for playthrough '\(playthrough.id)' (the first is column \(earlier.column))",
                                              code: "duplicate-column", at: SourceLocation(path: path, line: cell.line, column: column)))
                    continue
                }
                columnPlaythroughs.append((column, playthrough))
            } catch let problem {
                diagnostics.append(.error("unknown column '\(name)': \(problem.message)", code: "unknown-column",
                                          at: SourceLocation(path: path, line: cell.line, column: column)))
            }
        }
        if let only {
            do {
                let wanted = try catalog.playthrough(only, game: chosenGame)
                guard columnPlaythroughs.contains(where: { $0.playthrough == wanted }) else {
                    diagnostics.append(.error("the file has no column for playthrough '\(wanted.id)'", code: "unknown-column",
                                              at: SourceLocation(path: path, line: header[0].line, column: 1)))
                    return (nil, diagnostics)
                }
                columnPlaythroughs = columnPlaythroughs.filter { $0.playthrough == wanted }
            } catch let problem {
                diagnostics.append(problem)
            }
        }

        // Rows: an entry each, with a mark per playthrough column.
        var targetsByKey: [String: ProgressTarget] = [:]
        let targets = catalog.targets(in: chosenGame)
        for target in targets { targetsByKey[target.ref.kind + "\u{0}" + target.ref.id] = target }
        var seen: [String: Int] = [:]
        var wanted: [(target: ProgressTarget, marks: [Int: Bool])] = []
        for row in rows {
            let line = row[0].line
            let id = row[0].text.trimmingCharacters(in: .whitespaces)
            let kindText = row.count > 1 ? row[1].text.trimmingCharacters(in: .whitespaces) : ""
            guard let kind = catalog.schema.kind(named: kindText) ?? catalog.schema.kinds.first(where: { [$0.id, $0.name, $0.plural, $0.folder].contains { $0.lowercased() == kindText.lowercased() } }) else {
                let hint = Suggestion.closest(to: kindText, in: catalog.schema.kinds.map(\.id)).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(.error("unknown kind '\(kindText)'\(hint)", code: "unknown-kind", at: SourceLocation(path: path, line: line, column: 2)))
                continue
            }
            guard let target = targetsByKey[kind.id + "\u{0}" + id] else {
                let spellings = targets.filter { $0.ref.kind == kind.id }.map(\.ref.id)
                let hint = Suggestion.closest(to: id, in: spellings).map { " (did you mean '\($0)'?)" } ?? ""
                let what = spellings.isEmpty && !catalog.schema.progressFields.contains(where: { $0.kind.id == kind.id })
                    ? "\(kind.plural) have no progress to import: '\(id)'" : "unknown \(kind.noun) '\(id)'\(hint)"
                diagnostics.append(.error(what, code: "dangling-reference", at: SourceLocation(path: path, line: line, column: 1)))
                continue
            }
            let key = kind.id + "\u{0}" + id
            if let first = seen[key] {
                diagnostics.append(.error("duplicate row for \(kind.noun) '\(id)' (first on row \(first))", code: "duplicate-row",
                                          at: SourceLocation(path: path, line: line, column: 1)))
                continue
            }
            seen[key] = line
            var marks: [Int: Bool] = [:]
            for (column, _) in columnPlaythroughs {
                let text = column - 1 < row.count ? row[column - 1].text : ""
                guard let done = Self.mark(text) else {
                    diagnostics.append(.error("'\(text)' is not a mark: write true or false (x, ✓, 1, yes; empty, 0, no)",
                                              code: "invalid-mark", at: SourceLocation(path: path, line: line, column: column)))
                    continue
                }
                marks[column] = done
            }
            // Cells past the header must be empty (spreadsheets add empty ones).
            for cell in row.dropFirst(fixed.count + columns.count) where !cell.text.trimmingCharacters(in: .whitespaces).isEmpty {
                diagnostics.append(.error("a value in a column without a header", code: "unknown-column",
                                          at: SourceLocation(path: path, line: cell.line, column: cell.column)))
            }
            wanted.append((target, marks))
        }
        if diagnostics.hasErrors { return (nil, diagnostics) }

        var plans: [Plan] = []
        for (column, playthrough) in columnPlaythroughs {
            guard let original = FileManager.default.contents(atPath: catalog.root + "/" + playthrough.path).map({ [UInt8]($0) }) else {
                diagnostics.append(.error("cannot read \(playthrough.path)", code: "edit-failed", at: SourceLocation(path: playthrough.path)))
                continue
            }
            var editor = FrontMatterListEditor(bytes: original, path: playthrough.path)
            var changes: [Change] = []
            do {
                for (target, marks) in wanted {
                    guard let done = marks[column] else { continue }
                    if try catalog.set(target, done: done, in: &editor) { changes.append(Change(target: target, done: done)) }
                }
            } catch let problem {
                diagnostics.append(problem)
                continue
            }
            plans.append(Plan(playthrough: playthrough, original: original, edited: editor.bytes, changes: changes))
        }
        if diagnostics.hasErrors { return (nil, diagnostics) }
        return (ProgressImport(game: chosenGame, plans: plans), diagnostics)
    }

    /// A cell as a mark: true, false, or nil when it is neither.
    public static func mark(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "x", "✓", "✔", "☑", "1", "yes", "y", "wahr", "vrai": return true
        case "false", "", "0", "no", "n", "-", "☐", "falsch", "faux": return false
        default: return nil
        }
    }
}
