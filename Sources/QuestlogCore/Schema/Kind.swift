/// A kind of entry (npc, quest, location, or a custom kind from `questlog.yml`): its folder and typed fields.
public struct Kind: Sendable, Hashable {
    /// The singular id used in `[[kind:id]]` links and in `questlog new <kind>`.
    public var id: String
    /// The folder of a game holding this kind's entries (also the URL segment of its pages).
    public var folder: String
    public var name: String
    public var plural: String
    public var fields: [FieldDefinition]
    /// `name` and `plural` per UI language, when `questlog.yml` gives them (`{ en: Spell, ja: 呪文 }`).
    public var translatedNames: [String: String] = [:]
    public var translatedPlurals: [String: String] = [:]

    public init(id: String, folder: String, name: String, plural: String, fields: [FieldDefinition]) {
        self.id = id
        self.folder = folder
        self.name = name
        self.plural = plural
        self.fields = fields
    }

    public func field(named name: String) -> FieldDefinition? {
        fields.first { $0.name == name }
    }

    public func fieldIndex(named name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }
}
