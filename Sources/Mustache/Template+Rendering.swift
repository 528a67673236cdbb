extension Template {
    /// Renders the template alone: partial and parent tags render as nothing.
    ///
    /// Use ``MustacheLibrary/render(_:with:)`` to render with partials.
    public func render(_ data: MustacheValue) throws(MustacheError) -> String {
        try MustacheLibrary(templates: [:]).render(self, with: data)
    }
}
