@testable import QuestlogCore
import Testing

/// The words of kinds, fields and relations, worked out once per language, are the words worked out
/// each time they are asked for: for the built-in schema and one that renames, translates and adds.
struct LabelsTests {
    /// The built-in schema with a renamed built-in kind, a relabelled built-in field, a translated
    /// custom kind and field, and a custom inverse label with a translation.
    static let customSchema: Schema = {
        var schema = Schema.builtIn
        schema.kinds[0].name = "Person"
        schema.kinds[0].plural = "People"
        if let index = schema.kinds[1].fieldIndex(named: schema.kinds[1].fields[0].name) {
            schema.kinds[1].fields[index].label = "Own label"
        }
        var spell = Kind(id: "spell", folder: "spells", name: "Spell", plural: "Spells", fields: [
            FieldDefinition("school", .text),
            FieldDefinition("taught_by", .refs(schema.kinds[0].id), inverseLabel: "Teaches"),
            FieldDefinition("found_in", .ref(schema.kinds[2].id)),
            FieldDefinition("learned", .bool, progress: true),
        ])
        spell.translatedNames = ["ja": "呪文", "de": "Zauber"]
        spell.translatedPlurals = ["ja": "呪文"]
        spell.fields[0].translatedLabels = ["ja": "系統"]
        spell.fields[1].translatedInverseLabels = ["de": "Lehrt"]
        schema.kinds.append(spell)
        return schema
    }()

    @Test(arguments: ["en", "de", "ja", "vi", "hi"])
    func wordsWorkedOutOnceAreTheWordsWorkedOutEachTime(language: String) {
        let strings = UIStrings.load(language: language, theme: .embedded).0
        for schema in [Schema.builtIn, Self.customSchema] {
            let remembered = Labels(strings: strings, schema: schema)
            let reference = Labels(strings: strings, schema: schema, remembering: false)
            for kind in schema.kinds + [schema.game] {
                #expect(remembered.kindName(kind) == reference.kindName(kind), "\(kind.id)")
                #expect(remembered.kindPlural(kind) == reference.kindPlural(kind), "\(kind.id)")
                #expect(remembered.fieldLabels(of: kind) == kind.fields.map { reference.field($0, of: kind) }, "\(kind.id)")
                #expect(reference.fieldLabels(of: kind) == kind.fields.map { reference.field($0, of: kind) }, "\(kind.id)")
                for field in kind.fields {
                    #expect(remembered.field(field, of: kind) == reference.field(field, of: kind), "\(kind.id).\(field.name)")
                    for done in [true, false] {
                        #expect(remembered.state(field, of: kind, done: done) == reference.state(field, of: kind, done: done))
                    }
                    let relation = Relation(sourceKind: kind.id, field: field.name, label: schema.inverseLabel(of: field, in: kind), entries: [])
                    #expect(remembered.relation(relation) == reference.relation(relation), "\(kind.id).\(field.name)")
                }
            }
            for kind in schema.kinds {
                #expect(remembered.kindName(id: kind.id) == reference.kindName(kind), "\(kind.id)")
                #expect(reference.kindName(id: kind.id) == reference.kindName(kind), "\(kind.id)")
            }
            for labels in [remembered, reference] {
                #expect(labels.kindName(id: schema.game.id) == nil, "the game is no kind of entries")
                #expect(labels.kindName(id: "nowhere") == nil)
            }
            let unknown = Relation(sourceKind: "nowhere", field: "nothing", label: "As given", entries: [])
            #expect(remembered.relation(unknown) == "As given")
        }
    }

    /// A kind or field that is not the schema's own, though of the same id or name, is worded for
    /// itself.
    @Test func aKindOrFieldNotTheSchemasIsWordedForItself() throws {
        let strings = UIStrings.load(language: "de", theme: .embedded).0
        let labels = Labels(strings: strings, schema: .builtIn)
        var kind = try #require(Schema.builtIn.kinds.first)
        let builtInName = labels.kindName(kind)
        kind.name = "Someone"
        kind.plural = "Someones"
        #expect(labels.kindName(kind) == "Someone")
        #expect(labels.kindPlural(kind) == "Someones")
        #expect(builtInName != "Someone")
        var field = try #require(kind.fields.first)
        field.label = "Relabelled"
        #expect(labels.field(field, of: try #require(Schema.builtIn.kinds.first)) == "Relabelled")
        // A kind of the schema's id whose fields are not the schema's: each worded for itself.
        var relabelled = try #require(Schema.builtIn.kinds.first)
        relabelled.fields[0] = field
        #expect(labels.fieldLabels(of: relabelled).first == "Relabelled")
        relabelled.fields.removeLast()
        #expect(labels.fieldLabels(of: relabelled) == relabelled.fields.map { labels.field($0, of: relabelled) })
    }
}
