import EndpointSpec
import Foundation

/// Small pieces of Swift source computed from spec values.
enum SwiftCode {
    /// A `Duration` expression: `.seconds(10)` for whole seconds, else `.milliseconds(1500)`.
    static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        return ".milliseconds(\(seconds * 1000 + attoseconds / 1_000_000_000_000_000))"
    }

    /// A runtime `RetryPolicy` expression for the spec's policy.
    static func retry(_ policy: RetryPolicy) -> String {
        let backoff: String =
            switch policy.backoff {
            case .none: ".none"
            case .constant: ".constant(\(duration(policy.delay)))"
            case .exponential: ".exponential(base: \(duration(policy.delay)))"
            }
        let statuses = policy.statuses.sorted().map(String.init).joined(separator: ", ")
        // The runtime retries timeouts and connection failures unless told otherwise: only a narrower `on` is spelled out.
        let failures = policy.failures == RetryFailure.allCases ? "" : ", failures: [\(policy.failures.map { "." + $0.rawValue }.joined(separator: ", "))]"
        return "RetryPolicy(attempts: \(policy.attempts), statuses: [\(statuses)]\(failures), backoff: \(backoff))"
    }

    /// An array literal of string literals, e.g. `["password"]`.
    static func stringArray(_ values: [String]) -> String {
        "[" + values.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }

    /// The Swift type for a spec type; models by their generated names. Built-in types are spelled in
    /// Swift as in the spec (`TypeRef.description`).
    static func type(_ type: TypeRef, names: ModelNames) -> String {
        switch type {
        case .array(let element): "[\(Self.type(element, names: names))]"
        case .dictionary(let value): "[String: \(Self.type(value, names: names))]"
        case .optional(let wrapped): "\(Self.type(wrapped, names: names))?"
        case .model(let name): names.typeName(name)
        default: type.description
        }
    }

    /// A Swift expression of `type` for a spec default, or `nil` when the value does not fit the type
    /// (the loader has already reported that; the generator then leaves the default out).
    static func value(_ value: SpecValue, as type: TypeRef, names: ModelNames) -> String? {
        switch (type, value) {
        case (.optional, .null): return "nil"
        case (.optional(let wrapped), _): return Self.value(value, as: wrapped, names: names)
        case (.json, _): return json(value)
        case (.string, _): return scalarText(value).map(SwiftLiteral.string)
        case (.int, .int(let int)), (.int32, .int(let int)), (.int64, .int(let int)): return String(int)
        case (.double, .int(let int)), (.float, .int(let int)): return "\(int).0"
        case (.double, .double(let double)), (.float, .double(let double)):
            return double.isFinite ? "\(double)" : nil
        case (.decimal, .int(let int)): return "Decimal(\(int))"
        // From the text, not a float literal, which would pass through a Double.
        case (.decimal, .double(let double)): return double.isFinite ? "Decimal(string: \(SwiftLiteral.string("\(double)")))!" : nil
        case (.bool, .bool(let bool)): return String(bool)
        case (.url, .string(let text)): return URL(string: text) == nil ? nil : "URL(string: \(SwiftLiteral.string(text)))!"
        case (.uuid, .string(let text)):
            return UUID(uuidString: text) == nil ? nil : "UUID(uuidString: \(SwiftLiteral.string(text)))!"
        case (.date, .string(let text)):
            // Seconds, not the text: no formatter at run time, and the same instant on every platform.
            return SpecValue.date(fromDefault: text).map { "Date(timeIntervalSince1970: \($0.timeIntervalSince1970))" }
        case (.data, .string(let text)):
            return Data(base64Encoded: text) == nil ? nil : "Data(base64Encoded: \(SwiftLiteral.string(text)))!"
        case (.array(let element), .array(let items)):
            let values = items.compactMap { Self.value($0, as: element, names: names) }
            return values.count == items.count ? "[" + values.joined(separator: ", ") + "]" : nil
        case (.dictionary(let element), .object(let members)):
            if members.isEmpty { return "[:]" }
            let values = members.compactMap { member in
                Self.value(member.value, as: element, names: names).map { "\(SwiftLiteral.string(member.key)): \($0)" }
            }
            return values.count == members.count ? "[" + values.joined(separator: ", ") + "]" : nil
        case (.model(let name), _):
            guard let text = scalarText(value) else { return nil }
            let literal = SwiftLiteral.enumValue(text, rawType: names.enumRawType(of: name) ?? .string)
            // `none` and `some` are Optional's cases too: an optional member's `.none` would mean `nil`.
            return names.enumCase(text, of: name).map { ["none", "some"].contains($0) ? "\(names.typeName(name)).\($0)" : "." + $0 }
                ?? "\(names.typeName(name))(rawValue: \(literal))"
        default:
            return nil
        }
    }

    /// A `JSON` expression for any YAML value, e.g. `.object(["a": .number(1)])`; `nil` for a non-finite number.
    private static func json(_ value: SpecValue) -> String? {
        switch value {
        case .null: return ".null"
        case .bool(let bool): return ".bool(\(bool))"
        case .int(let int): return ".number(\(int))"
        case .double(let double): return double.isFinite ? ".number(\(double))" : nil
        case .string(let text): return ".string(\(SwiftLiteral.string(text)))"
        case .array(let items):
            let values = items.compactMap(json)
            return values.count == items.count ? ".array([" + values.joined(separator: ", ") + "])" : nil
        case .object(let members):
            if members.isEmpty { return ".object([:])" }
            let values = members.compactMap { member in json(member.value).map { "\(SwiftLiteral.string(member.key)): \($0)" } }
            return values.count == members.count ? ".object([" + values.joined(separator: ", ") + "])" : nil
        }
    }

    private static func scalarText(_ value: SpecValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .bool(let bool): String(bool)
        default: nil
        }
    }
}
