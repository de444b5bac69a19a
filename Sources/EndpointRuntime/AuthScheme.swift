/// How the token is attached to a request.
public enum AuthScheme: Sendable, Equatable {
    /// A header such as `Authorization: JWT <token>`; `prefix` nil sends the bare token.
    case header(name: String = "Authorization", prefix: String? = "Bearer")
    /// A query item such as `?access_token=<token>`.
    case query(name: String)
}
