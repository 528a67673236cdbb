/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (distance: Int, candidate: String)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            let limit = max(1, min(3, max(target.count, candidate.count) / 3))
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance
                || (distance == best!.distance && candidate.utf8.lexicographicallyPrecedes(best!.candidate.utf8)) {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance with adjacent transpositions (optimal string alignment).
    public static func editDistance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
