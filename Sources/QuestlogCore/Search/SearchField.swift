/// The parts of an entry the search index reads, each with its weight in the ranking.
public enum SearchField: Int, Sendable, CaseIterable {
    case name
    case aliases
    case tags
    /// Short values that describe the entry: its kind, region, and other single-line fields.
    case keys
    case notes

    /// How much a term found in this field counts, relative to the notes.
    public var weight: Double {
        switch self {
        case .name: return 10
        case .aliases: return 6
        case .tags: return 4
        case .keys: return 2
        case .notes: return 1
        }
    }

    /// BM25's `b`: how much a long field dilutes each of its terms. Names, aliases, tags and keys are
    /// short lists where length says little, so they are normalized only lightly.
    var lengthNormalization: Double {
        self == .notes ? 0.75 : 0.3
    }
}
