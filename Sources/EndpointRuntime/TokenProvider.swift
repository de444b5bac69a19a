/// Where the client gets its token; called for every authenticated request, and `refreshToken` on a 401.
public protocol TokenProvider: Sendable {
    /// The current token, or `nil` when signed out.
    func token() async throws -> String?
    /// A fresh token after the server refused the current one, or `nil` when that is impossible (sign in again).
    func refreshToken() async throws -> String?
}

/// A token provider from two closures.
public struct ClosureTokenProvider: TokenProvider {
    private let current: @Sendable () async throws -> String?
    private let refresh: @Sendable () async throws -> String?

    /// A provider, e.g. `ClosureTokenProvider(token: { keychain.token }, refresh: { try await api.refresh() })`.
    public init(
        token: @escaping @Sendable () async throws -> String?,
        refresh: @escaping @Sendable () async throws -> String? = { nil }
    ) {
        self.current = token
        self.refresh = refresh
    }

    /// Calls the token closure.
    public func token() async throws -> String? { try await current() }
    /// Calls the refresh closure.
    public func refreshToken() async throws -> String? { try await refresh() }
}
