import Diagnostics

/// The keyed container over a mapping: looks keys up by their scalar text.
struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    /// Values by key text; built once so each lookup is constant time.
    private let values: [String: YAMLNode]
    let allKeys: [Key]

    var codingPath: [any CodingKey] { decoder.codingPath }

    init(decoder: NodeDecoder, pairs: [YAMLPair]) {
        self.decoder = decoder
        var values: [String: YAMLNode] = [:]
        var keys: [Key] = []
        for pair in pairs {
            guard let text = pair.key.text else { continue }  // a collection as a key has no CodingKey
            values[text] = pair.value
            if let key = Key(stringValue: text) { keys.append(key) }
        }
        self.values = values
        self.allKeys = keys
    }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.child(try value(for: key), key: key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try value(for: key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try value(for: key), key: key).unkeyedContainer()
    }

    /// The value under the key `super`, as `Codable` defines it for a superclass' part.
    func superDecoder() throws -> any Decoder {
        decoder.child(try value(for: SuperKey()), key: SuperKey())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(try value(for: key), key: key)
    }

    /// The value for `key`, or a "missing key" error located at the mapping.
    private func value(for key: some CodingKey) throws(DiagnosticError) -> YAMLNode {
        guard let value = values[key.stringValue] else {
            let place = codingPath.isEmpty ? "" : " in \(DecodingContext.describe(codingPath))"
            throw decoder.context.error("missing key '\(key.stringValue)'\(place)", at: decoder.node.location)
        }
        return value
    }
}

/// The key `super`, under which `superDecoder()` finds a superclass' part.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
