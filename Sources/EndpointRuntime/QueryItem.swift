/// A query parameter of one request: `QueryItem("include", ["a", "b"])` sends `include=a&include=b`.
public struct QueryItem: Sendable, Equatable {
    /// The key.
    public let name: String
    /// The text forms of the value (several for arrays, none for `nil`).
    public let values: [String]

    /// A value with `{variable}` placeholders, filled in from the client's variables at send time.
    public let template: ParameterTemplate?

    /// An item from its key and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
        self.template = nil
    }

    /// A fixed query item of one endpoint whose value may name run-time variables, e.g. `.template("X-Device", "{deviceType}")`.
    public static func template(_ name: String, _ value: String) -> QueryItem {
        QueryItem(name: name, template: ParameterTemplate(name: name, value: value))
    }

    private init(name: String, template: ParameterTemplate) {
        self.name = name
        self.values = []
        self.template = template
    }
}
