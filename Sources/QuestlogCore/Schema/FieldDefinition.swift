/// A typed field of a kind, with the labels pages show for it and for its inverse relation.
public struct FieldDefinition: Sendable, Hashable {
    public var name: String
    public var type: FieldType
    /// The label on the entry's own page ("Found at").
    public var label: String
    /// For reference fields: the label on the referenced entry's page ("NPCs here").
    public var inverseLabel: String?

    public init(_ name: String, _ type: FieldType, label: String? = nil, inverseLabel: String? = nil) {
        self.name = name
        self.type = type
        self.label = label ?? FieldDefinition.humanize(name)
        self.inverseLabel = inverseLabel
    }

    /// `smith_anvil` → `Smith anvil`.
    static func humanize(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
