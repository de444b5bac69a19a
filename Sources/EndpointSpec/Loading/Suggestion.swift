/// "Did you mean" for misspelt keys, types, names (and the command line's commands and options).
public enum Suggestion {
    /// The candidate closest to `word`, if close enough to be a likely typo (case is ignored).
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, (target.count + 1) / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length; most candidates end here, not in the table.
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other)
            if distance <= limit, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `"; did you mean 'x'?"` or the empty string.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
