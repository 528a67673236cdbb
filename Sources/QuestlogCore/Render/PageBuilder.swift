import Immortal
import Mustache

/// The Render stage's first half: turns the resolved site into the pages to render, each with the
/// data its template sees. Pure: no I/O, the same site always gives the same pages.
public struct PageBuilder: Sendable {
    public var site: Site {
        didSet { gameTitles = Self.gameTitles(of: site) }
    }
    /// Each game's title by id (the first game of an id, as `Site.game(id:)` finds it): links to
    /// entries of other games show it.
    private var gameTitles: [String: String]
    /// The UI strings of the pages being built: the site's language, or a game's own.
    public private(set) var strings: UIStrings
    private(set) var labels: Labels
    /// The UI strings as nested objects, so templates write `{{strings.ui.search}}`.
    private(set) var stringsValue: MustacheValue
    /// The site's title and the generator, as every page's `site`: made once.
    private let siteValue: MustacheValue
    /// Strings of the other languages games choose (`language:` in `game.md`), by language.
    private var gameStrings: [String: UIStrings]
    /// Who is connected to whom, for the pictures of the graph.
    private(set) var graph: RelationGraph
    /// What the pictures show of each node of `graph`, in this builder's language.
    private(set) var graphFacts: GraphNodeFacts.Source
    /// The header search's scope on each game's pages, by game id, in this builder's language.
    private var searchScopes: [String: MustacheValue] = [:]
    /// The pictures' legend, made once: an item per kind of the schema, in its order, and the
    /// two progress states.
    private(set) var legendItems: (kinds: [MustacheValue], states: [MustacheValue]) = ([], [])
    /// "Show all 12" and "The same links as a list (12)" for the counts lists mostly have, in this
    /// builder's language, made once rather than for every list of every page.
    private var countTexts: (showAll: [String], graphList: [String]) = ([], [])
    /// The slug of every tag of the site's entries and games (`Slug.make`), worked out once.
    private let tagSlugs: [String: String]
    /// Graph layouts of the last render to reuse, and where this render's are kept.
    var layouts: LayoutMemo?

    /// How many entries a relation list shows before the rest go behind "Show all".
    static let listLimit = 12

    /// - Parameters:
    ///   - strings: the site's UI strings.
    ///   - gameStrings: the UI strings of each other language a game chooses; a game whose
    ///     language is missing here gets the site's.
    /// How many threads the site-wide tables are worked out on.
    private let jobs: Int

    ///   - fewPages: whether few of the site's pages will be made (the others kept from the last
    ///     build): the pictures' facts are then worked out for the nodes they show rather than for
    ///     every node first.
    public init(site: Site, strings: UIStrings, gameStrings: [String: UIStrings] = [:], jobs: Int = 1, fewPages: Bool = false) {
        self.init(site: site, strings: strings, gameStrings: gameStrings, jobs: jobs, fewPages: fewPages, graph: nil)
    }

    /// `init(site:strings:gameStrings:jobs:fewPages:)` with the site's graph, when it is made already.
    init(site: Site, strings: UIStrings, gameStrings: [String: UIStrings] = [:], jobs: Int = 1, fewPages: Bool = false, graph: RelationGraph?) {
        self.site = site
        gameTitles = Self.gameTitles(of: site)
        self.jobs = max(1, jobs)
        self.strings = strings
        labels = Labels(strings: strings, schema: site.schema)
        stringsValue = PageBuilder.nest(strings.table)
        siteValue = ["title": .string(site.config.title), "generator": .string("Questlog \(Questlog.version)")]
        self.gameStrings = gameStrings
        self.graph = graph ?? RelationGraph(site: site)
        var tagSlugs: [String: String] = [:]
        for game in site.games {
            if case let .list(tags)? = game.fields["tags"] {
                for tag in tags where tagSlugs[tag] == nil { tagSlugs[tag] = Slug.make(tag) }
            }
            for entries in game.entries.values {
                for entry in entries {
                    for tag in entry.list("tags") where tagSlugs[tag] == nil { tagSlugs[tag] = Slug.make(tag) }
                }
            }
        }
        self.tagSlugs = tagSlugs
        graphFacts = fewPages ? .each(GraphNodeFacts.Context(site: site, labels: labels))
            : .table(GraphNodeFacts.table(self.graph, site: site, labels: labels, jobs: self.jobs))
        searchScopes = Self.searchScopes(of: site, strings: strings)
        legendItems = Self.legend(of: site.schema, labels: labels, strings: strings)
        countTexts = Self.countTexts(strings)
    }

