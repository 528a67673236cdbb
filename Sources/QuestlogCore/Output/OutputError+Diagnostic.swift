extension OutputError {
    /// The problem as a site-wide diagnostic, so a build reports it together with content errors.
    public var diagnostic: Diagnostic {
        .error(message, code: kind.rawValue, at: nil)
    }
}
