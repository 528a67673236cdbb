/// How a kind appears in the exports: its fields and inverse relations with their column names.
///
/// The layout comes from the schema alone, never from the data, so every JSON entry of a kind has
/// the same keys and every CSV file of a kind the same columns but those of its extra fields.
/// Columns are `id`, `name`, `display_name`, each field in schema order (a reference field followed
/// by `<field>_ids`), each inverse relation followed by `<relation>_ids`, the file's extra fields
/// (see `extraColumns(for:)`), `notes` and `url`.
///
/// An inverse relation is named after the inverse label its field declares, in snake case
/// (`NPCs here` → `npcs_here`, `Sub-locations` → `sub_locations`), or `<source kind>_<field>` when
/// the field declares none (a `boss` kind's `arena: ref location` gives locations `boss_arena`).
/// A name already taken by an earlier column gets `_2`, `_3`, … so that every column stays unique
/// (`ColumnNames`).
struct KindLayout: Sendable, Hashable {
    var kind: Kind
    var fields: [FieldColumn]
    var relations: [RelationColumn]
    /// The names the schema's columns take, which extra fields' columns must not.
    private var names: ColumnNames

    static let idColumn = "id"
    static let nameColumn = "name"
    static let displayNameColumn = "display_name"
    static let notesColumn = "notes"
    static let urlColumn = "url"

    init(kind: Kind, schema: Schema) {
        self.kind = kind
        var names = ColumnNames(reserved: [Self.idColumn, Self.nameColumn, Self.displayNameColumn,
                                           Self.notesColumn, Self.urlColumn])
        fields = kind.fields.map { field in
            let column = names.claim(field.name)
            let ids = field.type.referencedKind == nil ? nil : names.claim(column + "_ids")
            return FieldColumn(field: field, column: column, idsColumn: ids)
        }
        relations = schema.inverseRelations(of: kind.id).map { relation in
            let name = names.claim(Self.relationName(source: relation.source, field: relation.field))
            let label = schema.inverseLabel(of: relation.field, in: relation.source)
            return RelationColumn(sourceKind: relation.source.id, field: relation.field.name, name: name,
                                  idsColumn: names.claim(name + "_ids"), label: label)
        }
        self.names = names
    }

    /// The columns of the extra fields of `entries`, in the order they are first seen (entries in
    /// the order given, each entry's extras in the order written), each named after its field and
    /// made unique against every other column.
    func extraColumns(for entries: [Entry]) -> [ExtraColumn] {
        var names = names
        var seen: Set<String> = []
        return entries.flatMap(\.extra).compactMap { extra in
            guard seen.insert(extra.name).inserted else { return nil }
            return ExtraColumn(field: extra.name, column: names.claim(extra.name))
        }
    }

    /// The CSV header row of a file whose extra fields have the columns `extras`.
    func header(extras: [ExtraColumn] = []) -> [String] {
        [Self.idColumn, Self.nameColumn, Self.displayNameColumn]
            + fields.flatMap { [$0.column] + ($0.idsColumn.map { [$0] } ?? []) }
            + relations.flatMap { [$0.name, $0.idsColumn] }
            + extras.map(\.column)
            + [Self.notesColumn, Self.urlColumn]
    }

    /// The base name of the inverse relation that `field` of `source` creates, before uniquing.
    static func relationName(source: Kind, field: FieldDefinition) -> String {
        if let label = field.inverseLabel {
            let name = snakeCase(label)
            if !name.isEmpty { return name }
        }
        return snakeCase(source.id) + "_" + field.name
    }

    /// `NPCs here` → `npcs_here`; accents are folded and other scripts transliterated, as in slugs.
    static func snakeCase(_ text: String) -> String {
        Slug.make(text).replacingOccurrences(of: "-", with: "_")
    }

    /// The entries of the inverse relation `column` of `entry`, empty when none refer to it.
    static func related(_ entry: Entry, _ column: RelationColumn) -> [EntryRef] {
        entry.inverse.first { $0.sourceKind == column.sourceKind && $0.field == column.field }?.entries ?? []
    }
}
