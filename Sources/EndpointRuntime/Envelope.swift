import Foundation

/// Decodes a value from a member of a JSON object (`{"data": {...}}` with the path `data`), for `Request.unwrap`.
///
/// The path reaches `init(from:)` through `userInfo` of a decoder made for the call: the client's shared
/// `JSONDecoder` is not changed, so concurrent calls with other paths cannot see each other's.
struct Envelope<Value: Decodable>: Decodable {
    var value: Value

    private static var pathKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "EndpointRuntime.envelopePath")! }

    /// The value at the key or dotted path `path` of `data`; a decoding error's path starts with the envelope's keys.
    static func decode(from data: Data, at path: String, with dateCoding: DateCoding) throws -> Value {
        let decoder = dateCoding.makeDecoder()
        decoder.userInfo[pathKey] = path.split(separator: ".").map(String.init)
        return try decoder.decode(Envelope.self, from: data).value
    }

    init(from decoder: any Decoder) throws {
        let keys = decoder.userInfo[Self.pathKey] as? [String] ?? []
        guard let last = keys.last else {
            value = try Value(from: decoder)
            return
        }
        var container = try decoder.container(keyedBy: MemberKey.self)
        for key in keys.dropLast() {
            container = try container.nestedContainer(keyedBy: MemberKey.self, forKey: MemberKey(key))
        }
        value = try container.decode(Value.self, forKey: MemberKey(last))
    }
}

/// Encodes a value as a member of a JSON object (`{"data": {...}}` with the path `data`), for `RequestBody.wrapped(in:)`.
struct JSONEnvelope: Encodable, Sendable {
    /// The keys from the outermost object in.
    var keys: [String]
    var value: any Encodable & Sendable

    func encode(to encoder: any Encoder) throws {
        guard let first = keys.first else { return try value.encode(to: encoder) }
        var container = encoder.container(keyedBy: MemberKey.self)
        try container.encode(JSONEnvelope(keys: Array(keys.dropFirst()), value: value), forKey: MemberKey(first))
    }
}

extension RequestBody {
    /// A JSON body sent as the member at the key or dotted path `path` of an object, e.g. `{"data": {...}}` for
    /// `data`; any other body as it is.
    public func wrapped(in path: String) -> RequestBody {
        guard case .json(let value) = self else { return self }
        return .json(JSONEnvelope(keys: path.split(separator: ".").map(String.init), value: value))
    }
}

/// A JSON object member's name.
private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
