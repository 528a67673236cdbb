import Mustache

extension PageBuilder {
    /// `search.html`: the full search, with filters by game, kind and state. `search.js` runs it; the
    /// page offers the filters the index has, so a select never lists a game or kind with no entries.
    func searchPage() -> Page {
        let path = "search.html"
        let title = strings["search.title"]
        var context = common(path: path, title: title, type: "search", game: nil,
                             breadcrumbs: [(strings["ui.home"], "index.html"), (title, nil)])
        let kinds = SearchIndexBuilder.kinds(of: site)
        let stateFields = Set(kinds.flatMap(SearchIndexBuilder.stateFields(of:)))
        let stateLabels: [(field: String, yes: String, no: String?)] = [
            ("complete", "ui.complete", "ui.incomplete"),
            ("cleared", "ui.cleared", "ui.not_cleared_state"),
            ("merchant", "fields.location.merchant", nil),
            ("smith_anvil", "fields.location.smith_anvil", nil),
        ]
        var states: [MustacheValue] = []
        for state in stateLabels where stateFields.contains(state.field) {
            states.append(["value": .string(state.field), "label": .string(strings[state.yes])])
            if let no = state.no { states.append(["value": .string("!" + state.field), "label": .string(strings[no])]) }
        }
        context["search"] = [
            "games": .list(site.games.map { ["id": .string($0.id), "title": .string($0.title)] }),
            "kinds": .list(kinds.map { ["id": .string($0.id), "name": .string(labels.kindName($0))] }),
            "states": .list(states),
            "hasStates": .bool(!states.isEmpty),
        ]
        return Page(path: path, template: "search", context: .object(MustacheObject(context)))
    }
}
