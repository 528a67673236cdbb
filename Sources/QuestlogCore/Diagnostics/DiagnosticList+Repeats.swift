extension DiagnosticList {
    /// `diagnostics` (in their order) with only the first `keeping` of a problem repeated more
    /// often than that: the same severity, code and `pattern`. The last one kept carries how many
    /// like it were left out.
    public static func collapsingRepeats(_ diagnostics: [Diagnostic], keeping: Int)
        -> [(diagnostic: Diagnostic, moreLikeIt: Int)] {
        func key(_ diagnostic: Diagnostic) -> String {
            [diagnostic.severity.rawValue, diagnostic.code, diagnostic.pattern].joined(separator: "\u{0}")
        }
        var totals: [String: Int] = [:]
        for diagnostic in diagnostics { totals[key(diagnostic), default: 0] += 1 }
        var seen: [String: Int] = [:]
        var kept: [(diagnostic: Diagnostic, moreLikeIt: Int)] = []
        for diagnostic in diagnostics {
            let key = key(diagnostic)
            let total = totals[key] ?? 0
            let index = (seen[key] ?? 0) + 1
            seen[key] = index
            if total <= keeping {
                kept.append((diagnostic, 0))
            } else if index <= keeping {
                kept.append((diagnostic, index == keeping ? total - keeping : 0))
            }
        }
        return kept
    }
}
