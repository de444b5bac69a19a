/// Whether a request carries the token.
public enum AuthRequirement: Sendable, Equatable {
    /// Never send the token (e.g. login).
    case none
    /// Send the token when the provider has one.
    case optional
    /// Send the token; without one the request is not sent and fails with `.invalidRequest`.
    case required
}
