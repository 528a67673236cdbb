/// One entry in a picture of the graph, as the picture shows it.
struct GraphNode: Sendable, Equatable {
    enum State: Sendable, Equatable {
        /// A kind without a progress field: drawn filled.
        case none
        /// Progress done: filled.
        case done
        /// Progress not done: hollow.
        case open
    }

    /// The full name, shown truncated beside the node and whole in its tooltip.
    var name: String
    /// The tooltip and accessible name: the name with its kind and state.
    var title: String
    /// The entry's page relative to the picture's page; nil for the page's own entry.
    var url: String?
    /// The kind's position in the schema, which picks its colour and its filter.
    var kind: Int
    var state: State = .none
    /// The page's own entry, drawn larger.
    var isCurrent = false
}
