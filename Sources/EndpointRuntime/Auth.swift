// EndpointRuntime: Authentication: schemes, requirements, credentials, token providers and the auth middleware.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - AuthScheme

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

    /// The header, query item or cookie name whose value must never be logged (`.basic` adds none: `Authorization`
    /// is always redacted).
    var secretNames: Set<String> {
        switch self {
        case .header(let name, _), .query(let name), .cookie(let name): [name]
        case .basic: []
        }
    }
}

// MARK: - AuthRequirement

/// Whether a request carries the token.
public enum AuthRequirement: Sendable, Equatable {
    /// Never send the token (e.g. login).
    case none
    /// Send the token when the provider has one.
    case optional
    /// Send the token; when none of the request's schemes gives a credential (no provider has one, or the client was
    /// made without providers) and the request does not already carry one (a default header of the configuration),
    /// the request is not sent and fails with `.invalidRequest`. (A request to another origin never carries
    /// credentials.)
    case required
}

// MARK: - AuthMiddleware

/// Attaches a credential to requests for the configured server only: that of the first scheme the request may use
/// whose provider has one. On a 401 refreshes that scheme's credential (one refresh shared by every request in
/// flight with it) and retries once.
struct AuthMiddleware: Middleware {
    /// One scheme a client can authenticate with, and the refresher of its provider.
    struct Choice: Sendable {
        /// The scheme's name in `ClientConfiguration.authSchemes`, or `""` for `ClientConfiguration.auth`.
        let name: String
        let scheme: AuthScheme
        let refresher: TokenRefresher
    }

    /// Every scheme a client can authenticate with, and which ones a request that names none uses.
    struct Authentication: Sendable {
        /// The schemes with a provider, by name (`""`: the single `configuration.auth`).
        let choices: [String: Choice]
        /// The names tried, in order, for a request that names no scheme.
        let defaults: [String]
        /// Every configured scheme, provider or not, by name (`""`: the single `configuration.auth`).
        let schemes: [String: AuthScheme]
        /// The header, query item and cookie names of every configured scheme, provider or not: never logged.
        let secretNames: Set<String>

        init(configuration: ClientConfiguration, tokenProvider: (any TokenProvider)?, credentials: [String: any TokenProvider]) {
            var choices: [String: Choice] = [:]
            if let auth = configuration.auth, let tokenProvider {
                choices[""] = Choice(name: "", scheme: auth, refresher: TokenRefresher(provider: tokenProvider))
            }
            for (name, scheme) in configuration.authSchemes {
                if let provider = credentials[name] {
                    choices[name] = Choice(name: name, scheme: scheme, refresher: TokenRefresher(provider: provider))
                }
            }
            self.choices = choices
            defaults = configuration.auth != nil ? [""] + configuration.defaultAuthSchemes : configuration.defaultAuthSchemes
            var schemes = configuration.authSchemes
            schemes[""] = configuration.auth
            self.schemes = schemes
            secretNames = schemes.values.reduce(into: []) { $0.formUnion($1.secretNames) }
        }

        /// Whether no scheme has a provider: every request goes as it is, except a required one, which is refused.
        var isEmpty: Bool { choices.isEmpty }
    }

