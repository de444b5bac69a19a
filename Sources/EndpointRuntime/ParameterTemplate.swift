/// A parameter every request carries (a default query item or header) whose value may contain
/// `{version}` and `{variableName}` placeholders, filled in at send time.
///
/// For example `ParameterTemplate(name: "X-Device", value: "{deviceType}")` with
/// `variables["deviceType"] = "ios"` sends `X-Device: ios`. A variable without a value fails the request before it is sent.
public struct ParameterTemplate: Sendable, Equatable {
    /// The query item or header name.
    public var name: String
    /// The value, with optional `{placeholder}`s.
    public var value: String

    /// A template from its name and value, e.g. `ParameterTemplate(name: "api-version", value: "{version}")`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The value with each `{placeholder}` replaced from `variables`; throws `.invalidRequest` for an undefined one.
    func resolve(_ variables: [String: String]) throws(EndpointError) -> String {
        var result = ""
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let variable = String(rest[rest.index(after: open)..<close])
            guard let replacement = variables[variable] else {
                throw .invalidRequest(
                    "parameter '\(name)' uses variable '\(variable)', which has no value: set configuration.variables[\"\(variable)\"] "
                        + "or computedVariables[\"\(variable)\"] (for a generated client's shared instance, in configureShared), "
                        + "or give the variable a default in the spec")
            }
            result += replacement
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
