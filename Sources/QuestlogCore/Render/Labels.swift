import Immortal

/// The words pages use for kinds, fields and relations: the locale's for built-in ones the site
/// leaves as they are, the site's own (from `questlog.yml`) for custom or relabelled ones.
struct Labels: Sendable {
    let strings: UIStrings
    let schema: Schema
    /// The words of the schema's kinds and fields, worked out once (pages ask for them for every
    /// entry, and each answer looked kinds and fields up by name, copying them): by kind id, with
    /// the name and plural they were worked out from. They answer for the kinds and fields of
    /// `schema`, which is what pages pass: a kind of that id, name and plural (a field of that
    /// name and label) is taken for the schema's own.
    private var kindWords: [String: (name: String, plural: String, singular: String, pluralWord: String, ofEntries: Bool)] = [:]
    /// By kind id, then field name: the field's label as given, its wording, and an entry's state
    /// for it done and not done (`state`).
    private var fieldWords: [String: [String: (label: String, text: String, done: String, open: String)]] = [:]
    /// By kind id, then field name: the label of the relation that field makes from the other side;
    /// nil for the relation's own label.
    private var relationWords: [String: [String: String?]] = [:]
    /// By kind id: each field's name and label, in the kind's order, and beside them its wording
    /// (`field(_:of:)`), for a page that shows every field of an entry to ask once.
    private var fieldLists: [String: (fields: [(name: String, label: String)], texts: [String])] = [:]

    /// - Parameter remembering: whether the words of the schema's kinds and fields are worked out
    ///   once, here (false: each time they are asked for, as a reference for tests).
    init(strings: UIStrings, schema: Schema, remembering: Bool = true) {
        self.strings = strings
        self.schema = schema
        guard remembering else { return }
        var kinds: [String: (name: String, plural: String, singular: String, pluralWord: String, ofEntries: Bool)] = [:]
        var fields: [String: [String: (label: String, text: String, done: String, open: String)]] = [:]
        var relations: [String: [String: String?]] = [:]
        for (index, kind) in (schema.kinds + [schema.game]).enumerated() where kinds[kind.id] == nil {
            kinds[kind.id] = (kind.name, kind.plural, kindName(kind), kindPlural(kind), index < schema.kinds.count)
            var byName: [String: (label: String, text: String, done: String, open: String)] = [:]
            var inverse: [String: String?] = [:]
            for field in kind.fields where byName[field.name] == nil {
                byName[field.name] = (field.label, self.field(field, of: kind),
                                      state(field, of: kind, done: true), state(field, of: kind, done: false))
                inverse[field.name] = relationWording(of: field, in: kind)
            }
            fields[kind.id] = byName
            // Relations come from the kinds of entries (`Schema.kind(id:)`), not from the game.
            if index < schema.kinds.count { relations[kind.id] = inverse }
        }
        kindWords = kinds
        fieldWords = fields
        relationWords = relations
        var lists: [String: (fields: [(name: String, label: String)], texts: [String])] = [:]
        for kind in schema.kinds + [schema.game] where lists[kind.id] == nil {
            lists[kind.id] = (kind.fields.map { ($0.name, $0.label) }, kind.fields.map { field($0, of: kind) })
        }
        fieldLists = lists
    }

