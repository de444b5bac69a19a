/// Checks generated code runs before building a request, so a bad argument fails without being sent.
public enum Validate {
    /// Throws `.invalidRequest` when a required string is empty, e.g. `try Validate.nonEmpty(email, name: "email")`.
    public static func nonEmpty(_ value: String, name: String) throws(EndpointError) {
        if value.isEmpty {
            throw .invalidRequest("required parameter '\(name)' is empty")
        }
    }
}
