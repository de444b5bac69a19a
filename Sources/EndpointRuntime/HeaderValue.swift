import Foundation

/// A type a response header's text can be read as (the types `responseHeaders:` accepts).
public protocol HeaderValue: Sendable {
    /// The value of a header's text, or `nil` when it does not parse.
    init?(headerValue: String)
    /// What a value looks like, for error messages, e.g. `an integer`.
    static var headerDescription: String { get }
}

extension String: HeaderValue {
    /// The text as it is.
    public init?(headerValue: String) { self = headerValue }
    /// `text`.
    public static var headerDescription: String { "text" }
}

/// Numbers read their decimal text, blanks around it allowed (`Content-Length:  42`).
extension HeaderValue where Self: LosslessStringConvertible {
    /// The value of the trimmed text, or `nil` when it is not one.
    public init?(headerValue: String) { self.init(headerValue.trimmingCharacters(in: .whitespaces)) }
}

extension Int: HeaderValue {
    /// `an integer`.
    public static var headerDescription: String { "an integer" }
}

extension Int32: HeaderValue {
    /// `a 32-bit integer`.
    public static var headerDescription: String { "a 32-bit integer" }
}

extension Int64: HeaderValue {
    /// `a 64-bit integer`.
    public static var headerDescription: String { "a 64-bit integer" }
}

extension Double: HeaderValue {
    /// `a number`.
    public static var headerDescription: String { "a number" }
}

extension Float: HeaderValue {
    /// `a number`.
    public static var headerDescription: String { "a number" }
}

extension Bool: HeaderValue {
    /// `true` or `false`, in any case.
    public init?(headerValue: String) {
        switch headerValue.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
    /// `true or false`.
    public static var headerDescription: String { "true or false" }
}

extension URL: HeaderValue {
    /// An absolute or relative URL, e.g. `Location: /api/contents/untitled`.
    public init?(headerValue: String) { self.init(string: headerValue.trimmingCharacters(in: .whitespaces)) }
    /// `a URL`.
    public static var headerDescription: String { "a URL" }
}

extension UUID: HeaderValue {
    /// A UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    public init?(headerValue: String) { self.init(uuidString: headerValue.trimmingCharacters(in: .whitespaces)) }
    /// `a UUID`.
    public static var headerDescription: String { "a UUID" }
}

extension Date: HeaderValue {
    /// An HTTP date in RFC 9110's preferred IMF-fixdate form, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    public init?(headerValue: String) {
        guard let date = HTTPDate.parse(headerValue.trimmingCharacters(in: .whitespaces)) else { return nil }
        self = date
    }
    /// `an HTTP date`.
    public static var headerDescription: String { "an HTTP date (e.g. Sun, 06 Nov 1994 08:49:37 GMT)" }
}

/// RFC 9110 IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), parsed by hand: a `DateFormatter` is neither cheap nor
/// `Sendable`, and the format is fixed-width.
enum HTTPDate {
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or `nil` when `text` is not an IMF-fixdate of a real day and time.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","), days.contains(String(fields[0].dropLast())),
            fields[1].count == 2, let day = Int(fields[1]),
            let month = months.firstIndex(of: fields[2]),
            fields[3].count == 4, let year = Int(fields[3]),
            fields[5] == "GMT"
        else { return nil }
        let time = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard fields[4].count == 8, time.count == 3, time.allSatisfy({ $0.count == 2 }),
            let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let components = DateComponents(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
        // A day the month does not have (31 Feb) would roll over into the next month: refuse it.
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        let weekday = (calendar.component(.weekday, from: date) + 5) % 7  // Calendar's Sunday is 1; ours is 6
        return days[weekday] == String(fields[0].dropLast()) ? date : nil
    }
}
