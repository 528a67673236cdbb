/// Typo tolerance: one edit is one character inserted, deleted, replaced, or two neighbours swapped.
enum SearchEditDistance {
    /// Whether `a` and `b` are equal or one edit apart.
    static func withinOne(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Bool {
        guard abs(a.count - b.count) <= 1 else { return false }
        var i = 0
        let shorter = min(a.count, b.count)
        while i < shorter, a[a.startIndex + i] == b[b.startIndex + i] { i += 1 }
        if i == a.count, i == b.count { return true }
        let restA = a.dropFirst(i)
        let restB = b.dropFirst(i)
        if a.count == b.count {
            if restA.dropFirst().elementsEqual(restB.dropFirst()) { return true }
            return restA.count >= 2 && restA[restA.startIndex] == restB[restB.startIndex + 1]
                && restA[restA.startIndex + 1] == restB[restB.startIndex] && restA.dropFirst(2).elementsEqual(restB.dropFirst(2))
        }
        return a.count < b.count ? restA.elementsEqual(restB.dropFirst()) : restA.dropFirst().elementsEqual(restB)
    }

    /// Whether some start of `term` is within one edit of `word`: the word may be a typo of a word
    /// still being typed.
    static func prefixWithinOne(_ word: [Unicode.Scalar], _ term: [Unicode.Scalar]) -> Bool {
        for length in [word.count - 1, word.count, word.count + 1] where length >= 1 && length <= term.count {
            if withinOne(word[...], term[..<length]) { return true }
        }
        return false
    }
}