    /// The texts of `countTexts` in the language of `strings`.
    static func countTexts(_ strings: UIStrings) -> (showAll: [String], graphList: [String]) {
        let counts = 0..<64
        return (counts.map { strings.format("ui.show_all", ["count": String($0)]) },
                counts.map { strings.format("graph.list", ["count": String($0)]) })
    }

    /// "Show all `count`" in this builder's language.
    func showAllText(_ count: Int) -> String {
        countTexts.showAll.indices.contains(count) ? countTexts.showAll[count] : strings.format("ui.show_all", ["count": String(count)])
    }

    /// "The same links as a list (`count`)" in this builder's language.
    func graphListText(_ count: Int) -> String {
        countTexts.graphList.indices.contains(count) ? countTexts.graphList[count] : strings.format("graph.list", ["count": String(count)])
    }

    static func gameTitles(of site: Site) -> [String: String] {
        var titles: [String: String] = [:]
        for game in site.games where titles[game.id] == nil { titles[game.id] = game.title }
        return titles
    }

    static func searchScopes(of site: Site, strings: UIStrings) -> [String: MustacheValue] {
        var scopes: [String: MustacheValue] = [:]
        for game in site.games where scopes[game.id] == nil {
            scopes[game.id] = ["id": .string(game.id), "title": .string(game.title),
                               "label": .string(strings["search.scope"].replacing("{game}", with: game.title))]
        }
        return scopes
    }

    /// This builder for `site`, a site whose only change from this builder's is the values of some
    /// fields of the entries of `refs` (not their tags): the tags stand, the pictures' facts of
    /// those entries are worked out again. With `renamed`, some
    /// of them took another name too (not another reference): the lists under the pictures are
    /// ranked again.
    /// With `relinks`, some of them reference other entries now: the graph takes those connections.
    func replacingFields(site: Site, of refs: [EntryRef], renamed: Bool = false, relinks: [RelationGraph.Relink] = []) -> PageBuilder {
        var builder = self
        builder.site = site
        if !relinks.isEmpty { builder.graph = graph.relinking(relinks) }
        builder.graphFacts = graphFacts.patching(refs: refs, graph: graph, site: site, labels: labels, ranking: renamed)
        return builder
    }

    /// This builder speaking the language of `game` (its `language:`, else the site's).
    func speaking(for game: Game) -> PageBuilder {
        guard let language = game.language, language != strings.language, let other = gameStrings[language] else { return self }
        var builder = self
        builder.strings = other
        builder.labels = Labels(strings: other, schema: site.schema)
        builder.stringsValue = PageBuilder.nest(other.table)
        builder.gameStrings = [:]
        builder.graphFacts = graphFacts.speaking(builder.labels, graph: graph, site: site, jobs: jobs)
        builder.searchScopes = Self.searchScopes(of: site, strings: other)
        builder.legendItems = Self.legend(of: site.schema, labels: builder.labels, strings: other)
        builder.countTexts = Self.countTexts(other)
        return builder
    }

