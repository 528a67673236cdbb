/// The words pages use for kinds, fields and relations: the locale's for built-in ones, the
/// site's own (from `questlog.yml`) for custom ones.
struct Labels: Sendable {
    var strings: UIStrings
    var schema: Schema

    private func isBuiltIn(_ kind: String) -> Bool {
        kind == "game" || Schema.builtIn.kind(id: kind) != nil
    }

    func kindName(_ kind: Kind) -> String {
        isBuiltIn(kind.id) ? strings.optional("kinds.\(kind.id).name") ?? kind.name : kind.name
    }

    func kindPlural(_ kind: Kind) -> String {
        isBuiltIn(kind.id) ? strings.optional("kinds.\(kind.id).plural") ?? kind.plural : kind.plural
    }

    func field(_ field: FieldDefinition, of kind: Kind) -> String {
        isBuiltIn(kind.id) ? strings.optional("fields.\(kind.id).\(field.name)") ?? field.label : field.label
    }

    func relation(_ relation: Relation) -> String {
        isBuiltIn(relation.sourceKind) ? strings.optional("inverse.\(relation.sourceKind).\(relation.field)") ?? relation.label : relation.label
    }
}
