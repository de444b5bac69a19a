/// A field of an `application/x-www-form-urlencoded` body; arrays repeat the name.
public struct FormField: Sendable, Equatable {
    /// The field name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]

    /// A field from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
    }
}
