/// Keeps the documents whose state field (`complete`, `cleared`, `merchant`, `smith_anvil`) has a value.
/// Documents of kinds without the field never pass.
public struct SearchStateFilter: Sendable, Hashable {
    public var field: String
    public var value: Bool

    public init(field: String, value: Bool) {
        self.field = field
        self.value = value
    }
}
