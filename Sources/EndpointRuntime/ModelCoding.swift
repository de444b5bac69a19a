// EndpointRuntime: what generated models decode and encode with: their keys, the discriminator of a `oneOf`, the
// per-property readers and writers, and the property wrappers `Indirect` and `Nullable` (Nullable.swift).

import Foundation

// MARK: - Discriminator

/// Reads the key that says which alternative of a `oneOf` model a JSON object holds.
///
/// Only generated models call it, so it is not part of the API an app sees: a file that uses it imports the runtime
/// with `@_spi(Generated) import EndpointRuntime`.
///
/// ```swift
/// // In `Pet.init(from:)` for `{"petType": "cat", ...}`:
/// Discriminator.value(forKey: "petType", in: decoder) // "cat"
/// ```
@_spi(Generated) public enum Discriminator {
    /// The string at `key` of the object being decoded; `nil` when the value is no object, lacks the key or
    /// holds something else there (the model then decodes as its unknown case).
    public static func value(forKey key: String, in decoder: any Decoder) -> String? {
        let container = try? decoder.container(keyedBy: ModelKey.self)
        return try? container?.decodeIfPresent(String.self, forKey: ModelKey(stringValue: key))
    }
}

// MARK: - AlternativeChoice

/// Picks the alternative of a `oneOf` model without a discriminator whose objects no key tells apart: of those that
/// decode, the one that keeps the most of the object's members when encoded again, the first of those that keep them
/// all (a card that also fits as a bank account decodes as the card, with its card-only members).
///
/// ```swift
/// // In `Source.init(from:)`:
/// var choice = AlternativeChoice<Self>(decoder)
/// if !choice.isSettled, let value = try? container.decode(BankAccount.self) { choice.consider(.bankAccount(value), encoding: value) }
/// if !choice.isSettled, let value = try? container.decode(Card.self) { choice.consider(.card(value), encoding: value) }
/// self = try choice.chosen ?? .unknown(container.decode(JSONValue.self))
/// ```
@_spi(Generated) public struct AlternativeChoice<Value> {
    /// The object's member names; `nil` when the value is no object (the first alternative that decodes is taken).
    private let members: Set<String>?
    private var best: (value: Value, kept: Int)?

    /// True once an alternative keeps every member: later ones need not be tried.
    public private(set) var isSettled = false

    /// Reads the member names of the value `decoder` holds.
    public init(_ decoder: any Decoder) {
        members = (try? decoder.container(keyedBy: ModelKey.self)).map { Set($0.allKeys.map(\.stringValue)) }
    }

    /// Weighs an alternative that decoded: `candidate` is the model's case, `alternative` its value.
    public mutating func consider(_ candidate: Value, encoding alternative: some Encodable) {
        guard let members, !members.isEmpty else {
            if best == nil { best = (candidate, 0) }
            isSettled = true
            return
        }
        let kept = Self.memberNames(of: alternative).intersection(members).count
        if kept > best?.kept ?? -1 { best = (candidate, kept) }
        if kept == members.count { isSettled = true }
    }

    /// The alternative chosen, or `nil` when none decoded.
    public var chosen: Value? { best?.value }

    /// The top-level member names of `value` encoded as JSON.
    private static func memberNames(of value: some Encodable) -> Set<String> {
        guard let data = try? JSONEncoder().encode(value),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return Set(object.keys)
    }
}

// MARK: - ModelDecoding, ModelEncoding

/// The key of a generated model's property: its name on the wire and, for XML, its form.
@_spi(Generated) public struct ModelKey: XMLCodingKey {
    /// The name on the wire, e.g. `expires_at`.
    public let stringValue: String
    /// How the property is written in XML (the spec's `xml` mark); `.element` unless marked.
    public let xmlForm: XMLKeyForm
    /// Keys are names, never positions.
    public var intValue: Int? { nil }

    /// The key of an unmarked property.
    public init(stringValue: String) {
        self.init(stringValue, xml: .element)
    }

    /// The key `name`, written in XML as `form` says.
    public init(_ name: String, xml form: XMLKeyForm) {
        stringValue = name
        xmlForm = form
    }

    /// Keys are names, never positions.
    public init?(intValue: Int) { nil }
}

/// Reads a generated model's properties, one call per property with its wire name (and XML form when marked), so a
/// model needs no `CodingKeys` enum of its own: that enum's synthesized members (a string switch each way, its
/// hashing) were about a third of the debug build of a client with many models (Benchmarks/README.md, whole Stripe).
///
/// ```swift
/// // In `User.init(from:)`:
/// let fields = try ModelDecoding(decoder)
/// self.id = try fields.decode("id")
/// self.role = try fields.decodeIfPresent("role") ?? .member
/// ```
@_spi(Generated) public struct ModelDecoding {
    let container: KeyedDecodingContainer<ModelKey>
    /// The keys of the nullable members read as `null` so far (`decodeNullable`), for the model's `nulls`.
    public internal(set) var nulls = NullMembers()

