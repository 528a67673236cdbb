/// The settings of `questlog.yml`.
public struct SiteConfig: Sendable, Hashable {
    public var title: String
    /// The public address of the site (ends with `/`); enables `sitemap.xml` and canonical links.
    public var baseURL: String?
    /// The UI language (`en`, `vi`, `hi`, `ja`, `zh`).
    public var language: String
    /// Keep raw HTML in notes (tagfilter still applies).
    public var unsafeHTML: Bool
    /// Custom kinds, in declaration order.
    public var customKinds: [Kind]
    /// The built-in entry kinds as `questlog.yml` leaves them (extended, relabelled or moved).
    public var builtInKinds: [Kind]
    /// Whether a wiki link to no page is only a warning (`dangling_links: warning`), shown as a
    /// marked span, rather than an error that stops the build.
    public var danglingLinksAreWarnings: Bool

    public init(title: String = "Questlog", baseURL: String? = nil, language: String = "en",
                unsafeHTML: Bool = false, customKinds: [Kind] = [], builtInKinds: [Kind] = Schema.builtIn.kinds,
                danglingLinksAreWarnings: Bool = false) {
        self.title = title
        self.baseURL = baseURL
        self.language = language
        self.unsafeHTML = unsafeHTML
        self.customKinds = customKinds
        self.builtInKinds = builtInKinds
        self.danglingLinksAreWarnings = danglingLinksAreWarnings
    }

    /// `text` as a base URL (ending with `/`), or nil unless it is an absolute http(s) URL; used for
    /// `base_url` in `questlog.yml` and for `questlog build --base-url`.
    public static func baseURL(_ text: String) -> String? {
        guard URLCheck.isAbsoluteWebURL(text) else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// The languages the UI ships strings for.
    public static let languages = ["en", "vi", "hi", "ja", "zh"]

    /// The built-in kinds as configured, then the custom kinds, then playthroughs with a list per
    /// progress field; every kind has an `image` field.
    public var schema: Schema {
        var schema = Schema.builtIn
        schema.kinds = (builtInKinds + customKinds).map { kind in
            var kind = kind
            if kind.field(named: FieldDefinition.image.name) == nil { kind.fields.append(FieldDefinition.image) }
            return kind
        }
        return schema.withPlaythroughLists()
    }
}
