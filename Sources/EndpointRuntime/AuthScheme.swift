/// How a credential is attached to a request.
public enum AuthScheme: Sendable, Equatable {
    /// A header such as `Authorization: JWT <token>`; `prefix` nil sends the bare token (an API key in a header).
    case header(name: String = "Authorization", prefix: String? = "Bearer")
    /// A query item such as `?access_token=<token>`.
    case query(name: String)
    /// A cookie such as `session=<token>`, sent in the request's `Cookie` header after its other cookies.
    case cookie(name: String)
    /// HTTP basic auth: `Authorization: Basic <base64 of user:password>`; the provider is a `BasicCredentialStore` or a
    /// `ClosureBasicCredentialProvider`, whose token is that base64 text.
    case basic

    /// The header or query item names whose values must never be logged: every name but the always-redacted
    /// `Authorization` and `Cookie` headers.
    var secretNames: Set<String> {
        switch self {
        case .header(let name, _), .query(let name), .cookie(let name): [name]
        case .basic: []
        }
    }
}
