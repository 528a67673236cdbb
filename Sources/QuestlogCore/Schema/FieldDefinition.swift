/// A typed field of a kind, with the labels pages show for it and for its inverse relation, and the
/// flags that decide where pages use it.
public struct FieldDefinition: Sendable, Hashable {
    public var name: String
    public var type: FieldType
    /// The label on the entry's own page ("Found at").
    public var label: String
    /// For reference fields: the label on the referenced entry's page ("NPCs here").
    public var inverseLabel: String?
    /// A `bool` that counts towards the game's progress ("12 of 40 quests complete").
    public var progress: Bool
    /// A `bool` whose entries the game page lists ("Merchants").
    public var highlight: Bool
    /// How a value is shown: `.image` shows a `url` as a picture.
    public var display: FieldDisplay
    /// For a playthrough's progress list (`complete: [quest…]`): the kinds whose progress field of
    /// this name it lists, in schema order; empty for every other field.
    public var progressOf: [String] = []
    /// `label` and `inverse_label` per UI language, when `questlog.yml` gives them.
    public var translatedLabels: [String: String] = [:]
    public var translatedInverseLabels: [String: String] = [:]

    public init(_ name: String, _ type: FieldType, label: String? = nil, inverseLabel: String? = nil,
                progress: Bool = false, highlight: Bool = false, display: FieldDisplay = .value) {
        self.name = name
        self.type = type
        self.label = label ?? FieldDefinition.humanize(name)
        self.inverseLabel = inverseLabel
        self.progress = progress
        self.highlight = highlight
        self.display = display
    }

    /// The type as `questlog.yml` would write it; a playthrough's list of several kinds names them all
    /// (`refs quest, bounty`).
    public var typeDescription: String {
        progressOf.count > 1 ? "refs " + progressOf.joined(separator: ", ") : type.description
    }

    /// `smith_anvil` → `Smith anvil`.
    static func humanize(_ name: String) -> String {
        let spaced = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// The picture field every kind has unless it declares its own `image`.
    static let image = FieldDefinition("image", .url, display: .image)
}
