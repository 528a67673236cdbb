/// The words pages use for kinds, fields and relations: the locale's for built-in ones the site
/// leaves as they are, the site's own (from `questlog.yml`) for custom or relabelled ones.
struct Labels: Sendable {
    var strings: UIStrings
    var schema: Schema

    /// The built-in kind of this id, when the site keeps its wording.
    private func builtIn(_ kind: Kind) -> Kind? {
        let original = kind.id == "game" ? Schema.builtIn.game : Schema.builtIn.kind(id: kind.id)
        return original.flatMap { $0.name == kind.name && $0.plural == kind.plural ? $0 : nil }
    }

    /// Whether `field` is a built-in field of `kind` with its built-in label.
    private func isBuiltIn(_ field: FieldDefinition, of kind: Kind) -> Bool {
        let original = kind.id == "game" ? Schema.builtIn.game : Schema.builtIn.kind(id: kind.id)
        return original?.field(named: field.name).map { $0.label == field.label && $0.type == field.type } ?? false
    }

    func kindName(_ kind: Kind) -> String {
        if let own = kind.translatedNames[strings.language] { return own }
        return builtIn(kind) != nil ? strings.optional("kinds.\(kind.id).name") ?? kind.name : kind.name
    }

    func kindPlural(_ kind: Kind) -> String {
        if let own = kind.translatedPlurals[strings.language] { return own }
        return builtIn(kind) != nil ? strings.optional("kinds.\(kind.id).plural") ?? kind.plural : kind.plural
    }

    func field(_ field: FieldDefinition, of kind: Kind) -> String {
        if let own = field.translatedLabels[strings.language] { return own }
        return isBuiltIn(field, of: kind) ? strings.optional("fields.\(kind.id).\(field.name)") ?? field.label : field.label
    }

    func relation(_ relation: Relation) -> String {
        guard let kind = schema.kind(id: relation.sourceKind), let field = kind.field(named: relation.field) else { return relation.label }
        if let own = field.translatedInverseLabels[strings.language] { return own }
        if field.inverseLabel == nil, !kind.translatedPlurals.isEmpty || !field.translatedLabels.isEmpty {
            // The default label, "Quests" or "NPCs (Home)", in this language's words.
            let plural = kindPlural(kind)
            return schema.inverseLabel(of: field, in: kind) == kind.plural ? plural : "\(plural) (\(self.field(field, of: kind)))"
        }
        let original = Schema.builtIn.kind(id: kind.id)?.field(named: field.name)
        let unchanged = original.map { $0.inverseLabel == field.inverseLabel && $0.type == field.type } ?? false
        return unchanged ? strings.optional("inverse.\(relation.sourceKind).\(relation.field)") ?? relation.label : relation.label
    }

    /// Locale keys of the built-in progress and highlight fields' wording.
    private static let progressKeys = ["quest.complete": "ui.quests_complete", "location.cleared": "ui.locations_cleared"]
    private static let highlightKeys = ["merchant": "ui.merchants", "smith_anvil": "ui.smith_anvils"]
    private static let stateKeys = ["quest.complete": ("ui.complete", "ui.incomplete"), "location.cleared": ("ui.cleared", "ui.not_cleared_state")]

    /// The label of a progress bar: "Quests complete", or "Bosses: Defeated" for a site's own field.
    func progress(_ field: FieldDefinition, of kind: Kind) -> String {
        if isBuiltIn(field, of: kind), builtIn(kind) != nil, let key = Self.progressKeys[kind.id + "." + field.name] { return strings[key] }
        return strings.format("ui.progress_field", ["kind": kindPlural(kind), "field": self.field(field, of: kind)])
    }

    /// The heading of a game page's highlight list: "Merchants", or the field's label.
    func highlight(_ field: FieldDefinition, of kind: Kind) -> String {
        if isBuiltIn(field, of: kind), let key = Self.highlightKeys[field.name] { return strings[key] }
        return self.field(field, of: kind)
    }

    /// An entry's state for a progress field: "Complete" / "Not complete", or "Defeated: Yes".
    func state(_ field: FieldDefinition, of kind: Kind, done: Bool) -> String {
        if isBuiltIn(field, of: kind), let keys = Self.stateKeys[kind.id + "." + field.name] { return strings[done ? keys.0 : keys.1] }
        return self.field(field, of: kind) + ": " + (done ? strings["ui.yes"] : strings["ui.no"])
    }
}
