/// The response type of an endpoint without a body (204, or a body the caller ignores).
public struct Empty: Codable, Sendable, Equatable {
    /// The empty value.
    public init() {}
}
