/// Gives headings GitHub-like anchor ids, unique within one document.
///
/// The slug is the lowercased text keeping letters, marks, numbers, `_` and `-` of any script
/// (so Vietnamese, Japanese or Hindi headings keep their words), each space turned into `-`,
/// everything else dropped. A heading without any of those becomes `section`. A repeated slug
/// gets the first free suffix `-1`, `-2`, … Slugs that could meet ids the page writes itself
/// (footnotes' `fn-`, `fnref-`; the theme's `ql-`) get an `h-` in front.
struct HeadingSlugger {
    static let reservedPrefixes = ["fn-", "fnref-", "ql-"]

    private var used: Set<String> = []
    /// The last suffix given to each base slug, so many repeats do not rescan from `-1`.
    private var lastSuffix: [String: Int] = [:]

    mutating func uniqueSlug(for text: String) -> String {
        let slug = Self.slug(text)
        let base = slug.isEmpty ? "section" : (Self.reservedPrefixes.contains { slug.hasPrefix($0) } ? "h-" + slug : slug)
        var candidate = base
        var suffix = lastSuffix[base, default: 0]
        while used.contains(candidate) {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        lastSuffix[base] = suffix
        used.insert(candidate)
        return candidate
    }

    static func slug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if isKept(scalar) {
                slug.append(scalar)
            }
        }
        return String(slug)
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation:
            return true
        default:
            return scalar == "-"
        }
    }
}
