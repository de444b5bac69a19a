/// A cookie of one request: `Cookie("session", session)`. All of a request's cookies go in one `Cookie` header
/// (`a=1; b=2`); a `nil` value omits the cookie, an array joins with `,`.
public struct Cookie: Sendable, Equatable {
    /// The cookie name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]

    /// A cookie from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
    }

    /// `name=value` for the `Cookie` header, percent-encoded where a cookie allows no such byte (so a value can
    /// neither end its cookie nor split the header), or `nil` when there is no value.
    var pair: String? {
        guard !values.isEmpty else { return nil }
        return PercentEncoding.encodeCookieName(name) + "=" + PercentEncoding.encodeCookieValue(values.joined(separator: ","))
    }
}
