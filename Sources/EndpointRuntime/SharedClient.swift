/// Everything a client is made from: the configuration and the parts `EndpointClient.init` takes besides it.
///
/// A generated client's `configureShared` hands the settings of its `shared` instance to a closure:
///
/// ```swift
/// AuthClient.configureShared { shared in
///     shared.configuration.computedVariables["deviceType"] = { isPad ? "tablet" : "phone" }
///     shared.logSink = .standardError
/// }
/// ```
public struct ClientSettings: Sendable {
    /// The server, variables and policy.
    public var configuration: ClientConfiguration
    /// How requests travel; `StubTransport` in tests.
    public var transport: any Transport
    /// Extra steps every request passes through, outermost first.
    public var middleware: [any Middleware]
    /// Steps each attempt passes through, inside retry and before auth (`EndpointClient.init`).
    public var perAttemptMiddleware: [any Middleware] = []
    /// Steps each attempt passes through last, after auth and the limits: a request signer (`EndpointClient.init`).
    public var finalMiddleware: [any Middleware] = []
    /// Where the token comes from.
    public var tokenProvider: (any TokenProvider)?
    /// The provider of each named scheme (`configuration.authSchemes`), e.g. `["admin": adminKeys]`.
    public var credentials: [String: any TokenProvider]
    /// Where one line per request is written; `nil` logs nothing.
    public var logSink: LogSink?
    /// Sees every failure in one place (e.g. sign out on 401).
    public var onFailure: (@Sendable (EndpointError, RequestSummary) -> Void)?

    /// Settings with `EndpointClient.init`'s defaults for what is not given.
    public init(
        configuration: ClientConfiguration,
        transport: any Transport = URLSessionTransport(),
        middleware: [any Middleware] = [],
        perAttemptMiddleware: [any Middleware] = [],
        finalMiddleware: [any Middleware] = [],
        tokenProvider: (any TokenProvider)? = nil,
        credentials: [String: any TokenProvider] = [:],
        logSink: LogSink? = nil,
        onFailure: (@Sendable (EndpointError, RequestSummary) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.middleware = middleware
        self.perAttemptMiddleware = perAttemptMiddleware
        self.finalMiddleware = finalMiddleware
        self.tokenProvider = tokenProvider
        self.credentials = credentials
        self.logSink = logSink
        self.onFailure = onFailure
    }
}

extension EndpointClient {
    /// A client made from `settings`.
    public convenience init(settings: ClientSettings) {
        self.init(
            configuration: settings.configuration, transport: settings.transport, middleware: settings.middleware,
            perAttemptMiddleware: settings.perAttemptMiddleware, finalMiddleware: settings.finalMiddleware,
            tokenProvider: settings.tokenProvider, credentials: settings.credentials, logSink: settings.logSink, onFailure: settings.onFailure)
    }
}

/// The instance behind a generated client's `shared`: made from settings on first use, made again from the
/// changed settings after each `configure`.
///
/// A call that reads `shared` after `configure` returns uses the new settings; calls already under way finish
/// with the client they started on (its rate and concurrency limits are its own, so a new client starts with
/// fresh ones). Configure once at app start, before the first call, and there is only ever one client.
public final class SharedClient<Client: Sendable>: Sendable {
    private struct State {
        var settings: ClientSettings
        var client: Client?
    }

    private let make: @Sendable (ClientSettings) -> Client
    private let state: LockedState<State>

    /// A shared client that `make` builds from `settings` when it is first used.
    public init(settings: ClientSettings, make: @escaping @Sendable (ClientSettings) -> Client) {
        self.make = make
        state = LockedState(State(settings: settings))
    }

    /// The client for the current settings.
    public var client: Client {
        state.withLock { state in
            if let client = state.client { return client }
            let client = make(state.settings)
            state.client = client
            return client
        }
    }

    /// Changes the settings; the next use of `client` gets a client made from them. `change` runs under the
    /// shared client's lock: it must not use the shared client itself.
    public func configure(_ change: (inout ClientSettings) -> Void) {
        state.withLock { state in
            change(&state.settings)
            state.client = nil
        }
    }

    /// The current settings (a copy).
    public var settings: ClientSettings { state.withLock { $0.settings } }
}