    /// The keyed container of the value `decoder` holds; throws as `container(keyedBy:)` does when it is no object.
    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: ModelKey.self)
    }

    /// The value at `name`; throws when it is missing or does not decode.
    public func decode<Value: Decodable>(_ name: String, xml form: XMLKeyForm = .element) throws -> Value {
        try container.decode(Value.self, forKey: ModelKey(name, xml: form))
    }

    /// The value at `name`, or `nil` when it is missing or `null`; throws when it does not decode.
    public func decodeIfPresent<Value: Decodable>(_ name: String, xml form: XMLKeyForm = .element) throws -> Value? {
        try container.decodeIfPresent(Value.self, forKey: ModelKey(name, xml: form))
    }

    /// The members at every key but the model's own `properties`, each decoded as `Value` (a model's additional
    /// properties); throws when one does not decode.
    public func decodeAdditional<Value: Decodable>(except properties: [String]) throws -> [String: Value] {
        var members: [String: Value] = [:]
        for key in container.allKeys where !properties.contains(key.stringValue) {
            members[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return members
    }
}

/// Writes a generated model's properties, the counterpart of `ModelDecoding`.
///
/// ```swift
/// // In `User.encode(to:)`:
/// var fields = ModelEncoding(encoder)
/// try fields.encode(id, "id")
/// try fields.encodeIfPresent(bio, "bio")
/// ```
@_spi(Generated) public struct ModelEncoding {
    var container: KeyedEncodingContainer<ModelKey>

    /// A keyed container of `encoder`.
    public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: ModelKey.self)
    }

    /// Writes `value` at `name`.
    public mutating func encode<Value: Encodable>(_ value: Value, _ name: String, xml form: XMLKeyForm = .element) throws {
        try write(value, ModelKey(name, xml: form))
    }

    /// Writes `value` at `name`, or nothing when it is `nil` (the key is left out, not sent as `null`).
    public mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, _ name: String, xml form: XMLKeyForm = .element) throws {
        guard let value else { return }
        try write(value, ModelKey(name, xml: form))
    }

    /// Writes `value` at `name`, or `null` when it is `nil` (a key the document requires and lets be `null`).
    public mutating func encodeOrNull<Value: Encodable>(_ value: Value?, _ name: String, xml form: XMLKeyForm = .element) throws {
        let key = ModelKey(name, xml: form)
        guard let value else { return try container.encodeNil(forKey: key) }
        try write(value, key)
    }

    /// Writes each member at its key, beside the model's own `properties` (a key that is one of them is the property's,
    /// so it is left out), in the keys' order so that the same value is always the same bytes.
    public mutating func encodeAdditional<Value: Encodable>(_ members: [String: Value], except properties: [String]) throws {
        for (key, value) in members.sorted(by: { $0.key < $1.key }) where !properties.contains(key) {
            try write(value, ModelKey(stringValue: key))
        }
    }

    /// Writes `value` at `key`, UUIDs in lower case (`UUID.lowercasedText(of:)`).
    mutating func write<Value: Encodable>(_ value: Value, _ key: ModelKey) throws {
        if let text = UUID.lowercasedText(of: value) {
            try container.encode(text, forKey: key)
        } else {
            try container.encode(value, forKey: key)
        }
    }
}

extension UUID {
    /// The text in lower case, as bodies and parameters carry it.
    var lowercasedText: String { uuidString.lowercased() }

    /// The lower-case text of `value` when it is a UUID or a list or map of them, `nil` for any other value: RFC 9562
    /// writes UUIDs in lower case and servers that compare them as text expect it (`Codable` writes `uuidString`, upper
    /// case). The type is compared, not cast: casting a long array to `[UUID]` would try every element.
    static func lowercasedText<Value: Encodable>(of value: Value) -> (any Encodable & Sendable)? {
        if Value.self == UUID.self { return (value as! UUID).lowercasedText }
        if Value.self == [UUID].self { return (value as! [UUID]).map(\.lowercasedText) }
        if Value.self == [String: UUID].self { return (value as! [String: UUID]).mapValues(\.lowercasedText) }
        return nil
    }
}

extension JSONEncoder {
    /// The JSON of a body, a UUID body (or a list or map of them) in lower case as in a model (`ModelEncoding`).
    func encodeBody(_ value: any Encodable) throws -> Data {
        if let text = UUID.lowercasedText(of: value) { return try encode(text) }
        return try encode(value)
    }
}

// MARK: - Indirect

/// A property stored out of line, so that a model can hold a value of its own type, directly or through other models
/// (`Comment.parent: Comment?`): a struct cannot contain itself, but it can hold a reference to a box that does.
///
/// The generator puts it on exactly the properties that close such a cycle; reading and writing them is as for any
/// property, and equality, hashing and coding are the value's.
///
/// ```swift
/// public struct Comment: Codable, Sendable, Hashable {
///     @Indirect public var parent: Comment?
/// }
/// ```
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    /// Immutable, so sharing one between copies of the model is safe: a write puts a new box in place.
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// Stores `wrappedValue` out of line.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// The value.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Compares the values, not the boxes.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}