    static func nest(_ table: [String: String]) -> MustacheValue {
        var groups: [String: [String: String]] = [:]
        var leaves: [String: MustacheValue] = [:]
        for (key, value) in table {
            if let dot = key.firstIndex(of: ".") {
                groups[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = value
            } else {
                leaves[key] = .string(value)
            }
        }
        for (name, group) in groups where leaves[name] == nil { leaves[name] = nest(group) }
        return .object(MustacheObject(leaves))
    }

    /// Which page to build; the list of them is cheap, building them is not.
    enum PageSpec: Sendable {
        case home, search, notFound
        case game(Int)
        case comparison(Int)
        case graph(Int)
        case kind(game: Int, kind: Kind)
        case entry(game: Int, kind: Kind, entry: Int)

        /// Whether the page shows many entries: it takes far longer than one entry's page.
        var isBig: Bool {
            switch self {
            case .home, .game, .comparison, .graph, .kind: true
            case .search, .notFound, .entry: false
            }
        }
    }

    /// Every HTML page of the site, in a stable order, built on up to `jobs` threads.
    public func pages(jobs: Int = 1) -> [Page] {
        pages(jobs: jobs) { $0 }
    }

    /// `body` of every HTML page of the site, in a stable order, on up to `jobs` threads: each page's
    /// data is built, handed to `body` and dropped, so that only the results are held at once.
    /// `willBuild` is told how many pages there are before the first is built.
    public func pages<R: Sendable>(jobs: Int = 1, willBuild: (Int) -> Void = { _ in }, _ body: @Sendable (Page) -> R) -> [R] {
        let specs = pageSpecs()
        let builders = gameBuilders()
        willBuild(specs.count)
        return PageParallel.map(specs, jobs: jobs, order: Self.bigFirst(specs)) { spec in
            body(page(spec, builders: builders))
        }
    }

    /// Every page of the site, in a stable order, without building any.
    func pageSpecs() -> [PageSpec] {
        var specs: [PageSpec] = [.home]
        for (gameIndex, game) in site.games.enumerated() {
            specs.append(.game(gameIndex))
            if game.hasPlaythroughs { specs.append(.comparison(gameIndex)) }
            if hasGraphPage(game) { specs.append(.graph(gameIndex)) }
            for kind in kinds(of: game) {
                specs.append(.kind(game: gameIndex, kind: kind))
                for entryIndex in game.entries(of: kind.id).indices {
                    specs.append(.entry(game: gameIndex, kind: kind, entry: entryIndex))
                }
            }
        }
        specs.append(.search)
        specs.append(.notFound)
        return specs
    }

    /// The order to build `specs` in on several threads: pages of many entries (kind tables,
    /// graphs, a game's overview) first, so that none is left for the end on one thread while the
    /// others have nothing to do.
    static func bigFirst(_ specs: [PageSpec]) -> [Int] {
        specs.indices.filter { specs[$0].isBig } + specs.indices.filter { !specs[$0].isBig }
    }

    /// This builder for each game's pages, in the game's language, by game index.
    func gameBuilders() -> [GamePageBuilder] {
        site.games.map { GamePageBuilder(builder: speaking(for: $0), game: $0) }
    }

    /// Where the page of `spec` goes (its `Page.path`), without building it.
    func path(of spec: PageSpec) -> String {
        switch spec {
        case .home: "index.html"
        case .search: "search.html"
        case .notFound: "404.html"
        case let .game(index): site.games[index].path
        case let .comparison(index): RelativeURL.progressPage(game: site.games[index].id)
        case let .graph(index): Self.graphPath(of: site.games[index])
        case let .kind(index, kind): RelativeURL.kindPage(game: site.games[index].id, folder: kind.folder)
        case let .entry(index, kind, entry): site.withGames { $0[index].entries(of: kind.id)[entry].path }
        }
    }

    /// The source files the page of `spec` shows (its `Page.sources`), without building it.
    func sources(of spec: PageSpec) -> [String] {
        switch spec {
        case .home: site.games.flatMap(Self.sources(of:))
        case .search, .notFound: []
        case let .game(index), let .comparison(index), let .graph(index): Self.sources(of: site.games[index])
        case let .kind(index, kind): site.games[index].entries(of: kind.id).map(\.source.path)
        case let .entry(index, kind, entry): [site.games[index].entries(of: kind.id)[entry].source.path]
        }
    }

    /// The source files whose entries' notes the page of `spec` shows: an entry's page shows its
    /// own (and a playthrough's page its own), no other page shows any entry's notes. The
    /// others show entries' names, fields and relations, which an edit of notes alone leaves as
    /// they were; `sources(of:)` names every file a page is made of, for its date.
    func notesShown(of spec: PageSpec) -> [String] {
        switch spec {
        case .home, .search, .notFound, .game, .comparison, .graph, .kind: []
        case let .entry(index, kind, entry): [site.games[index].entries(of: kind.id)[entry].source.path]
        }
    }

    /// The page of `spec`, built by `builders` (`gameBuilders()`) for a game's pages.
    func page(_ spec: PageSpec, builders: [GamePageBuilder]) -> Page {
        switch spec {
        case .home: homePage()
        case .search: searchPage()
        case .notFound: notFoundPage()
        case let .game(index), let .comparison(index), let .graph(index), let .kind(index, _), let .entry(index, _, _):
            builders[index].page(spec)
        }
    }

    /// The kinds a game has entries of, in schema order.
    func kinds(of game: Game) -> [Kind] {
        site.schema.kinds.filter { !game.entries(of: $0.id).isEmpty }
    }

    // MARK: Shared parts

    /// What every page's layout needs: language, titles, the way back to the root, navigation.
    /// With `absolute`, links start with the base URL instead of being relative (for `404.html`).
    func common(path: String, title: String, type: String, game current: String?, breadcrumbs: [(String, String?)],
                absolute: Bool = false) -> PageContext {
        let base = absolute ? site.config.baseURL : nil
        func url(_ target: String) -> String {
            base.map { $0 + target } ?? RelativeURL.from(path, to: target)
        }
        let root = base ?? String(RelativeURL.from(path, to: "index.html").dropLast("index.html".count))
        var context: PageContext = [
            "lang": .string(strings.language),
            "root": .string(root),
            "site": siteValue,
            "page": .object(MustacheObject(keys: Self.pageKeys) {
                $0.append(.string(title))
                $0.append(.string(type))
                $0.append(.string(path))
                $0.append(.bool(type == "home"))
            }),
            "strings": stringsValue,
            // Each game read in place, not copied, on every page.
            "nav": .list(site.withGames { games in
                games.indices.map { index in
                    .object(MustacheObject(keys: Self.navKeys) {
                        $0.append(.string(games[index].title))
                        $0.append(.string(url(games[index].path)))
                        $0.append(.bool(games[index].id == current))
                    })
                }
            }),
            "breadcrumbs": .list(breadcrumbs.enumerated().map { index, crumb in
                if let target = crumb.1, index < breadcrumbs.count - 1 {
                    return .object(MustacheObject(keys: Self.crumbKeys) { $0.append(.string(crumb.0)); $0.append(.string(url(target))) })
                }
                return .object(MustacheObject(keys: Self.currentCrumbKeys) { $0.append(.string(crumb.0)); $0.append(true) })
            }),
            "hasBreadcrumbs": .bool(breadcrumbs.count > 1),
            "hasNav": .bool(!site.games.isEmpty),
            "meta": .null,
        ]
        // On a game's pages the header search looks in that game unless its box is unticked.
        if let current, let scope = searchScopes[current] {
            context["searchScope"] = scope
        }
        if let base = site.config.baseURL {
            context["canonical"] = .string(base + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path))
        }
        return context
    }

