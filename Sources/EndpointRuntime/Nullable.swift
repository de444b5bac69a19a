// EndpointRuntime: a member whose `null` means something of its own, apart from leaving it out.

/// An optional member that the document says may be `null`, where leaving it out and sending `null` differ: a PATCH
/// body leaves out what it keeps and sends `null` for what it clears.
///
/// The generator puts it on such members (`nullable: true` in the spec). Reading and writing them is as for any
/// optional (`T?`); the projection `$name` holds which of the three it is, and a decoded `null` is kept, so it is sent
/// back as `null`:
///
/// ```swift
/// var patch = ProfilePatch(nickname: "Ann")   // {"nickname":"Ann"}
/// patch.$bio = .null                          // {"nickname":"Ann","bio":null}
/// patch.nickname = nil                        // {"bio":null}: nil leaves the member out
/// ```
@propertyWrapper
public enum Nullable<Wrapped> {
    /// Left out.
    case absent
    /// Sent, or received, as `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// `nil` is absent.
    public init(wrappedValue: Wrapped?) {
        self = wrappedValue.map(Nullable.value) ?? .absent
    }

    /// The value, `nil` when absent or `null`; setting `nil` makes it absent.
    public var wrappedValue: Wrapped? {
        get {
            if case .value(let value) = self { return value }
            return nil
        }
        set { self = Nullable(wrappedValue: newValue) }
    }

    /// Which of the three it is (`$name`); set `.null` to send `null`.
    public var projectedValue: Nullable<Wrapped> {
        get { self }
        set { self = newValue }
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension ModelDecoding {
    /// The member at `name`: absent when the key is missing, `null` when it holds `null`; throws when it does not decode.
    public func decodeNullable<Value: Decodable>(_ name: String, xml form: XMLKeyForm = .element) throws -> Nullable<Value> {
        let key = ModelKey(name, xml: form)
        guard container.contains(key) else { return .absent }
        if try container.decodeNil(forKey: key) { return .null }
        return .value(try container.decode(Value.self, forKey: key))
    }

    /// The member at `name`, the spec's `default` when the key is missing, `null` when it holds `null`.
    public func decodeNullable<Value: Decodable>(_ name: String, xml form: XMLKeyForm = .element, default value: Value) throws -> Nullable<Value> {
        let decoded: Nullable<Value> = try decodeNullable(name, xml: form)
        if case .absent = decoded { return .value(value) }
        return decoded
    }
}

extension ModelEncoding {
    /// Writes `value` at `name`: nothing when absent, `null` when `null`.
    public mutating func encode<Value: Encodable>(_ value: Nullable<Value>, _ name: String, xml form: XMLKeyForm = .element) throws {
        let key = ModelKey(name, xml: form)
        switch value {
        case .absent: break
        case .null: try container.encodeNil(forKey: key)
        case .value(let wrapped): try write(wrapped, key)
        }
    }
}
