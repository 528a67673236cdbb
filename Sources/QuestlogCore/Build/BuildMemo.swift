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
    /// The memo of the last search index, which `build` updates after an edit of notes alone.
    let searchIndex: SearchIndexFile?

    public convenience init(notes: NoteMemo = NoteMemo(), layouts: LayoutMemo = LayoutMemo(), search: SearchMemo = SearchMemo(),
                deflated: DeflateMemo = DeflateMemo(), loads: LoadMemo? = nil, served: ServedMemo? = nil) {
        self.init(notes: notes, layouts: layouts, search: search, deflated: deflated, loads: loads, served: served, searchIndex: nil)
    }

    init(notes: NoteMemo, layouts: LayoutMemo, search: SearchMemo, deflated: DeflateMemo, loads: LoadMemo?, served: ServedMemo?,
         searchIndex: SearchIndexFile?) {
        self.searchIndex = searchIndex
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

    /// The journal of the notes memo: what changed since the file was written whole.
    static func notesJournalPath(site: String) -> String {
        notesPath(site: site) + "-journal"
    }

    static func layoutsPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/layouts"
    }

    static func searchPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/search"
    }

    /// The journal written beside the search memo when an index read few documents afresh.
    static func searchJournalPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/search-journal"
    }

    /// The memo of the last search index (`SearchIndexMemo`).
    static func searchIndexPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/search-index"
    }

    static func deflatedPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/deflated"
    }

    static func loadsPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/loads"
    }

    /// The journal of the loads memo: what changed since the file was written whole.
    static func loadsJournalPath(site: String) -> String {
        loadsPath(site: site) + "-journal"
    }

    /// The last build's resolve (`SiteMemo`), and the journal of the notes patched since.
    static func sitePath(site: String) -> String {
        site + "/" + BuildCache.folder + "/site"
    }

    static func siteJournalPath(site: String) -> String {
        sitePath(site: site) + "-journal"
    }

    /// The front matter of entries the last build's resolve was made from that the loads memo may
    /// lack: those patched into it since, those of files saved moments before it (`PatchedFronts`).
    static func frontsPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/fronts"
    }

    /// The walk of `Content/` the last build made (`ContentWalk+File`).
    static func walkPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/walk"
    }

    /// The memo the last builds of `site` left; empty parts where a file is missing, damaged or
    /// written by another Questlog binary. The notes and layouts are read on another thread from
    /// the moment this is made, while the caller looks at other files; `memo(loading:)` then reads
    /// the loaded files on the caller's thread and waits for the rest.
    struct Reading: Sendable {
        private let layouts: Background<LayoutMemo?>
        private let notes: Background<NoteMemo?>?
        private let site: String
        private let identity: String

        /// With `readingNotes` false, the notes memo is read only when `memo(loading:)` asks for
        /// it: a build that patches the last build's site (`SiteMemo`) needs neither the notes nor
        /// the loaded files.
        init(site: String, identity: String = BuildCache.binaryIdentity, readingNotes: Bool = true) {
            self.site = site
            self.identity = identity
            layouts = Background { FileContents.read(BuildMemo.layoutsPath(site: site)).flatMap { LayoutMemo(parsing: $0, identity: identity) } }
            notes = readingNotes ? Background { Self.notes(site: site, identity: identity) } : nil
        }

        private static func notes(site: String, identity: String) -> NoteMemo? {
            FileContents.read(BuildMemo.notesPath(site: site)).flatMap {
                NoteMemo(parsing: $0, journal: FileContents.read(BuildMemo.notesJournalPath(site: site)), identity: identity)
            }
        }

        /// The memo of a build that patches the last build's site: the layouts, the search
        /// analyses and index and the compressed blocks, but no notes and no loaded files.
        func patching() -> BuildMemo {
            BuildMemo(notes: NoteMemo(), layouts: layouts.value() ?? LayoutMemo(), search: search, deflated: deflated, loads: nil,
                      served: nil, searchIndex: searchIndex)
        }

        private var search: SearchMemo {
            SearchMemo(reading: BuildMemo.searchPath(site: site), journal: BuildMemo.searchJournalPath(site: site), identity: identity)
        }

        private var deflated: DeflateMemo {
            DeflateMemo(reading: BuildMemo.deflatedPath(site: site), identity: identity)
        }

        private var searchIndex: SearchIndexFile {
            SearchIndexFile(path: BuildMemo.searchIndexPath(site: site), identity: identity)
        }

        /// The memo, with the loaded files whose stamps are the ones recorded (`LoadMemo+File`):
        /// `loading` gives the stamps of the site's files as the build saw them before reading
        /// any, and `LoadMemo.settingsDigest(site:)` as it found it; and the key of a walk of
        /// `Content/` (`ContentWalk.key(of:)`) from those stamps, nil when no kept walk may stand
        /// for one (`Content/` holds a symbolic link).
        func memo(loading: (stamps: [SourceStamp], settings: UInt64, walkKey: UInt64?)) -> BuildMemo {
            let loads = FileContents.read(BuildMemo.loadsPath(site: site)).map {
                LoadMemo(parsing: $0, journal: FileContents.read(BuildMemo.loadsJournalPath(site: site)), identity: identity,
                         settings: loading.settings, stamps: loading.stamps)
            } ?? LoadMemo()
            if let key = loading.walkKey, let walk = FileContents.read(BuildMemo.walkPath(site: site)) {
                loads.offerStoredWalk(walk, identity: identity, settings: loading.settings, key: key)
            }
            let notes = self.notes?.value() ?? Self.notes(site: site, identity: identity)
            return BuildMemo(notes: notes ?? NoteMemo(), layouts: layouts.value() ?? LayoutMemo(), search: search, deflated: deflated,
                             loads: loads, served: nil, searchIndex: searchIndex)
        }
    }

    /// How many records the memo holds of the notes and layouts (the search analyses and the
    /// compressed blocks are read later, when first needed).
    var count: Int {
        notes.count + layouts.count
    }
}
