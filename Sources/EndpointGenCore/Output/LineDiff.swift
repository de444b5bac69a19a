/// Line counts for the summary `generate` prints of each file it writes (`update X (+3 -1 lines)`).
///
/// On UTF-8 bytes: splitting 5 MB of generated code takes 12 ms so, 200 ms as `Substring`s of `Character`s (release,
/// measured apart), which is more than generating whole Stripe takes (openapi-benchmark's `endpointgen generate` row,
/// under 1 s).
enum LineDiff {
    /// The number of lines of a text; a final newline does not start another line.
    static func count(of text: String) -> Int {
        lines(of: Array(text.utf8)).count
    }

    /// `+A -R lines`: lines of `new` with no equal line left in `old`, and the reverse. Moves do not count.
    static func counts(old: String, new: String) -> String {
        var remaining: [ArraySlice<UInt8>: Int] = [:]
        for line in lines(of: Array(old.utf8)) { remaining[line, default: 0] += 1 }
        var added = 0
        for line in lines(of: Array(new.utf8)) {
            if let count = remaining[line], count > 0 {
                remaining[line] = count - 1
            } else {
                added += 1
            }
        }
        let removed = remaining.values.reduce(0, +)
        return "+\(added) -\(removed) lines"
    }

    private static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
