extension Schema {
    /// The id of the built-in kind of a game's playthroughs (`Content/<game>/playthroughs/<id>.md`).
    public static let playthroughKind = "playthrough"

    /// The playthrough kind, when the schema has it.
    public var playthrough: Kind? {
        kind(id: Schema.playthroughKind)
    }

    /// The schema with the playthrough kind last and holding one reference list per progress field
    /// name of the other kinds (`complete`, `cleared`, a custom kind's `defeated`), in schema order.
    /// A list named like the progress fields of several kinds takes entries of each of them. A field
    /// the site declares itself on the playthrough kind under such a name keeps its declaration.
    func withPlaythroughLists() -> Schema {
        guard let index = kinds.firstIndex(where: { $0.id == Schema.playthroughKind }) else { return self }
        var schema = self
        var playthrough = schema.kinds.remove(at: index)
        var order: [String] = []
        var owners: [String: [String]] = [:]
        for (kind, field) in schema.progressFields {
            if owners[field.name] == nil { order.append(field.name) }
            owners[field.name, default: []].append(kind.id)
        }
        var lists: [FieldDefinition] = []
        for name in order where playthrough.field(named: name) == nil {
            let kinds = owners[name] ?? []
            var field = FieldDefinition(name, .refs(kinds[0]))
            field.progressOf = kinds
            lists.append(field)
        }
        // The lists come before `tags` and `image`, after the facts.
        let position = playthrough.fieldIndex(named: "tags") ?? playthrough.fields.count
        playthrough.fields.insert(contentsOf: lists, at: position)
        schema.kinds.append(playthrough)
        return schema
    }

    /// The progress fields (`progress: true` bools) named `name`, as (kind, field) pairs.
    public func progressFields(named name: String) -> [(kind: Kind, field: FieldDefinition)] {
        progressFields.filter { $0.field.name == name }
    }
}
