extension MustacheValue: Encodable {
    /// Converts any `Encodable` (a model struct, a dictionary, an array) into a context value.
    ///
    /// Shapes follow `JSONEncoder`: keys come from the type's `CodingKeys`, whole numbers stay `.int`,
    /// and optionals that are `nil` become `null` (so strict templates can test them in a section).
    public init(_ encodable: some Encodable) throws {
        self = try ValueEncoder.encode(encodable)
    }

    /// Encodes as the JSON-shaped value it is, e.g. to store a rendered context next to its output.
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