    let authentication: Authentication
    let server: ServerAddress

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        // Nothing to add and nothing to refuse: no credentials wanted, or none to give and none required.
        if request.auth == .none || (request.auth == .optional && authentication.isEmpty) { return try await next(request) }
        guard let url = request.urlRequest.url, server.isSameOrigin(as: url) else { return try await next(request) }
        let names = request.authSchemes.isEmpty ? authentication.defaults : request.authSchemes
        if request.keepsOwnCredentials, names.contains(where: { carries(request.urlRequest, credentialsOf: $0) }) {
            return try await next(request)
        }
        guard let (choice, token) = try await credential(among: names) else {
            if request.auth == .required, !names.contains(where: { carries(request.urlRequest, credentialsOf: $0) }) {
                let named = names.filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: " or ")
                if named.isEmpty { throw .invalidRequest("the endpoint requires authentication and no token is available") }
                throw .invalidRequest("the endpoint requires authentication (\(named)) and no credentials are available")
            }
            return try await next(request)
        }
        let response = try await next(authorized(request, with: token, scheme: choice.scheme))
        guard response.statusCode == 401, let fresh = await choice.refresher.refresh(replacing: token), fresh != token else {
            return response
        }
        var again = authorized(request, with: fresh, scheme: choice.scheme)
        again.retryCause = "401, credentials refreshed"
        return try await next(again)
    }

    /// Whether `request` already carries what scheme `name` would add: its header, query item or cookie.
    private func carries(_ request: URLRequest, credentialsOf name: String) -> Bool {
        guard let scheme = authentication.schemes[name] else { return false }
        switch scheme {
        case .header(let header, _):
            return request.value(forHTTPHeaderField: header) != nil
        case .basic:
            return request.value(forHTTPHeaderField: "Authorization") != nil
        case .query(let item):
            guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
            return components.queryItems?.contains { $0.name == item } ?? false
        case .cookie(let cookie):
            let pairs = request.value(forHTTPHeaderField: "Cookie")?.split(separator: ";") ?? []
            return pairs.contains { $0.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == cookie }
        }
    }

    /// The first of `names` whose provider has a credential now, and that credential.
    private func credential(among names: [String]) async throws(EndpointError) -> (Choice, String)? {
        for name in names {
            guard let choice = authentication.choices[name] else { continue }
            if let token = try await choice.refresher.currentToken() { return (choice, token) }
        }
        return nil
    }

    private func authorized(_ request: PipelineRequest, with token: String, scheme: AuthScheme) -> PipelineRequest {
        var request = request
        switch scheme {
        case .header(let name, let prefix):
            request.urlRequest.allHTTPHeaderFields = Self.fields(of: request.urlRequest, setting: name, to: prefix.map { "\($0) \(token)" } ?? token)
        case .basic:
            request.urlRequest.allHTTPHeaderFields = Self.fields(of: request.urlRequest, setting: "Authorization", to: "Basic \(token)")
        case .query(let name):
            if let url = request.urlRequest.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                let item = "\(PercentEncoding.encode(name))=\(PercentEncoding.encode(token))"
                components.percentEncodedQuery = [components.percentEncodedQuery, item].compactMap { $0 }.joined(separator: "&")
                request.urlRequest.url = components.url
            }
        case .cookie(let name):
            let pair = PercentEncoding.encodeCookieName(name) + "=" + PercentEncoding.encodeCookieValue(token)
            let existing = request.urlRequest.value(forHTTPHeaderField: "Cookie").flatMap { $0.isEmpty ? nil : $0 }
            request.urlRequest.allHTTPHeaderFields = Self.fields(of: request.urlRequest, setting: "Cookie", to: [existing, pair].compactMap { $0 }.joined(separator: "; "))
        }
        return request
    }

    /// The request's header fields with `name` (any case) set to `value` alone. All the fields at once:
    /// `setValue(_:forHTTPHeaderField:)` costs twice as much on Linux.
    private static func fields(of request: URLRequest, setting name: String, to value: String) -> [String: String] {
        var fields = request.allHTTPHeaderFields ?? [:]
        HeaderSet.replace(name, with: value, in: &fields)
        return fields
    }
}

// MARK: - BasicCredentials

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

// MARK: - TokenProvider

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

// MARK: - TokenStore

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

// MARK: - TokenRefresher

/// Asks the provider for tokens and makes sure requests that fail together share one refresh.
actor TokenRefresher {
    private let provider: any TokenProvider
    private var refreshing: Task<String?, Never>?
    /// The token the last refresh replaced and what replaced it, so late 401s of the old token reuse it.
    private var lastRefresh: (stale: String, fresh: String?)?

    init(provider: any TokenProvider) { self.provider = provider }

    /// The provider's current token.
    nonisolated func currentToken() async throws(EndpointError) -> String? {
        do {
            return try await provider.token()
        } catch {
            throw .invalidRequest("the token provider failed: \(error)")
        }
    }

    /// A token to use instead of `stale`: the result of a refresh already done or running for it, or of a new one.
    func refresh(replacing stale: String) async -> String? {
        if let lastRefresh, lastRefresh.stale == stale { return lastRefresh.fresh }
        if let refreshing { return await refreshing.value }
        let provider = provider
        let task = Task { try? await provider.refreshToken() }
        refreshing = task
        let fresh = await task.value
        refreshing = nil
        lastRefresh = (stale, fresh)
        return fresh
    }
}
