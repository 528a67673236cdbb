import Foundation

/// What `serve` keeps of its last good build for the next save to patch (`SiteBuild.renderServed`
/// with the files that changed): the resolve (`KeptResolve`), the pages and files served from it,
/// and the options it was made with. A save that changes nothing but the notes of some entries is
/// then shown by rendering those notes and their pages again, whatever the site's size.
public final class ServedMemo: @unchecked Sendable {
    // Unchecked: `last` is read and written only under `lock`.
    private let lock = NSLock()
    private var last: Last?

    struct Last: Sendable {
        var options: BuildOptions
        var kept: KeptResolve
        var pages: PageSet
        var files: [OutputFile]
        /// The diagnostics the build found after resolving (the theme's, the content's files').
        var later: [Diagnostic]
        /// Every file of `Content/` the build read or reported on, site-relative: a file gone that
        /// is not one of these (an editor's short-lived file) changes nothing.
        var inputs: Set<String>
    }

    public init() {}

    /// The last build, taken out: a patch that fails must not leave it to the next.
    func take() -> Last? {
        lock.withLock {
            defer { last = nil }
            return last
        }
    }

    func keep(_ build: Last) {
        lock.withLock { last = build }
    }

    /// Lets the last build go, freed on a thread of its own.
    func forget() {
        BackgroundRelease.release(take())
    }
}