    /// `field(_:of:)` of each field of `kind`, in its order.
    func fieldLabels(of kind: Kind) -> [String] {
        // The fields compared in place, by position: zipped, each pair was copied.
        if let list = fieldLists[kind.id], list.fields.count == kind.fields.count,
           list.fields.indices.allSatisfy({ list.fields[$0].name == kind.fields[$0].name && list.fields[$0].label == kind.fields[$0].label }) {
            return list.texts
        }
        return kind.fields.map { field($0, of: kind) }
    }

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
        if let words = kindWords[kind.id], words.name == kind.name, words.plural == kind.plural { return words.singular }
        if let own = kind.translatedNames[strings.language] { return own }
        return builtIn(kind) != nil ? strings.optional("kinds.\(kind.id).name") ?? kind.name : kind.name
    }

    /// The name of the schema's kind of entries `id` (`Schema.kind(id:)`, not the game), nil when
    /// it has none: every link shows one.
    func kindName(id: String) -> String? {
        if kindWords.isEmpty { return schema.kind(id: id).map(kindName) }
        guard let words = kindWords[id], words.ofEntries else { return nil }
        return words.singular
    }

    func kindPlural(_ kind: Kind) -> String {
        if let words = kindWords[kind.id], words.name == kind.name, words.plural == kind.plural { return words.pluralWord }
        if let own = kind.translatedPlurals[strings.language] { return own }
        return builtIn(kind) != nil ? strings.optional("kinds.\(kind.id).plural") ?? kind.plural : kind.plural
    }

    func field(_ field: FieldDefinition, of kind: Kind) -> String {
        if let words = fieldWords[kind.id]?[field.name], words.label == field.label { return words.text }
        if let own = field.translatedLabels[strings.language] { return own }
        return isBuiltIn(field, of: kind) ? strings.optional("fields.\(kind.id).\(field.name)") ?? field.label : field.label
    }

    func relation(_ relation: Relation) -> String {
        if let words = relationWords[relation.sourceKind]?[relation.field] { return words ?? relation.label }
        guard let kind = schema.kind(id: relation.sourceKind), let field = kind.field(named: relation.field) else { return relation.label }
        return relationWording(of: field, in: kind) ?? relation.label
    }

    /// The label of the relation `field` of `kind` makes from the other side, in this language's
    /// words; nil where that is the relation's own label.
    private func relationWording(of field: FieldDefinition, in kind: Kind) -> String? {
        if let own = field.translatedInverseLabels[strings.language] { return own }
        if field.inverseLabel == nil, !kind.translatedPlurals.isEmpty || !field.translatedLabels.isEmpty {
            // The default label, "Quests" or "NPCs (Home)", in this language's words.
            let plural = kindPlural(kind)
            return schema.inverseLabel(of: field, in: kind) == kind.plural ? plural : "\(plural) (\(self.field(field, of: kind)))"
        }
        let original = Schema.builtIn.kind(id: kind.id)?.field(named: field.name)
        let unchanged = original.map { $0.inverseLabel == field.inverseLabel && $0.type == field.type } ?? false
        return unchanged ? strings.optional("inverse.\(kind.id).\(field.name)") : nil
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
        if let words = fieldWords[kind.id]?[field.name], words.label == field.label { return done ? words.done : words.open }
        if isBuiltIn(field, of: kind), let keys = Self.stateKeys[kind.id + "." + field.name] { return strings[done ? keys.0 : keys.1] }
        return self.field(field, of: kind) + ": " + (done ? strings["ui.yes"] : strings["ui.no"])
    }
}

extension Labels {
    /// Makes the objects of these labels and the words worked out of them immortal (`Immortal`).
    func makeImmortal() {
        strings.makeImmortal()
        Immortal.dictionary(kindWords)
        for (kind, words) in kindWords {
            Immortal.string(kind)
            Immortal.string(words.name)
            Immortal.string(words.plural)
            Immortal.string(words.singular)
            Immortal.string(words.pluralWord)
        }
        Immortal.dictionary(fieldWords)
        for (kind, fields) in fieldWords {
            Immortal.string(kind)
            Immortal.dictionary(fields)
            for (field, words) in fields {
                Immortal.string(field)
                Immortal.string(words.label)
                Immortal.string(words.text)
                Immortal.string(words.done)
                Immortal.string(words.open)
            }
        }
        Immortal.dictionary(relationWords)
        for (kind, relations) in relationWords {
            Immortal.string(kind)
            Immortal.dictionary(relations)
            for (field, label) in relations {
                Immortal.string(field)
                Immortal.string(label)
            }
        }
        Immortal.dictionary(fieldLists)
        for (kind, list) in fieldLists {
            Immortal.string(kind)
            Immortal.array(list.fields)
            for field in list.fields {
                Immortal.string(field.name)
                Immortal.string(field.label)
            }
            Immortal.strings(list.texts)
        }
    }
}
