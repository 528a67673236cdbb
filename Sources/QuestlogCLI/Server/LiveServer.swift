import Foundation
import QuestlogCore

/// `questlog serve` without its endless loop: builds in memory, serves, and rebuilds when the
/// watched files change. The command polls `rebuildIfChanged()`; tests drive it step by step.
final class LiveServer: @unchecked Sendable {
    let options: BuildOptions
    let site = LiveSite()
    private let server: DevServer
    private let watcher: SiteWatcher
    private var fingerprint: Int
    private let onBuild: @Sendable (RenderedSite, TimeInterval) -> Void

    /// `onBuild` hears about every build (the first one too), to print its problems and figures.
    init(options: BuildOptions, onBuild: @escaping @Sendable (RenderedSite, TimeInterval) -> Void = { _, _ in }) {
        self.options = options
        self.onBuild = onBuild
        server = DevServer(site: site)
        watcher = SiteWatcher(root: options.site)
        fingerprint = watcher.fingerprint()
    }

    /// Builds the site and starts serving it; returns the port.
    func start(port: Int) throws -> Int {
        rebuild()
        return try server.start(port: port)
    }

    func stop() {
        server.stop()
    }

    /// Rebuilds when a watched file changed since the last build; says whether it did.
    @discardableResult
    func rebuildIfChanged() -> Bool {
        let current = watcher.fingerprint()
        guard current != fingerprint else { return false }
        fingerprint = current
        rebuild()
        return true
    }

    private func rebuild() {
        let started = Date()
        let rendered = SiteBuild(options: options).render()
        site.update(rendered, strict: options.strict)
        onBuild(rendered, Date().timeIntervalSince(started))
    }
}
