/// Checks for URL field values and settings.
enum URLCheck {
    /// `http://` or `https://` followed by a host.
    static func isAbsoluteWebURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let rest = lower.dropFirst(scheme.count)
            return !rest.isEmpty && !rest.hasPrefix("/") && !text.contains(where: { $0.isWhitespace })
        }
        return false
    }

    /// A web URL, or a relative path (an image beside the content); never `javascript:` and the like.
    static func isAcceptableURL(_ text: String) -> Bool {
        if text.isEmpty || text.contains(where: { $0.isWhitespace || $0.isNewline }) { return false }
        if isAbsoluteWebURL(text) { return true }
        if let colon = text.firstIndex(of: ":") {
            let scheme = text[..<colon]
            // A colon before any slash means a scheme; only mailto is allowed besides http(s).
            if !scheme.contains("/") { return scheme.lowercased() == "mailto" }
        }
        return true
    }
}
