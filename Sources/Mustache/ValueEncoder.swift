import Foundation

/// An `Encoder` that builds a ``MustacheValue`` directly, several times faster than going through JSON text.
///
/// Follows `JSONEncoder`'s shapes (keyed containers become maps, unkeyed ones lists, whole numbers
/// `.int`) but for one thing: a `nil` optional in a keyed container becomes `null`, not a missing key.
struct ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Where the encoded value goes.
    let slot: Slot

    /// Encodes `value` into a context value.
    static func encode(_ value: some Encodable) throws -> MustacheValue {
        let slot = Slot()
        try slot.store(value, codingPath: [])
        return slot.value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if slot.map == nil { slot.map = [:] }
        return KeyedEncodingContainer(KeyedContainer(codingPath: codingPath, slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if slot.list == nil { slot.list = [] }
        return UnkeyedContainer(codingPath: codingPath, slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(codingPath: codingPath, slot: slot)
    }
}

/// One value being encoded: a scalar, or a map or list of children (a class, so nested containers fill
/// it in place). Scalar children are stored as values, not slots: most of a context is strings, and a
/// slot per string would cost an allocation each.
final class Slot {
    /// A finished scalar, or a slot still being filled.
    enum Child {
        case value(MustacheValue)
        case slot(Slot)

        var value: MustacheValue {
            switch self {
            case .value(let value): value
            case .slot(let slot): slot.value
            }
        }
    }

    var scalar: MustacheValue = .null
    var map: [String: Child]?
    var list: [Child]?

    /// The finished value.
    var value: MustacheValue {
        if let map { return .map(map.mapValues(\.value)) }
        if let list { return .list(list.map(\.value)) }
        return scalar
    }

    /// `value` as a scalar when it is one of the types taken directly, else `nil`.
    static func scalar(of value: some Encodable) -> MustacheValue? {
        // The common types first: each failed cast costs, `any BinaryInteger` most of all.
        switch value {
        case let text as String: .string(text)
        case let number as Int: .int(number)
        case let flag as Bool: .bool(flag)
        case let number as Double: .double(number)
        case let number as Float: .double(Double(number))
        case let number as any BinaryInteger: Int(exactly: number).map(MustacheValue.int) ?? .double(Double(number))
        case let url as URL: .string(url.absoluteString)  // as JSONEncoder writes it
        default: nil
        }
    }

    /// The child for `value`: the scalar itself, or a slot the value encodes itself into.
    /// `codingPath` is only built for values that encode themselves.
    static func child(for value: some Encodable, codingPath: @autoclosure () -> [any CodingKey]) throws -> Child {
        if let scalar = scalar(of: value) { return .value(scalar) }
        let slot = Slot()
        try value.encode(to: ValueEncoder(codingPath: codingPath(), slot: slot))
        return .slot(slot)
    }

    /// Stores `value` in this slot.
    func store(_ value: some Encodable, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if let scalar = Self.scalar(of: value) {
            self.scalar = scalar
        } else {
            try value.encode(to: ValueEncoder(codingPath: codingPath(), slot: self))
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let slot: Slot

    private func child(_ key: Key) -> Slot {
        let child = Slot()
        slot.map?[key.stringValue] = .slot(child)
        return child
    }

    mutating func encodeNil(forKey key: Key) { slot.map?[key.stringValue] = .value(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        slot.map?[key.stringValue] = try Slot.child(for: value, codingPath: codingPath + [key])
    }

    /// A `nil` optional becomes `null` instead of a missing key, so a strict template can test it
    /// with `{{#key}}` without an "unknown section" error.
    mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws {
        try encodeOptional(value, forKey: key)
    }

    // The protocol has a requirement per standard type; each must say the same.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }

    private mutating func encodeOptional(_ value: (some Encodable)?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            encodeNil(forKey: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(codingPath: codingPath + [key], slot: child(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(codingPath: codingPath + [key], slot: child(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(codingPath: codingPath, slot: child(Key(stringValue: "super") ?? Key(intValue: 0)!))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(codingPath: codingPath + [key], slot: child(key))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let slot: Slot
    var count: Int { slot.list?.count ?? 0 }

    private func next() -> Slot {
        let child = Slot()
        slot.list?.append(.slot(child))
        return child
    }

    mutating func encodeNil() { slot.list?.append(.value(.null)) }

    mutating func encode(_ value: some Encodable) throws { slot.list?.append(try Slot.child(for: value, codingPath: codingPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(codingPath: codingPath, slot: next()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ValueEncoder(codingPath: codingPath, slot: next()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath, slot: next()) }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let slot: Slot

    mutating func encodeNil() { slot.scalar = .null }

    mutating func encode(_ value: some Encodable) throws { try slot.store(value, codingPath: codingPath) }
}
