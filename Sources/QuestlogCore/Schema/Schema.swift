/// The kinds of a site: the built-in game, npc, quest and location, plus the custom kinds of `questlog.yml`.
public struct Schema: Sendable, Hashable {
    /// The fields of `game.md`.
    public var game: Kind
    /// Entry kinds in display order: built-in first, then custom kinds in declaration order.
    public var kinds: [Kind]

    public init(game: Kind, kinds: [Kind]) {
        self.game = game
        self.kinds = kinds
    }

    public func kind(id: String) -> Kind? {
        kinds.first { $0.id == id }
    }

    public func kind(folder: String) -> Kind? {
        kinds.first { $0.folder == folder }
    }

    /// A kind by its id or its folder name (`npc` or `npcs`), as users type either.
    public func kind(named name: String) -> Kind? {
        kind(id: name) ?? kind(folder: name)
    }

    /// Fields that reference `kind`, as (source kind, field) pairs in schema order: the inverse relations.
    /// A playthrough's progress lists are not relations: pages show them as each entry's state.
    public func inverseRelations(of kind: String) -> [(source: Kind, field: FieldDefinition)] {
        kinds.flatMap { source in
            source.fields.filter { $0.type.referencedKind == kind && $0.progressOf.isEmpty }.map { (source: source, field: $0) }
        }
    }

    /// What the referenced entry's page calls the entries whose `field` names it, when the field has no
    /// `inverse_label`: the source kind's plural ("Quests"), with the field's label when that says more
    /// than the target kind's name ("NPCs (Home)").
    public func inverseLabel(of field: FieldDefinition, in source: Kind) -> String {
        if let label = field.inverseLabel { return label }
        let target = field.type.referencedKind.flatMap { kind(id: $0) }
        let plain = [target?.name, target?.plural, target?.id, target?.folder].compactMap { $0?.lowercased() }
        return plain.contains(field.label.lowercased()) ? source.plural : "\(source.plural) (\(field.label))"
    }

    /// Every kind's fields that count towards progress, in schema order.
    public var progressFields: [(kind: Kind, field: FieldDefinition)] {
        kinds.flatMap { kind in kind.fields.filter { $0.progress && $0.type == .bool }.map { (kind: kind, field: $0) } }
    }

    /// Every kind's fields whose entries the game page lists, in schema order.
    public var highlightFields: [(kind: Kind, field: FieldDefinition)] {
        kinds.flatMap { kind in kind.fields.filter { $0.highlight && $0.type == .bool }.map { (kind: kind, field: $0) } }
    }

    /// The schema of a site without custom kinds.
    public static let builtIn = Schema(
        game: Kind(id: "game", folder: "", name: "Game", plural: "Games", fields: [
            FieldDefinition("title", .string),
            FieldDefinition("character", .string),
            FieldDefinition("class", .string),
            FieldDefinition("platform", .string),
            FieldDefinition("started", .date),
            FieldDefinition("status", .string),
            FieldDefinition("language", .string),
            FieldDefinition("tags", .list),
            FieldDefinition.image,
        ]),
        kinds: [
            Kind(id: "npc", folder: "npcs", name: "NPC", plural: "NPCs", fields: [
                FieldDefinition("merchant", .bool, label: "Merchant", highlight: true),
                FieldDefinition("locations", .refs("location"), label: "Found at", inverseLabel: "NPCs here"),
                FieldDefinition("quests", .refs("quest"), label: "Gives quests", inverseLabel: "Given by"),
                FieldDefinition("aliases", .list),
                FieldDefinition("tags", .list),
                FieldDefinition.image,
            ]),
            Kind(id: "quest", folder: "quests", name: "Quest", plural: "Quests", fields: [
                FieldDefinition("complete", .bool, progress: true),
                FieldDefinition("location", .ref("location"), label: "Location", inverseLabel: "Quests here"),
                FieldDefinition("tags", .list),
                FieldDefinition.image,
            ]),
            Kind(id: "location", folder: "locations", name: "Location", plural: "Locations", fields: [
                FieldDefinition("cleared", .bool, progress: true),
                FieldDefinition("smith_anvil", .bool, highlight: true),
                FieldDefinition("merchant", .bool, highlight: true),
                FieldDefinition("region", .string),
                FieldDefinition("parent", .ref("location"), label: "Part of", inverseLabel: "Sub-locations"),
                FieldDefinition("tags", .list),
                FieldDefinition.image,
            ]),
            // Its progress lists (`complete: [quest…]`) are added per site: see `withPlaythroughLists()`.
            Kind(id: Schema.playthroughKind, folder: "playthroughs", name: "Playthrough", plural: "Playthroughs", fields: [
                FieldDefinition("character", .string),
                FieldDefinition("class", .string),
                FieldDefinition("platform", .string),
                FieldDefinition("started", .date),
                FieldDefinition("finished", .date),
                FieldDefinition("status", .string),
                FieldDefinition("tags", .list),
                FieldDefinition.image,
            ]),
        ]
    )
}
