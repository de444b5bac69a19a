/// A header of one request: `HeaderField("X-Trace", trace)`; a `nil` value omits it, an array joins with `, `.
public struct HeaderField: Sendable, Equatable {
    /// The header name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]

    /// A header from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
    }
}
