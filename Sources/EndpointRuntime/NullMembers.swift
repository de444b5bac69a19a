// EndpointRuntime: the members of a model whose `null` means something of its own, apart from leaving them out.

/// The keys of a generated model's members that are `null`, where leaving a member out and sending `null` differ: a
/// PATCH body leaves out what it keeps and sends `null` for what it clears.
///
/// A model whose document lets an optional member be `null` (`nullable: true` in the spec) has a `nulls` property
/// beside its members, which read and write as any optional (`T?`). A member that is `nil` is left out, unless its key
/// (the API's name for it) is in `nulls`: then it is sent as `null`. A `null` received puts its key there, so it is sent
/// back as it came; a value set on the member is sent whatever `nulls` holds:
///
/// ```swift
/// var patch = ProfilePatch(nickname: "Ann")   // {"nickname":"Ann"}
/// patch.nulls.insert("bio")                   // {"bio":null,"nickname":"Ann"}
/// patch.nickname = nil                        // {"bio":null}: nil leaves the member out
/// patch.nulls.contains("bio")                 // true, also when decoded from {"bio":null}
/// ```
///
/// One set per model rather than a wrapper per member: the members stay plain optionals, which keeps a model with
/// hundreds of them as cheap to compile as one without (Benchmarks/README.md, issue #33).
public struct NullMembers: Hashable, Sendable, ExpressibleByArrayLiteral {
    private var keys: Set<String>

    /// No member is `null`.
    public init() {
        keys = []
    }

    /// The members at these keys are `null`: `patch.nulls = ["bio", "avatar"]`.
    public init(arrayLiteral keys: String...) {
        self.keys = Set(keys)
    }

    /// Whether the member at `key` is `null` (sent as `null` while it is `nil`).
    public func contains(_ key: String) -> Bool {
        keys.contains(key)
    }

    /// Sends the member at `key` as `null` while it is `nil`.
    public mutating func insert(_ key: String) {
        keys.insert(key)
    }

    /// Leaves the member at `key` out again while it is `nil`.
    public mutating func remove(_ key: String) {
        keys.remove(key)
    }

    /// True when no member is `null`.
    public var isEmpty: Bool { keys.isEmpty }
}

extension ModelDecoding {
    /// The member at `name`, `nil` when the key is missing or holds `null`; a `null` puts `name` in `nulls`. Throws when
    /// it does not decode.
    public mutating func decodeNullable<Value: Decodable>(_ name: String, xml form: XMLKeyForm = .element) throws -> Value? {
        let key = ModelKey(name, xml: form)
        guard container.contains(key) else { return nil }
        if try container.decodeNil(forKey: key) {
            nulls.insert(name)
            return nil
        }
        return try container.decode(Value.self, forKey: key)
    }

    /// The member at `name`, the spec's `default` when the key is missing, `nil` when it holds `null` (which puts `name`
    /// in `nulls`).
    public mutating func decodeNullable<Value: Decodable>(_ name: String, xml form: XMLKeyForm = .element, default value: Value) throws -> Value? {
        guard container.contains(ModelKey(name, xml: form)) else { return value }
        return try decodeNullable(name, xml: form)
    }
}

extension ModelEncoding {
    /// Writes `value` at `name`; when it is `nil`, `null` if `nulls` holds `name`, else nothing.
    public mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, _ name: String, xml form: XMLKeyForm = .element, nulls: NullMembers) throws {
        let key = ModelKey(name, xml: form)
        if let value {
            try write(value, key)
        } else if nulls.contains(name) {
            try container.encodeNil(forKey: key)
        }
    }
}
