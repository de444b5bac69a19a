/// A token the app sets after signing in and clears on signing out; a client reads it for every
/// request. Generated clients give their `shared` instance one (`AuthClient.tokens`).
///
/// ```swift
/// AuthClient.tokens.set(session.token)
/// AuthClient.tokens.onRefresh { try await refreshSession() }
/// ```
public final class TokenStore: TokenProvider {
    private struct State {
        var token: String?
        var refresh: (@Sendable () async throws -> String?)?
    }

    private let state = LockedState(State())

    /// An empty store: requests that require auth fail until a token is set.
    public init() {}

    /// Replaces the token; `nil` signs out.
    public func set(_ token: String?) {
        state.withLock { $0.token = token }
    }

    /// How to get a fresh token when the server answers 401; without it a 401 is final.
    public func onRefresh(_ refresh: @escaping @Sendable () async throws -> String?) {
        state.withLock { $0.refresh = refresh }
    }

    /// The current token.
    public func token() async throws -> String? {
        state.withLock { $0.token }
    }

    /// Runs the refresh closure and keeps what it returns.
    public func refreshToken() async throws -> String? {
        guard let refresh = state.withLock({ $0.refresh }) else { return nil }
        let token = try await refresh()
        set(token)
        return token
    }
}
