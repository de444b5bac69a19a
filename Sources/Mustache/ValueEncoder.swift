import Foundation

/// An `Encoder` that builds a ``MustacheValue`` directly, several times faster than going through JSON text.
///
/// Follows `JSONEncoder`'s shapes: keyed containers become maps, unkeyed ones lists, `nil` optionals
/// in keyed containers are left out, whole numbers become `.int`.
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

/// One value being encoded: a scalar, or a map or list of further slots (classes, so nested containers fill them in place).
final class Slot {
    var scalar: MustacheValue = .null
    var map: [String: Slot]?
    var list: [Slot]?

    /// The finished value.
    var value: MustacheValue {
        if let map { return .map(map.mapValues(\.value)) }
        if let list { return .list(list.map(\.value)) }
        return scalar
    }

    /// Stores `value`, taking scalars and URLs directly and letting other types encode themselves.
    func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: scalar = .string(text)
        case let flag as Bool: scalar = .bool(flag)
        case let number as Double: scalar = .double(number)
        case let number as Float: scalar = .double(Double(number))
        case let number as any BinaryInteger: scalar = Int(exactly: number).map(MustacheValue.int) ?? .double(Double(number))
        case let url as URL: scalar = .string(url.absoluteString)  // as JSONEncoder writes it
        default: try value.encode(to: ValueEncoder(codingPath: codingPath, slot: self))
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let slot: Slot

    private func child(_ key: Key) -> Slot {
        let child = Slot()
        slot.map?[key.stringValue] = child
        return child
    }

    mutating func encodeNil(forKey key: Key) { child(key).scalar = .null }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try child(key).store(value, codingPath: codingPath + [key])
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
        slot.list?.append(child)
        return child
    }

    mutating func encodeNil() { next().scalar = .null }

    mutating func encode(_ value: some Encodable) throws { try next().store(value, codingPath: codingPath) }

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
