/// How a query meets a document's name, from best to worst. Hits are ordered by this first, so a
/// page named by the query comes before pages that only mention it or share a prefix with it.
public enum SearchNameMatch: Int, Sendable, Comparable, CaseIterable {
    /// Not every word of the query is in the name.
    case none
    /// Every word is in the name, some only as a prefix or with a typo ("stormv" in "Stormveil Castle").
    case inName
    /// The query, completed or corrected, is the whole name ("Milli" or "Millicnet" for "Millicent").
    case completesName
    /// Every word is a whole word of a longer name ("Millicent" in "Gowry + Millicent").
    case wholeWords
    /// The query's words are the name's words ("mask white varre" for "White Mask Varré").
    case wholeName

    /// What a document's name gets from a query of `words` words. `quality` holds, for each word,
    /// 2 when it is one of the name's terms, 1 when it matches one by prefix or typo, 0 otherwise;
    /// `nameLength` is the number of distinct terms of the name.
    static func of(quality: some Sequence<UInt8>, words: Int, nameLength: Int) -> SearchNameMatch {
        var allInName = true
        var allWhole = true
        for value in quality {
            if value == 0 { allInName = false }
            if value < 2 { allWhole = false }
        }
        guard allInName else { return .none }
        let wholeName = nameLength == words
        if allWhole { return wholeName ? .wholeName : .wholeWords }
        return wholeName ? .completesName : .inName
    }

    public static func < (lhs: SearchNameMatch, rhs: SearchNameMatch) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
