/// A header of one request: `HeaderField("X-Trace", trace)`; a `nil` value omits it, an array joins with `, `.
public struct HeaderField: Sendable, Equatable {
    /// The header name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]

    /// A value with `{variable}` placeholders, filled in from the client's variables at send time.
    public let template: ParameterTemplate?

    /// A header from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
        self.template = nil
    }

    /// A fixed header of one endpoint whose value may name run-time variables, e.g. `.template("X-Device", "{deviceType}")`.
    public static func template(_ name: String, _ value: String) -> HeaderField {
        HeaderField(name: name, template: ParameterTemplate(name: name, value: value))
    }

    private init(name: String, template: ParameterTemplate) {
        self.name = name
        self.values = []
        self.template = template
    }
}
