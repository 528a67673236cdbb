/// What a build keeps for the next one to reuse, each part checked before it is trusted: the
/// rendered notes (`NoteMemo`), the graph layouts (`LayoutMemo`), the search index's analyses of
/// documents (`SearchMemo`), the workbooks' compressed blocks (`DeflateMemo`) and the loaded
/// files (`LoadMemo`), and for `serve` the last good build (`ServedMemo`). `serve` keeps one in
/// memory; `build` reads it from the site's `.questlog/` folder and writes back each part that
/// changed (the last build is not kept on disk).
public final class BuildMemo: Sendable {
    public let notes: NoteMemo
    public let layouts: LayoutMemo
    public let search: SearchMemo
    public let deflated: DeflateMemo
    public let loads: LoadMemo?
    /// `serve`'s last good build, which a save of notes alone is patched from (with `loads`).
    public let served: ServedMemo?

    public init(notes: NoteMemo = NoteMemo(), layouts: LayoutMemo = LayoutMemo(), search: SearchMemo = SearchMemo(),
                deflated: DeflateMemo = DeflateMemo(), loads: LoadMemo? = nil, served: ServedMemo? = nil) {
        self.notes = notes
        self.layouts = layouts
        self.search = search
        self.deflated = deflated
        self.loads = loads
        self.served = served
    }

    static func notesPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/notes"
    }

    static func layoutsPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/layouts"
    }

    static func searchPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/search"
    }

    static func deflatedPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/deflated"
    }

    static func loadsPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/loads"
    }

    /// The memo the last builds of `site` left; empty parts where a file is missing, damaged or
    /// written by another Questlog binary. With `loading` (the stamps of the site's files as the
    /// build sees them before reading any, and `LoadMemo.settingsDigest(site:)` as it found it),
    /// the loaded files too: those whose stamps are the ones recorded (`LoadMemo+File`).
    static func read(site: String, identity: String = BuildCache.binaryIdentity,
                     loading: (stamps: [SourceStamp], settings: UInt64)? = nil) -> BuildMemo {
        let loads = loading.map { loading in
            FileContents.read(loadsPath(site: site)).map {
                LoadMemo(parsing: $0, identity: identity, settings: loading.settings, stamps: loading.stamps)
            } ?? LoadMemo()
        }
        return BuildMemo(notes: FileContents.read(notesPath(site: site)).flatMap { NoteMemo(parsing: $0, identity: identity) } ?? NoteMemo(),
                         layouts: FileContents.read(layoutsPath(site: site)).flatMap { LayoutMemo(parsing: $0, identity: identity) } ?? LayoutMemo(),
                         search: SearchMemo(reading: searchPath(site: site), identity: identity),
                         deflated: DeflateMemo(reading: deflatedPath(site: site), identity: identity), loads: loads)
    }

    /// How many records the memo holds of the notes and layouts (the search analyses and the
    /// compressed blocks are read later, when first needed).
    var count: Int {
        notes.count + layouts.count
    }
}