    /// The fields of a page's `page` and of an item of its `nav`, placed once.
    private static let pageKeys = MustacheKeys(["title", "type", "path", "isHome"])
    private static let navKeys = MustacheKeys(["title", "url", "current"])
    /// The fields of a breadcrumb, and of the last one (the page itself), placed once.
    private static let crumbKeys = MustacheKeys(["label", "url"])
    private static let currentCrumbKeys = MustacheKeys(["label", "current"])
    /// The fields of a list of links (`linkList`), placed once.
    private static let linkListKeys = MustacheKeys(["label", "items", "more", "hasMore", "showAll"])

    /// A link to an entry (or a game) from the page at `path`.
    func link(_ ref: EntryRef, from path: String) -> MustacheValue? {
        linkFields(ref, from: path, pageGame: Self.pageGame(path))?.object(separator: nil)
    }

    /// The fields of a link: a name, a URL, a kind, and the title of the link's game when it is
    /// not the page's.
    private struct LinkFields {
        var name: String
        var url: String
        var kind: String
        var otherGame: String?

        /// The keys of links with and without their game's title and a separator, placed once:
        /// pages make some 100,000 links.
        private static let plain = MustacheKeys(["name", "url", "kind"])
        private static let withGame = MustacheKeys(["name", "url", "kind", "otherGame"])
        private static let separated = MustacheKeys(["name", "url", "kind", "separator"])
        private static let separatedWithGame = MustacheKeys(["name", "url", "kind", "otherGame", "separator"])

        /// The link as an object, with `separator` when given.
        func object(separator: String?) -> MustacheValue {
            switch (otherGame, separator) {
            case (nil, nil):
                .object(MustacheObject(keys: Self.plain) {
                    $0.append(.string(name))
                    $0.append(.string(url))
                    $0.append(.string(kind))
                })
            case let (game?, nil):
                .object(MustacheObject(keys: Self.withGame) {
                    $0.append(.string(name))
                    $0.append(.string(url))
                    $0.append(.string(kind))
                    $0.append(.string(game))
                })
            case let (nil, separator?):
                .object(MustacheObject(keys: Self.separated) {
                    $0.append(.string(name))
                    $0.append(.string(url))
                    $0.append(.string(kind))
                    $0.append(.string(separator))
                })
            case let (game?, separator?):
                .object(MustacheObject(keys: Self.separatedWithGame) {
                    $0.append(.string(name))
                    $0.append(.string(url))
                    $0.append(.string(kind))
                    $0.append(.string(game))
                    $0.append(.string(separator))
                })
            }
        }
    }

