import Dispatch
import Foundation
import QuestlogCore

/// `questlog serve` without its endless loop: builds in memory, serves, and rebuilds when the
/// watched files change. The command calls `watch()`; tests drive it with `rebuildIfChanged()` or
/// `startWatching()` (one of them at a time). A save is served as soon as the site is resolved:
/// each page is made when first asked for, and every page is then made in the background to find
/// the theme's problems (a newer save stops it); the exports and the search index are made when
/// first asked for.
final class LiveServer: @unchecked Sendable {
    let options: BuildOptions
    let site: LiveSite
    private let server: DevServer
    let watcher: SiteWatcher
    private let onChange: @Sendable ([String]) -> Void
    private let onBuild: @Sendable (ServedSite, TimeInterval, BuildTimings) -> Void
    private let onPageProblems: @Sendable (DiagnosticList) -> Void
    private let watching = DispatchGroup()
    /// The pages being made in the background, for `stop()` to wait for.
    private let filling = DispatchGroup()
    private let lock = NSLock()
    /// Counts the builds; pages made in the background stop once a newer build has begun.
    private var generation = 0
    /// The loaded files, notes and layouts of the last build, which the next one reuses where
    /// nothing they depend on changed, and the last good build, which a save of notes alone patches.
    private let memo = BuildMemo(loads: LoadMemo(), served: ServedMemo())

    /// `watcher` defaults to one on the site folder; `onChange` hears which files changed before each
    /// rebuild; `onBuild` hears about every build (the first one too), to print its problems, its
    /// time and the time of each stage; `onPageProblems` hears of the template errors found once every page of a build is made.
    init(options: BuildOptions, watcher: SiteWatcher? = nil, onChange: @escaping @Sendable ([String]) -> Void = { _ in },
         onPageProblems: @escaping @Sendable (DiagnosticList) -> Void = { _ in },
         onBuild: @escaping @Sendable (ServedSite, TimeInterval, BuildTimings) -> Void = { _, _, _ in }) {
        self.options = options
        self.onChange = onChange
        self.onPageProblems = onPageProblems
        self.onBuild = onBuild
        site = LiveSite(marking: LiveMarking(root: options.site))
        server = DevServer(site: site)
        // Watching from before the first build, so an edit made during it is built next.
        self.watcher = watcher ?? SiteWatcher(root: options.site)
    }

    /// Builds the site and starts serving it on `address`; returns the port.
    func start(address: BindAddress = .loopback, port: Int) throws -> Int {
        // Pages edit files only for a browser on this machine.
        site.marking?.enabled = address.isLoopback
        rebuild()
        return try server.start(address: address, port: port)
    }

    /// Stops serving and watching; returns once a rebuild in progress is over.
    func stop() {
        server.stop()
        watcher.stop()
        watching.wait()
        lock.withLock { generation += 1 }
        filling.wait()
    }

    /// Waits until the pages of the latest build are all made (or a newer build stopped them).
    func waitForPages() {
        filling.wait()
    }

    /// Rebuilds when a watched file changed since the last build; says whether it did.
    @discardableResult
    func rebuildIfChanged() -> Bool {
        let changed = watcher.changes()
        guard !changed.isEmpty else { return false }
        onChange(changed)
        rebuild(changed: changed)
        return true
    }

    /// Rebuilds after each burst of changes, sleeping in between, until `stop()`.
    func watch() {
        while let changed = watcher.nextChanges() {
            onChange(changed)
            rebuild(changed: changed)
        }
    }

    /// `watch()` on a thread of its own.
    func startWatching() {
        watching.enter()
        let thread = Thread { [self] in
            watch()
            watching.leave()
        }
        thread.name = "questlog watch"
        thread.start()
    }

    /// Builds the site: patched from the last build when the files that changed are known and
    /// only notes changed in them (`SiteBuild.renderServed`), else whole.
    private func rebuild(changed: [String]? = nil) {
        let started = Date()
        let current = lock.withLock { () -> Int in
            generation += 1
            return generation
        }
        // Read before the build: a file changed during it counts as changed since its pages.
        site.marking?.siteChanged()
        let states = site.marking?.snapshot() ?? [:]
        let build = SiteBuild(options: options)
        let timings = BuildTimings()
        let served = build.renderServed(timings: timings, memo: memo, changed: changed)
        let exports = served.site.map { resolved in LazyFiles { [memo] in build.renderExports(of: resolved, deflated: memo.deflated) } }
        let search = served.site.map { resolved in LazyFiles { [memo] in (build.renderSearch(of: resolved, memo: memo.search), DiagnosticList()) } }
        let sitemap = served.site.map { _ in LazyFiles { (build.renderSitemap(of: served), DiagnosticList()) } }
        // Heard of before it is served, so whoever sees the new pages has heard of their build.
        onBuild(served, Date().timeIntervalSince(started), timings)
        site.update(served, strict: options.strict, exports: exports, search: search, sitemap: sitemap, states: states)
        guard let pages = served.pages else { return }
        // Every page made in the background: each is then served at once, and a template error
        // that only some pages meet shows on every page, as a build would fail.
        filling.enter()
        let thread = Thread { [self] in
            defer { filling.leave() }
            let proceed: @Sendable () -> Bool = { [self] in lock.withLock { generation == current } }
            guard let problems = pages.problems(jobs: options.jobs, proceed: proceed), proceed() else { return }
            guard !problems.isEmpty else { return }
            onPageProblems(problems)
            var diagnostics = served.diagnostics
            diagnostics.append(contentsOf: problems)
            site.pagesFailed(pages, diagnostics: diagnostics)
        }
        thread.name = "questlog pages"
        thread.start()
    }
}
