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
        // Each state field once, worded by the first kind that has it: done and not done for progress
        // fields, the flag alone for highlighted ones.
        var states: [MustacheValue] = []
        var seen: Set<String> = []
        for kind in kinds {
            for field in kind.fields where SearchIndexBuilder.stateFields(of: kind).contains(field.name) && seen.insert(field.name).inserted {
                if field.progress {
                    states.append(["value": .string(field.name), "label": .string(labels.state(field, of: kind, done: true))])
                    states.append(["value": .string("!" + field.name), "label": .string(labels.state(field, of: kind, done: false))])
                } else {
                    states.append(["value": .string(field.name), "label": .string(labels.field(field, of: kind))])
                }
            }
        }
        // "Open in <playthrough>" for each playthrough, named with its game when there are several.
        for run in SearchIndexBuilder.playthroughStates(of: site) {
            let name = site.games.count > 1 ? "\(run.playthrough.displayName) (\(run.game.title))" : run.playthrough.displayName
            states.append(["value": .string("!" + run.state), "label": .string(strings.format("ui.open_in", ["playthrough": name]))])
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
