import Foundation

extension MustacheValue: Codable {
    /// Converts any `Encodable` (a model struct, a dictionary, an array) into a context value.
    ///
    /// Goes through JSON, so keys follow the type's `CodingKeys`, whole numbers stay `.int`,
    /// and optionals that are `nil` are left out (strict mode then reports them as unknown).
    public init(_ encodable: some Encodable) throws {
        let data = try JSONEncoder().encode(encodable)
        self = try JSONDecoder().decode(MustacheValue.self, from: data)
    }

    /// Decodes any JSON-shaped value; a number that fits `Int` without loss becomes `.int`.
    public init(from decoder: any Decoder) throws {
        if var elements = try? decoder.unkeyedContainer() {
            var list: [MustacheValue] = []
            while !elements.isAtEnd { list.append(try elements.decode(MustacheValue.self)) }
            self = .list(list)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var map: [String: MustacheValue] = [:]
            for key in keyed.allKeys { map[key.stringValue] = try keyed.decode(MustacheValue.self, forKey: key) }
            self = .map(map)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Int.self) {
            self = .int(number)
        } else if let number = try? single.decode(Double.self) {
            self = .double(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes as the JSON-shaped value it is.
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .string(let text): try single.encode(text)
        case .int(let number): try single.encode(number)
        case .double(let number): try single.encode(number)
        case .bool(let flag): try single.encode(flag)
        case .null: try single.encodeNil()
        case .list(let elements): try single.encode(elements)
        case .map(let map): try single.encode(map)
        }
    }
}

/// A coding key for any string, so maps keep the keys the data has.
private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
