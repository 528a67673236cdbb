import Dispatch
import Foundation
import QuestlogCore

/// `questlog serve` without its endless loop: builds in memory, serves, and rebuilds when the
/// watched files change. The command calls `watch()`; tests drive it with `rebuildIfChanged()` or
/// `startWatching()` (one of them at a time). The exports are made when first asked for.
final class LiveServer: @unchecked Sendable {
    let options: BuildOptions
    let site: LiveSite
    private let server: DevServer
    let watcher: SiteWatcher
    private let onChange: @Sendable ([String]) -> Void
    private let onBuild: @Sendable (RenderedSite, TimeInterval) -> Void
    private let watching = DispatchGroup()
    /// The notes and layouts of the last build, which the next one reuses where nothing they depend on changed.
    private let memo = BuildMemo()

    /// `watcher` defaults to one on the site folder; `onChange` hears which files changed before each
    /// rebuild; `onBuild` hears about every build (the first one too), to print its problems and figures.
    init(options: BuildOptions, watcher: SiteWatcher? = nil, onChange: @escaping @Sendable ([String]) -> Void = { _ in },
         onBuild: @escaping @Sendable (RenderedSite, TimeInterval) -> Void = { _, _ in }) {
        self.options = options
        self.onChange = onChange
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
    }

    /// Rebuilds when a watched file changed since the last build; says whether it did.
    @discardableResult
    func rebuildIfChanged() -> Bool {
        let changed = watcher.changes()
        guard !changed.isEmpty else { return false }
        onChange(changed)
        rebuild()
        return true
    }

    /// Rebuilds after each burst of changes, sleeping in between, until `stop()`.
    func watch() {
        while let changed = watcher.nextChanges() {
            onChange(changed)
            rebuild()
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

    private func rebuild() {
        let started = Date()
        // Read before the build: a file changed during it counts as changed since its pages.
        site.marking?.siteChanged()
        let states = site.marking?.snapshot() ?? [:]
        let build = SiteBuild(options: options)
        let rendered = build.render(deferringExports: true, deferringSearch: true, memo: memo)
        let exports = rendered.deferredExports.map { resolved in LazyFiles { build.renderExports(of: resolved) } }
        let search = rendered.deferredExports.map { resolved in LazyFiles { (build.renderSearch(of: resolved), DiagnosticList()) } }
        // Heard of before it is served, so whoever sees the new pages has heard of their build.
        onBuild(rendered, Date().timeIntervalSince(started))
        site.update(rendered, strict: options.strict, exports: exports, search: search, states: states)
    }
}
