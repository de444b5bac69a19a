// EndpointRuntime: any JSON value (`JSON` in specs), its literals, access and conversions.

import Foundation

// MARK: - JSONValue

/// Any JSON value, kept as it came: what a `oneOf` model holds when no alternative matches.
///
/// ```swift
/// let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a": [1, true, null]}"#.utf8))
/// value == .object(["a": .array([.number(1), .bool(true), .null])]) // true
/// ```
///
/// Numbers keep their exact value (`JSONNumber`): `9007199254740993` and long decimals encode back as they came.
public enum JSONValue: Codable, Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, at its exact value: integers of up to 64 bits and decimals of up to 38 digits are kept as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; JSON objects are unordered, so the keys are too.
    case object([String: JSONValue])

    /// Decodes whichever kind of value is there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(JSONNumber.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as it was decoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

// MARK: - JSON

/// Any JSON value: the Swift type of the spec's `JSON` type, for members, bodies and responses whose shape the spec
/// leaves open.
///
/// ```swift
/// var patch: JSON = ["name": "Rex", "tags": ["good", "loud"]]
/// patch["owner"] = .null                       // a merge patch that removes `owner`
/// let name = document["name"]?.stringValue     // "Rex", or nil when absent or not a string
/// let pet = try document.decode(as: Pet.self)  // into a model, with the spec's default date format
/// ```
public typealias JSON = JSONValue

// MARK: - Literals

extension JSONValue: ExpressibleByStringLiteral {
    /// `"text"` is `.string("text")`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// `3` is `.number(3)`.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// `1.5` is `.number(1.5)`.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` is `.bool(true)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// `[1, "a"]` is `.array([.number(1), .string("a")])`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// `["a": 1]` is `.object(["a": .number(1)])`; a key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}

// MARK: - Access

extension JSONValue {
    /// The member named `key` of an object; `nil` when there is none or the value is not an object.
    ///
    /// Setting a value adds or replaces the member and setting `nil` removes it (to store JSON `null`, set `.null`);
    /// setting a member of a value that is not an object makes it an object holding just that member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            var members: [String: JSONValue] = [:]
            if case .object(let existing) = self { members = existing }
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element at `index` of an array; `nil` when the index is out of range or the value is not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text of a string; `nil` for any other kind.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number, as the nearest `Double`; `nil` for any other kind.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number.doubleValue }
        return nil
    }

    /// A number that is a whole `Int`; `nil` for a fraction, a number out of `Int`'s range, or any other kind.
    public var intValue: Int? {
        guard case .number(let number) = self else { return nil }
        return number.int64Value.flatMap { Int(exactly: $0) }
    }

    /// A number that is a whole `Int64`, exactly (`9007199254740993` too); `nil` for a fraction, a number out of
    /// range, or any other kind.
    public var int64Value: Int64? {
        guard case .number(let number) = self else { return nil }
        return number.int64Value
    }

    /// A number as a `Decimal`, exactly (`0.1` is `0.1`); `nil` beyond `Decimal`'s range or for any other kind.
    public var decimalValue: Decimal? {
        guard case .number(let number) = self else { return nil }
        return number.decimalValue
    }

    /// `true` or `false`; `nil` for any other kind.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements of an array; `nil` for any other kind.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object; `nil` for any other kind.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool { self == .null }
}

// MARK: - Conversion

extension JSONValue {
    /// The value decoded as `T`, e.g. a model, with `dates` as the date format (the spec's `policy.dates`).
    ///
    /// Throws the decoder's `DecodingError` when the value does not fit `T`.
    public func decode<T: Decodable>(as type: T.Type = T.self, dates: DateCoding = .iso8601) throws -> T {
        try dates.makeDecoder().decode(T.self, from: dates.makeEncoder().encode(self))
    }

    /// The JSON that `value` encodes to, e.g. a model the app holds, with `dates` as the date format.
    ///
    /// Throws the encoder's `EncodingError` when the value does not encode (a `Double.nan`, say).
    public init(encoding value: some Encodable, dates: DateCoding = .iso8601) throws {
        self = try dates.makeDecoder().decode(JSONValue.self, from: dates.makeEncoder().encode(value))
    }

    /// The value as compact JSON text with sorted keys, e.g. `{"a":[1,true]}`: the same value gives the same text.
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Only a non-finite number fails to encode, and JSON decoding never makes one: such a value prints as `null`.
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension JSONValue: ParameterValue {
    /// The value as compact JSON text (`jsonText`), e.g. `{"name":"Rex"}` for a query item like `q={"name":"Rex"}`.
    public var parameterValues: [String] { [jsonText] }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text (`jsonText`).
    public var description: String { jsonText }
}