    /// The fields of `link(_:from:)`, with the kind's name as `kind` unless `kindName` says
    /// otherwise; `pageGame` is the first folder of `path`.
    private func linkFields(_ ref: EntryRef, from path: String, pageGame: Substring?, kindName: String? = nil) -> LinkFields? {
        if ref.kind == "game" {
            guard let game = site.game(id: ref.game) else { return nil }
            return LinkFields(name: game.title, url: RelativeURL.from(path, to: game.path),
                              kind: kindName ?? labels.kindName(site.schema.game))
        }
        guard let (name, target) = site.withEntry(ref, { ($0.displayName, $0.path) }) else { return nil }
        return linkFields(ref, name: name, target: target, from: path, pageGame: pageGame, kindName: kindName)
    }

    /// The same for an entry of the site already found: its display name and its page.
    private func linkFields(_ ref: EntryRef, name: String, target: String, from path: String, pageGame: Substring?,
                            kindName: String?) -> LinkFields? {
        // The kind's name from the labels' table of the schema's kinds: a kind of the schema is
        // one with a name there. Looked up, not copied out of the schema, for every link.
        guard let known = labels.kindName(id: ref.kind) else { return nil }
        let otherGame = pageGame.map { ref.game != $0 } ?? true ? gameTitles[ref.game] : nil
        return LinkFields(name: name, url: RelativeURL.from(path, to: target), kind: kindName ?? known, otherGame: otherGame)
    }

    /// The first folder of an output path (`path.split(separator: "/").first`): the game of a
    /// game's page, the file name of a page at the root.
    static func pageGame(_ path: String) -> Substring? {
        // By the path's bytes, as output paths are split: by characters it cost a grapheme break
        // check per character, for every list of links.
        let utf8 = path.utf8
        guard let start = utf8.firstIndex(where: { $0 != UInt8(ascii: "/") }) else { return nil }
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        return path[start..<end]
    }

    /// A list of links for `partials/link-list`: the first `listLimit` as `items`, the rest as `more`
    /// (shown behind a "Show all N" disclosure), so long lists stay readable without a script.
    /// With `showingKinds: false` (a list under its kind's own heading) the items carry no kind label.
    func linkList(label: String, _ refs: [EntryRef], from path: String, showingKinds: Bool = true) -> MustacheValue {
        let items = links(refs, from: path, showingKinds: showingKinds)
        let shown = items.count > Self.listLimit ? Array(items.prefix(Self.listLimit)) : items
        let rest = items.count > Self.listLimit ? Array(items.dropFirst(Self.listLimit)) : []
        return .object(MustacheObject(keys: Self.linkListKeys) {
            $0.append(.string(label))
            $0.append(.list(shown))
            $0.append(.list(rest))
            $0.append(.bool(!rest.isEmpty))
            $0.append(.string(showAllText(items.count)))
        })
    }

    /// Links with a separator after all but the last, since Mustache cannot tell the last item.
    /// With `showingKinds: false` the items' `kind` is empty.
    func links(_ refs: [EntryRef], from path: String, showingKinds: Bool = true) -> [MustacheValue] {
        let pageGame = Self.pageGame(path)
        let kindName: String? = showingKinds ? nil : ""
        if refs.count == 1 {
            return linkFields(refs[0], from: path, pageGame: pageGame, kindName: kindName).map { [$0.object(separator: "")] } ?? []
        }
        return Self.objects(refs.compactMap { linkFields($0, from: path, pageGame: pageGame, kindName: kindName) })
    }

