import Foundation

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
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// `1.5` is `.number(1.5)`.
    public init(floatLiteral value: Double) { self = .number(value) }
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

    /// A number; `nil` for any other kind.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// A number that is a whole `Int`; `nil` for a fraction, a number out of `Int`'s range, or any other kind.
    public var intValue: Int? {
        guard case .number(let number) = self else { return nil }
        return Int(exactly: number)
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
