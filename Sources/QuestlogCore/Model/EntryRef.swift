/// Identifies an entry across the whole site: game, kind and id.
public struct EntryRef: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var game: String
    public var kind: String
    public var id: String

    public init(game: String, kind: String, id: String) {
        self.game = game
        self.kind = kind
        self.id = id
    }

    /// By the id alone: refs that are equal have equal ids, and ids seldom repeat across kinds and
    /// games, so tables of refs hash one string instead of three.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    public static func < (lhs: EntryRef, rhs: EntryRef) -> Bool {
        (lhs.game, lhs.kind, lhs.id) < (rhs.game, rhs.kind, rhs.id)
    }

    public var description: String { "\(game)/\(kind):\(id)" }
}
