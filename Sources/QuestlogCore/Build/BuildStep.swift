/// The steps of a build, reported to a progress display.
public enum BuildStep: String, Sendable, CaseIterable {
    case loading = "Loading"
    case resolving = "Checking references"
    case rendering = "Rendering pages"
    case writing = "Writing"
}
