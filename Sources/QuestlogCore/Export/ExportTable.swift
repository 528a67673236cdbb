import Foundation

/// The entries of one kind in one game as the exports lay them out: the header of `KindLayout`
/// and one row of typed cells per entry, in the game's order.
///
/// Booleans are booleans (an absent one is `false`), integers, numbers and dates keep their type,
/// lists are joined by `; `, references are their targets' display names joined by `; ` with the
/// ids in the sibling `_ids` cells (`game/id` for an entry of another game), notes are plain text
/// and `url` the entry's page relative to the output root. An absent value is empty text.
struct ExportTable: Sendable {
    var header: [String]
    var entries: [Entry]
    var rows: [[ExportCell]]

    /// The table of a game's entries of a kind, rows made on up to `jobs` threads.
    init(game: Game, layout: KindLayout, site: Site, jobs: Int = 1) {
        let columns = Columns(game: game, layout: layout, site: site)
        entries = columns.entries
        header = columns.header
        rows = Parallel.map(columns.entries, jobs: jobs) { columns.row($0) }
    }

    /// The header and entries of a table, whose rows are made one at a time when asked for, so that
    /// a format can write them in batches without holding the whole table.
    struct Columns: Sendable {
        var header: [String]
        var entries: [Entry]
        private var game: String
        private var layout: KindLayout
        private var extras: [ExtraColumn]
        private var site: Site

        init(game: Game, layout: KindLayout, site: Site) {
            let entries = game.entries(of: layout.kind.id)
            extras = layout.extraColumns(for: entries)
            self.entries = entries
            header = layout.header(extras: extras)
            self.game = game.id
            self.layout = layout
            self.site = site
        }

        /// The row of one of `entries`.
        func row(_ entry: Entry) -> [ExportCell] {
            ExportTable.row(entry, game: game, layout: layout, extras: extras, site: site)
        }

        /// The column of the entries' notes: the one cell of a row that changes when nothing but
        /// the entry's notes do.
        var notesColumn: Int {
            header.count - 2
        }
    }

    /// The cell of an entry's notes in its row (`Columns.notesColumn`). Notes kept as the memo's
    /// bytes give their plain text's bytes, trimmed of ASCII white space, when what is left begins
    /// and ends in ASCII (so no white space beyond ASCII is left at its ends): no string is made
    /// of them, for the CSV file, for the workbook and for its column's width. Other notes are
    /// trimmed as strings.
    static func notesCell(_ entry: Entry) -> ExportCell {
        if let encoded = entry.notes.encoded {
            let range = encoded.range(Notes.Text.plainText.rawValue)
            let bytes = encoded.bytes
            func space(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            var start = range.lowerBound, end = range.upperBound
            while start < end && space(bytes[start]) { start += 1 }
            while end > start && space(bytes[end - 1]) { end -= 1 }
            if start == end || (bytes[start] < 0x80 && bytes[end - 1] < 0x80) {
                return .utf8(bytes[start..<end])
            }
        }
        return .text(trimmed(entry.notes.plainText))
    }

    /// The header then the rows, as CSV cell texts before encoding.
    var textRows: [[String]] {
        [header] + rows.map { $0.map(\.text) }
    }

    fileprivate static func row(_ entry: Entry, game: String, layout: KindLayout, extras: [ExtraColumn], site: Site) -> [ExportCell] {
        func ids(_ refs: [EntryRef]) -> ExportCell {
            .text(refs.map { $0.exportID(in: game) }.joined(separator: "; "))
        }
        var cells: [ExportCell] = []
        cells.reserveCapacity(5 + layout.fields.count * 2 + layout.relations.count * 2 + extras.count)
        cells.append(.text(entry.id))
        cells.append(.text(entry.name))
        cells.append(.text(entry.displayName))
        // Each column read in place: a column copied is its field definition's dozen strings and
        // tables counted up and down again, for every entry.
        for index in layout.fields.indices {
            let value = entry.fields[layout.fields[index].field.name]
            cells.append(value.map { cell($0, site: site) } ?? (layout.fields[index].field.type == .bool ? .bool(false) : .text("")))
            if layout.fields[index].idsColumn != nil {
                cells.append(ids(value?.references ?? []))
            }
        }
        for index in layout.relations.indices {
            let related = KindLayout.related(entry, layout.relations[index])
            cells.append(names(related, site: site))
            cells.append(ids(related))
        }
        for column in extras {
            cells.append(entry.extra.first { $0.name == column.field }.map { cell($0.value, site: site) } ?? .text(""))
        }
        cells.append(notesCell(entry))
        cells.append(.text(entry.path))
        return cells
    }

    /// `text` without leading and trailing white space (`whitespacesAndNewlines`). Text whose
    /// ends are ASCII is trimmed by its bytes, without a trip through Foundation: ASCII white space
    /// is tab to carriage return and space, and no other ASCII byte is. Other text is trimmed by
    /// the scalars at its ends (`trimmingWhitespaceAndNewlines`), not by bridging it whole.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func visible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        if visible(first) && visible(last) { return text }
        func space(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        let bytes = text.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end && space(bytes[start]) { start = bytes.index(after: start) }
        while end > start && space(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        // A byte past the white space that is not ASCII may be white space of its own.
        if start < end && (bytes[start] >= 0x80 || bytes[bytes.index(before: end)] >= 0x80) {
            return text.trimmingWhitespaceAndNewlines
        }
        return start == bytes.startIndex && end == bytes.endIndex ? text : String(text[start..<end])
    }

    private static func cell(_ value: FieldValue, site: Site) -> ExportCell {
        switch value {
        case let .string(text), let .text(text), let .url(text): return .text(text)
        case let .date(text): return .date(text)
        case let .bool(flag): return .bool(flag)
        case let .int(number): return .int(number)
        case let .number(number): return .number(number)
        case let .list(items): return .text(items.joined(separator: "; "))
        case let .ref(target): return names([target], site: site)
        case let .refs(targets): return names(targets, site: site)
        }
    }

    /// Display names, so that entries sharing a name are told apart.
    private static func names(_ refs: [EntryRef], site: Site) -> ExportCell {
        // Each display name appended as it is found: the targets' names and paths are not needed.
        var text = ""
        for (index, ref) in refs.enumerated() {
            if index > 0 { text += "; " }
            text += site.exportDisplayName(ref)
        }
        return .text(text)
    }
}
