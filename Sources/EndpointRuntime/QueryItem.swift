/// A query parameter of one request: `QueryItem("include", ["a", "b"])` sends `include=a&include=b`.
public struct QueryItem: Sendable, Equatable {
    /// The key.
    public let name: String
    /// The text forms of the value (several for arrays, none for `nil`).
    public let values: [String]

    /// An item from its key and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
    }
}
