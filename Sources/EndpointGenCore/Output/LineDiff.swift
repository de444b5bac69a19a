/// Line counts for change summaries.
enum LineDiff {
    /// The lines of a text; a final newline does not start another line.
    static func lines(of text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `+A -R lines`: lines of `new` with no equal line left in `old`, and the reverse. Moves do not count.
    static func counts(old: String, new: String) -> String {
        var remaining: [Substring: Int] = [:]
        for line in lines(of: old) { remaining[line, default: 0] += 1 }
        var added = 0
        for line in lines(of: new) {
            if let count = remaining[line], count > 0 {
                remaining[line] = count - 1
            } else {
                added += 1
            }
        }
        let removed = remaining.values.reduce(0, +)
        return "+\(added) -\(removed) lines"
    }
}
