/// One name and value of a query string or a form body, before percent-encoding: `created[gt]` and `1`.
public struct ParameterPair: Sendable, Hashable {
    /// The name, e.g. `created[gt]`.
    public var name: String
    /// The value as text, e.g. `1`.
    public var value: String

    /// A pair.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
