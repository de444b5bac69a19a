/// Where each line of a text starts and ends, found in one pass so that quoting many lines stays linear.
///
/// Lines end at `\n`, `\r\n` or `\r`, as `Character`s would split them: Unicode always breaks graphemes around
/// CR and LF (except inside CR LF, which is one terminator either way), so scanning bytes gives the same lines.
public struct LineIndex: Sendable {
    private let text: String
    /// The UTF-8 offsets of each line's first byte and of the byte after its last (terminator excluded).
    private let ranges: [Range<Int>]

    public init(_ text: String) {
        self.text = text
        let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var ranges: [Range<Int>] = []
        var start = 0
        var offset = 0
        let bytes = Array(text.utf8)
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == lineFeed || byte == carriageReturn else {
                offset += 1
                continue
            }
            ranges.append(start..<offset)
            offset += byte == carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == lineFeed ? 2 : 1
            start = offset
        }
        ranges.append(start..<bytes.count)
        self.ranges = ranges
    }

    /// The text of a 1-based line without its terminator, or `nil` past the last line (a text ending in a
    /// terminator has an empty last line).
    public func line(_ number: Int) -> String? {
        guard ranges.indices.contains(number - 1) else { return nil }
        let range = ranges[number - 1]
        let utf8 = text.utf8
        return String(text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
    }
}
