import Foundation

/// A literal written in a spec, such as the `default` of a parameter or a property: a JSON-like value.
///
/// `default: 8080` gives `.int(8080)`, `default: "1.0"` gives `.string("1.0")`, `default: [a, b]` gives
/// `.array([.string("a"), .string("b")])`.
public enum SpecValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([SpecValue])
    /// Keys in source order.
    case object([Member])

    /// One key and value of an object.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// Its value.
        public var value: SpecValue

        /// Creates a member.
        public init(key: String, value: SpecValue) {
            self.key = key
            self.value = value
        }
    }

    /// Whether the value can be JSON: every number finite (YAML's `.inf` and `.nan` cannot).
    public var isFiniteJSON: Bool {
        switch self {
        case .double(let double): double.isFinite
        case .array(let items): items.allSatisfy(\.isFiniteJSON)
        case .object(let members): members.allSatisfy(\.value.isFiniteJSON)
        default: true
        }
    }
}

extension SpecValue {
    /// The date a default such as `2024-05-01T12:00:00Z` or `2024-05-01T12:00:00.25+02:00` names, in the forms the
    /// runtime decodes (RFC 3339, the same with a blank for the `T` or no zone, read as UTC, and an HTTP date), or
    /// `nil`: the loader refuses a `Date` default that is not one, the importer widens a member whose example is not
    /// one, the generator writes it as `Date(timeIntervalSince1970:)`.
    public static func date(fromDefault text: String) -> Date? {
        let dateAndTime: ISO8601DateFormatter.Options = [.withFullDate, .withDashSeparatorInDate, .withTime, .withColonSeparatorInTime]
        let separators: [ISO8601DateFormatter.Options] = [[], .withSpaceBetweenDateAndTime]
        let zones: [ISO8601DateFormatter.Options] = [[.withTimeZone, .withColonSeparatorInTimeZone], []]
        for separator in separators {
            for zone in zones {
                // The fraction first: without a zone, a formatter without it takes `12:00:00.25` and drops the `.25`.
                for fraction: ISO8601DateFormatter.Options in [.withFractionalSeconds, []] {
                    let formatter = ISO8601DateFormatter()
                    formatter.formatOptions = dateAndTime.union(separator).union(zone).union(fraction)
                    if let date = formatter.date(from: text) { return date }
                }
            }
        }
        let httpDate = DateFormatter()
        httpDate.locale = Locale(identifier: "en_US_POSIX")
        httpDate.timeZone = TimeZone(identifier: "GMT")
        httpDate.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return httpDate.date(from: text)
    }
}

extension SpecValue {
    /// Whether the value can be the default of a `type` value, exactly what the generator can write
    /// (`SwiftCode.value`): a `Date` in ISO 8601, `Data` in base64, a `UUID` and a `URL` that parse, a finite number, an
    /// enum model's case (looked up in `models`); object models take no default. The spec loader refuses a default
    /// that does not fit (an error), the OpenAPI importer leaves it out (a warning).
    public func fits(_ type: TypeRef, models: [String: Model]) -> Bool {
        switch (type, self) {
        case (.optional, .null): true
        case (.optional(let wrapped), _): fits(wrapped, models: models)
        case (.json, _): isFiniteJSON
        case (.string, .string): true
        case (.date, .string(let text)): Self.date(fromDefault: text) != nil
        case (.url, .string(let text)): URL(string: text) != nil
        case (.uuid, .string(let text)): UUID(uuidString: text) != nil
        case (.data, .string(let text)): Data(base64Encoded: text) != nil
        case (.int, .int), (.int32, .int), (.int64, .int), (.double, .int), (.float, .int), (.decimal, .int), (.bool, .bool): true
        case (.double, .double(let double)), (.float, .double(let double)), (.decimal, .double(let double)): double.isFinite
        case (.array(let element), .array(let items)): items.allSatisfy { $0.fits(element, models: models) }
        case (.dictionary(let element), .object(let members)): members.allSatisfy { $0.value.fits(element, models: models) }
        case (.model(let name), _):
            if case .enumeration(let cases, let rawType)? = models[name]?.kind, let text = enumText(rawType) {
                cases.contains { $0.matches(text, rawType: rawType) }
            } else {
                false
            }
        default: false
        }
    }
}

extension SpecValue {
    /// The text of a value that can name a case of an enumeration of `rawType`: a string for strings, an integer for the
    /// integer types, any number for `Double`; `nil` for any other value.
    public func enumText(_ rawType: TypeRef) -> String? {
        switch (rawType, self) {
        case (.string, .string(let text)): text
        case (.int, .int(let number)), (.int32, .int(let number)), (.int64, .int(let number)), (.double, .int(let number)): String(number)
        case (.double, .double(let number)): number.isFinite ? String(number) : nil
        default: nil
        }
    }
}
