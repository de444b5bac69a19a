import Foundation

/// A user name and password for HTTP basic auth (`AuthScheme.basic`).
public struct BasicCredentials: Sendable, Equatable {
    /// The user name; it may not contain `:` (basic auth cannot carry one).
    public var user: String
    /// The password.
    public var password: String

    /// Credentials, e.g. `BasicCredentials(user: "ada", password: keychain.password)`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The token a basic scheme sends after `Basic `: the base64 of `user:password` in UTF-8.
    public var token: String {
        Data("\(user):\(password)".utf8).base64EncodedString()
    }
}

extension BasicCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    /// The user and a redacted password, so credentials printed or logged by accident reveal no secret.
    public var description: String { "BasicCredentials(user: \(user), password: \(RequestSummary.redacted))" }
    /// The same as `description`.
    public var debugDescription: String { description }
}

/// The user name and password the app sets after signing in, for a basic auth scheme; a client reads it for every
/// request. Generated clients of specs with a basic scheme give their `shared` instance one per scheme.
///
/// ```swift
/// AdminClient.loginCredentials.set(BasicCredentials(user: "ada", password: password))
/// ```
public final class BasicCredentialStore: TokenProvider {
    private struct State {
        var credentials: BasicCredentials?
        var refresh: (@Sendable () async throws -> BasicCredentials?)?
    }

    private let state = LockedState(State())

    /// An empty store: requests that require this scheme fail until credentials are set.
    public init() {}

    /// Replaces the credentials; `nil` signs out.
    public func set(_ credentials: BasicCredentials?) {
        state.withLock { $0.credentials = credentials }
    }

    /// How to get new credentials when the server answers 401 (e.g. ask the user again); without it a 401 is final.
    public func onRefresh(_ refresh: @escaping @Sendable () async throws -> BasicCredentials?) {
        state.withLock { $0.refresh = refresh }
    }

    /// The current credentials.
    public var credentials: BasicCredentials? {
        state.withLock { $0.credentials }
    }

    /// The base64 token of the current credentials.
    public func token() async throws -> String? {
        credentials?.token
    }

    /// Runs the refresh closure, keeps what it returns and gives its token.
    public func refreshToken() async throws -> String? {
        guard let refresh = state.withLock({ $0.refresh }) else { return nil }
        let credentials = try await refresh()
        set(credentials)
        return credentials?.token
    }
}

/// A basic auth credential provider from two closures, e.g. reading the keychain for every request.
public struct ClosureBasicCredentialProvider: TokenProvider {
    /// The same closures, answering with the credentials' base64 token.
    private let tokens: ClosureTokenProvider

    /// A provider, e.g. `ClosureBasicCredentialProvider(credentials: { keychain.login })`.
    public init(
        credentials: @escaping @Sendable () async throws -> BasicCredentials?,
        refresh: @escaping @Sendable () async throws -> BasicCredentials? = { nil }
    ) {
        tokens = ClosureTokenProvider(token: { try await credentials()?.token }, refresh: { try await refresh()?.token })
    }

    /// The base64 token of the credentials closure's answer.
    public func token() async throws -> String? { try await tokens.token() }
    /// The base64 token of the refresh closure's answer.
    public func refreshToken() async throws -> String? { try await tokens.refreshToken() }
}
