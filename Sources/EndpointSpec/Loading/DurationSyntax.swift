/// Parses durations (`10s`, `500ms`, `1.5s`, `2min`, `1h`) and rates (`5/s`, `100/min`, `10/2s`).
enum DurationSyntax {
    private static let units: [(suffix: String, milliseconds: Double)] = [
        ("ms", 1), ("min", 60_000), ("s", 1_000), ("m", 60_000), ("h", 3_600_000),
    ]

    /// About 31 years: far beyond any timeout, far below what `Int64` holds.
    private static let maxMilliseconds = 1e12

    /// A duration of at least a millisecond: a number and a unit.
    static func duration(_ text: String) -> Duration? {
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count).trimmingSpaces()
            guard number.first?.isNumber == true, let value = Double(number) else { return nil }
            let milliseconds = (value * unit.milliseconds).rounded()
            guard milliseconds >= 1, milliseconds <= maxMilliseconds else { return nil }
            return .milliseconds(Int64(milliseconds))
        }
        return nil
    }

    /// A positive count per positive duration; the period's number may be left out (`5/s` is `5/1s`).
    static func rate(_ text: String) -> RateLimit? {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, let count = Int(halves[0].trimmingSpaces()), count > 0 else { return nil }
        var period = halves[1].trimmingSpaces()
        if period.first?.isLetter == true { period = "1" + period }
        return duration(period).map { RateLimit(count: count, per: $0) }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
