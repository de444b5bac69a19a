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

extension DurationSyntax {
    /// Unit words people write, by the unit they mean.
    private static let unitWords: [String: String] = [
        "ms": "ms", "msec": "ms", "msecs": "ms", "millisecond": "ms", "milliseconds": "ms",
        "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
        "m": "min", "min": "min", "mins": "min", "minute": "min", "minutes": "min",
        "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    ]

    /// The duration `text` probably means, e.g. `10s` for `10 sec` or `10 seconds`; `nil` when there is none
    /// (a number alone could be any unit).
    static func durationSuggestion(for text: String) -> String? {
        let trimmed = text.trimmingSpaces().lowercased()
        let number = String(trimmed.prefix { $0.isNumber || $0 == "." })
        let word = trimmed.dropFirst(number.count).trimmingSpaces()
        guard !number.isEmpty, let unit = unitWords[word] else { return nil }
        let suggestion = number + unit
        return suggestion != text && duration(suggestion) != nil ? suggestion : nil
    }

    /// The rate `text` probably means, e.g. `5/s` for `5/sec` or `5 per second`; `nil` when there is none.
    static func rateSuggestion(for text: String) -> String? {
        let lowered = text.lowercased()
        let halves = lowered.contains("/") ? lowered.split(separator: "/", maxSplits: 1).map(String.init)
            : lowered.components(separatedBy: " per ")
        guard halves.count == 2 else { return nil }
        // `5 requests/s`: the count is the number the first half starts with.
        let count = halves[0].trimmingSpaces().prefix { $0.isNumber }
        guard !count.isEmpty, halves[0].trimmingSpaces().dropFirst(count.count).allSatisfy({ $0.isLetter || $0 == " " }) else { return nil }
        let period = halves[1].trimmingSpaces()
        let unit = unitWords[period] ?? durationSuggestion(for: period) ?? (duration(period) != nil ? period : nil)
        guard let unit else { return nil }
        let suggestion = "\(count)/\(unit)"
        return suggestion != text && rate(suggestion) != nil ? suggestion : nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
