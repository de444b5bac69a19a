/// A string from an open set: the values a spec lists for an `enum` are the type's static members, and any other
/// text decodes too and keeps its text.
///
/// Every generated enum type conforms; its coding (a single string), equality and hashing (by `rawValue`) and
/// `description` come from this protocol's extension, so that each generated type holds only its values and the
/// compiler builds these members once here instead of once per type.
///
/// ```swift
/// let status = Status(rawValue: "archived")          // known or not
/// if status == .active { ... }                        // compares the raw values
/// Status.knownValues.map(\.rawValue)                  // the spec's values, in its order
/// ```
public protocol OpenStringValue: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible, ParameterValue
where RawValue == String {
    /// Any value, known or not.
    init(rawValue: String)

    /// The values the spec lists, in its order.
    static var knownValues: [Self] { get }
}

extension OpenStringValue {
    /// Decodes any string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }

    /// Two values are equal when their raw values are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
