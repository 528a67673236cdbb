import Markdown
import Mustache

extension PageBuilder {
    /// How long a page's description may be before it is cut at a word, as search engines show it.
    static let descriptionLength = 160

    /// What link previews read, when the site has a base URL: `<meta name="description">`, Open
    /// Graph and Twitter card tags, with absolute URLs. `null` without a base URL, so a site
    /// without one keeps its pages as they were.
    func sharing(path: String, title: String, type: String, description: String,
                 image: (url: String, alt: String)? = nil) -> MustacheValue {
        guard let base = site.config.baseURL else { return .null }
        let url = base + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
        var imageValue: MustacheValue = .null
        if let image {
            let isWeb = URLCheck.isAbsoluteWebURL(image.url)
            var item: [String: MustacheValue] = [
                "url": .string(isWeb ? image.url : base + image.url), "alt": .string(image.alt), "width": .null, "height": .null,
            ]
            if !isWeb, let size = site.imageSizes[image.url] {
                item["width"] = .int(size.width)
                item["height"] = .int(size.height)
            }
            imageValue = .object(MustacheObject(item))
        }
        return [
            "title": .string(title),
            "type": .string(type),
            "url": .string(url),
            "description": .string(Self.trimmed(description)),
            "siteName": .string(site.config.title),
            "locale": .string(Self.openGraphLocale(strings.language)),
            "image": imageValue,
            "twitterCard": .string(image == nil ? "summary" : "summary_large_image"),
        ]
    }

    /// The first paragraph of `notes` as plain text, or `fallback` when the notes have none.
    func describe(_ notes: Notes, fallback: @autoclosure () -> String) -> String {
        guard site.config.baseURL != nil else { return "" }
        let text = notes.markdown.isEmpty ? "" : MarkdownRenderer.summary(notes.markdown).plainText
        let first = Self.collapsed(text)
        return first.isEmpty ? fallback() : first
    }

    /// "Quests (19), NPCs (24)": a game's kinds with their counts, in the page's language.
    func kindSummary(of game: Game) -> String {
        kinds(of: game).map { "\(labels.kindPlural($0)) (\(game.entries(of: $0.id).count))" }
            .joined(separator: strings["ui.list_separator"])
    }

    /// `text` with its whitespace collapsed, cut at a word (or, in text without spaces such as
    /// Japanese, at a character) to at most `descriptionLength` characters, ending in `…` when cut.
    static func trimmed(_ text: String, limit: Int = descriptionLength) -> String {
        var text = collapsed(text)
        if text.hasSuffix("…") { text = String(text.dropLast()).trimmingSuffix(while: \.isWhitespace) + "…" }
        guard text.count > limit else { return text }
        var kept = text.prefix(limit - 1)
        if !text[kept.endIndex].isWhitespace, let space = kept.lastIndex(where: \.isWhitespace),
           kept.distance(from: kept.startIndex, to: space) > limit / 2 {
            kept = kept[..<space]
        }
        let cut = String(kept).trimmingSuffix { $0.isWhitespace || ",;:、，。·-–—".contains($0) }
        return cut + "…"
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `og:locale` wants language_TERRITORY: the language's usual territory when none is given.
    static func openGraphLocale(_ language: String) -> String {
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first?.lowercased() else { return "en_US" }
        if parts.count > 1 { return first + "_" + parts[1].uppercased() }
        let territories = ["en": "US", "ja": "JP", "zh": "CN", "hi": "IN", "vi": "VN", "de": "DE", "fr": "FR", "es": "ES",
                           "it": "IT", "pt": "BR", "ko": "KR", "ru": "RU", "pl": "PL", "nl": "NL", "sv": "SE"]
        return territories[first].map { first + "_" + $0 } ?? first
    }
}

private extension String {
    func trimmingSuffix(while drop: (Character) -> Bool) -> String {
        var text = self[...]
        while let last = text.last, drop(last) { text = text.dropLast() }
        return String(text)
    }
}
