/// Links between output pages: `RelativeURL.from`, by the name the page builder gives it.
enum PageLink {
    static func from(_ source: String, to target: String) -> String {
        RelativeURL.from(source, to: target)
    }
}