    /// `links(refs, from: path)` and `display(.refs(refs))` at once, each entry looked up once:
    /// a kind page's cell of references shows the links and sorts by the names.
    func linksAndDisplay(_ refs: [EntryRef], from path: String) -> (links: [MustacheValue], display: String) {
        let pageGame = Self.pageGame(path)
        var found: [LinkFields] = []
        var names: [String] = []
        found.reserveCapacity(refs.count)
        names.reserveCapacity(refs.count)
        for ref in refs {
            guard ref.kind != "game", let (name, target) = site.withEntry(ref, { ($0.displayName, $0.path) }) else {
                names.append(site.withEntry(ref, \.displayName) ?? ref.id)
                if let link = linkFields(ref, from: path, pageGame: pageGame) { found.append(link) }
                continue
            }
            names.append(name)
            if let link = linkFields(ref, name: name, target: target, from: path, pageGame: pageGame, kindName: nil) {
                found.append(link)
            }
        }
        return (Self.objects(found), names.joined(separator: ", "))
    }

    /// Links' objects with a separator after all but the last.
    private static func objects(_ found: [LinkFields]) -> [MustacheValue] {
        // Each link's fields read in place, not copied before they are copied into its object.
        found.withUnsafeBufferPointer { found in found.indices.map { found[$0].object(separator: $0 < found.count - 1 ? ", " : "") } }
    }

    /// One bar per progress field (`progress: true`) of a kind the game has entries of; none in a
    /// game with playthroughs, whose bars are per playthrough (`playthroughComparison`).
    func progress(of game: Game) -> [MustacheValue] {
        guard !game.hasPlaythroughs else { return [] }
        var bars: [MustacheValue] = []
        for (kind, field) in site.schema.progressFields {
            let entries = game.entries(of: kind.id)
            guard !entries.isEmpty else { continue }
            let done = entries.count { $0.bool(field.name) }
            bars.append([
                "label": .string(labels.progress(field, of: kind)),
                "done": .int(done),
                "total": .int(entries.count),
                "percent": .int(done * 100 / entries.count),
                "text": .string(strings.format("ui.progress_value", ["done": String(done), "total": String(entries.count)])),
            ])
        }
        return bars
    }

    /// One list per highlighted field name (`highlight: true`), its entries grouped by kind; only
    /// fields some entry of the game has set.
    func highlights(of game: Game, from path: String) -> [MustacheValue] {
        var names: [String] = []
        var groups: [String: [MustacheValue]] = [:]
        var labelsByName: [String: String] = [:]
        for (kind, field) in site.schema.highlightFields {
            let entries = game.entries(of: kind.id).filter { $0.bool(field.name) }
            guard !entries.isEmpty else { continue }
            if groups[field.name] == nil {
                names.append(field.name)
                labelsByName[field.name] = labels.highlight(field, of: kind)
            }
            groups[field.name, default: []].append(linkList(label: labels.kindPlural(kind), entries.map(\.ref), from: path, showingKinds: false))
        }
        return names.map { name in
            [
                "id": .string("ql-highlight-" + name.replacingOccurrences(of: "_", with: "-")),
                "label": .string(labelsByName[name] ?? name),
                "groups": .list(groups[name] ?? []),
            ]
        }
    }

    /// Links to each kind's index with its count.
    func kindLinks(of game: Game, from path: String) -> [MustacheValue] {
        kinds(of: game).map { kind in
            [
                "label": .string(labels.kindPlural(kind)),
                "count": .int(game.entries(of: kind.id).count),
                "url": .string(RelativeURL.from(path, to: RelativeURL.kindPage(game: game.id, folder: kind.folder))),
            ]
        }
    }

    /// Plain facts of the game (character, class, platform, started, status), then its undeclared fields.
    func gameFacts(_ game: Game, from path: String) -> [MustacheValue] {
        let declared = site.schema.game.fields.compactMap { field -> MustacheValue? in
            guard !["title", "tags", "language"].contains(field.name), field.display != .image,
                  let value = game.fields[field.name] else { return nil }
            return fact(label: labels.field(field, of: site.schema.game), value, from: path)
        }
        return declared + game.extra.map { fact(label: FieldDefinition.humanize($0.name), $0.value, from: path) }
    }

    /// A field value as text (references as names).
    func display(_ value: FieldValue) -> String {
        switch value {
        case let .string(text), let .text(text), let .date(text), let .url(text): return text
        case let .bool(flag): return flag ? strings["ui.yes"] : strings["ui.no"]
        case let .int(number): return String(number)
        case let .number(number): return FieldValue.text(of: number)
        case let .list(items): return items.joined(separator: ", ")
        case let .ref(ref): return site.withEntry(ref, \.displayName) ?? ref.id
        case let .refs(refs): return refs.map { site.withEntry($0, \.displayName) ?? $0.id }.joined(separator: ", ")
        }
    }

