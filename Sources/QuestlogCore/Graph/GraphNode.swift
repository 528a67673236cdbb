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
    /// The name as drawn (cut to `GraphLabels.maxLength`) and its estimated width.
    var label: String
    var labelWidth: Double

    init(name: String, title: String, url: String?, kind: Int, state: State = .none, isCurrent: Bool = false,
         label: String? = nil, labelWidth: Double? = nil) {
        self.name = name
        self.title = title
        self.url = url
        self.kind = kind
        self.state = state
        self.isCurrent = isCurrent
        let label = label ?? GraphLabels.truncated(name)
        self.label = label
        self.labelWidth = labelWidth ?? GraphLabels.width(label)
    }
}