    /// Links to export files, labelled "NPCs (CSV)", "Spreadsheet (XLSX)" or "All data (JSON)"; a
    /// game without entries has no workbook to link.
    func downloads(_ files: [ExportDownload], from path: String, game: Game?) -> MustacheValue {
        .list(files.compactMap { file -> MustacheValue? in
            let label: String
            if let kindId = file.kind, let kind = site.schema.kind(id: kindId) {
                if let game, game.entries(of: kindId).isEmpty { return nil }
                label = strings.format("ui.download_csv", ["kind": labels.kindPlural(kind)])
            } else if file.format == .xlsx {
                if let game, game.entries.values.allSatisfy(\.isEmpty) { return nil }
                label = strings["ui.download_xlsx"]
            } else if file.format == .csv {
                label = strings["ui.download_progress"]
            } else if file.path.hasSuffix(JSONExport.schemaPath) {
                label = strings["ui.download_schema"]
            } else {
                label = strings["ui.download_json"]
            }
            return ["label": .string(label), "url": .string(RelativeURL.from(path, to: file.path)),
                    "format": .string(file.format.rawValue)]
        })
    }

    func tags(_ entryTags: [String]) -> MustacheValue {
        .list(entryTags.map { tag in
            .object(MustacheObject(keys: Self.tagKeys) { $0.append(.string(tag)); $0.append(.string(slug(tag))) })
        })
    }

    private static let tagKeys = MustacheKeys(["name", "slug"])

    /// `Slug.make(tag)`, looked up for the site's own tags.
    func slug(_ tag: String) -> String {
        tagSlugs[tag] ?? Slug.make(tag)
    }
}

extension PageBuilder {
    /// Makes the objects of the tables every page reads immortal (`Immortal`), for a render in a
    /// process that ends with it: what this builder worked out of the site for every page (the
    /// site's own are made so before, `Site.makeImmortal`, as the search index and the exports read
    /// them too).
    func makeImmortal() {
        guard Immortal.isAvailable else { return }
        Immortal.strings(gameTitles)
        strings.makeImmortal()
        labels.makeImmortal()
        for other in gameStrings.values { other.makeImmortal() }
        stringsValue.makeImmortal()
        siteValue.makeImmortal()
        graph.makeImmortal()
        if case let .table(facts) = graphFacts {
            Immortal.array(facts)
            for fact in facts { fact.makeImmortal() }
        }
        Immortal.dictionary(searchScopes)
        for (game, scope) in searchScopes {
            Immortal.string(game)
            scope.makeImmortal()
        }
        Immortal.array(legendItems.kinds)
        for item in legendItems.kinds { item.makeImmortal() }
        Immortal.array(legendItems.states)
        for item in legendItems.states { item.makeImmortal() }
        Immortal.strings(countTexts.showAll)
        Immortal.strings(countTexts.graphList)
        Immortal.strings(tagSlugs)
    }
}

/// A game's builder and the game, for that game's pages.
///
/// A class, so that a page is built from the builder and the game where they are kept. Read out of
/// an array for the call that builds a page, each struct was copied whole: some thirty counts
/// taken and given back for every page, on objects both rendering threads share.
final class GamePageBuilder: Sendable {
    let builder: PageBuilder
    let game: Game

    init(builder: PageBuilder, game: Game) {
        self.builder = builder
        self.game = game
    }

    /// The page of `spec`, one of this game's.
    func page(_ spec: PageBuilder.PageSpec) -> Page {
        switch spec {
        case .game: return builder.gamePage(game)
        case .comparison: return builder.comparisonPage(game)
        case .graph: return builder.graphPage(game)
        case let .kind(_, kind): return builder.kindPage(kind, in: game)
        case let .entry(_, kind, position):
            let page = game.withEntry(of: kind.id, at: position) { entry in
                kind.id == Schema.playthroughKind
                    ? builder.playthroughPage(entry, kind: kind, in: game) : builder.entryPage(entry, kind: kind, in: game)
            }
            guard let page else { preconditionFailure("no entry \(position) of \(kind.id) in \(game.id)") }
            return page
        case .home, .search, .notFound:
            preconditionFailure("not a page of a game")
        }
    }
}
