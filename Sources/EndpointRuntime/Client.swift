// EndpointRuntime: The client: sending requests, the request and response types callers see, shared clients.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - EndpointClient

/// Sends requests to one API: builds them from the configuration, passes them through the middleware
/// chain to the transport, and validates and decodes the responses.
///
/// The chain, outermost first: your `middleware`, the overall timeout (`totalTimeout`), retry, your
/// `perAttemptMiddleware`, auth, the concurrency limit, the rate limit, your `finalMiddleware`, logging, the
/// transport. So every attempt (a retry, auth's resend after a 401) takes a concurrency slot and then a rate-limit
/// slot right before it leaves, a request signer among the `finalMiddleware` signs the request exactly as sent, and
/// the log line shows that request.
///
/// ```swift
/// let client = EndpointClient(configuration: configuration, tokenProvider: tokens)
/// let user = try await client.send(Request<User>(method: .get, path: "/users/{id}", pathParameters: ["id": 7]))
/// ```
public final class EndpointClient: Sendable {
    /// The configuration the client was made with, its server's `{variable}` placeholders filled in.
    public let configuration: ClientConfiguration
    private let builder: RequestBuilder
    private let decoder: ResponseDecoder
    private let pipeline: MiddlewareNext
    private let secrets: Set<String>
    private let onFailure: (@Sendable (EndpointError, RequestSummary) -> Void)?

    /// A client. The built-in middleware comes from `configuration`; yours runs where you put it (see the type).
    /// - Parameters:
    ///   - transport: `URLSessionTransport()` by default; `StubTransport` in tests.
    ///   - middleware: outermost, in order: sees each call once, before the overall timeout and retries (a cache).
    ///   - perAttemptMiddleware: inside retry, before auth: sees each attempt, without credentials.
    ///   - finalMiddleware: last before logging and the transport, after auth and the limits: sees (and may sign,
    ///     e.g. HMAC or AWS Signature V4) the request exactly as it leaves, once per attempt.
    ///   - tokenProvider: where tokens come from when `configuration.auth` is set.
    ///   - credentials: the provider of each named scheme (`configuration.authSchemes`), e.g. `["admin": adminKeys]`.
    ///   - logSink: receives one line per attempt; `nil` logs nothing.
    ///   - onFailure: sees every failure in one place (e.g. to sign out on 401).
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
        var configuration = configuration
        configuration.server = configuration.server.filled(from: configuration)
        self.configuration = configuration
        builder = RequestBuilder(configuration: configuration, encoder: configuration.dateCoding.makeEncoder())
        decoder = ResponseDecoder(configuration: configuration, decoder: configuration.dateCoding.makeDecoder())
        self.onFailure = onFailure
        let authentication = AuthMiddleware.Authentication(configuration: configuration, tokenProvider: tokenProvider, credentials: credentials)
        secrets = authentication.secretNames

        var chain = middleware
        chain.append(TotalTimeoutMiddleware())
        chain.append(RetryMiddleware())
        chain += perAttemptMiddleware
        // Always in the chain, providers or not: one rule for every client, so a client made without a token provider
        // refuses an endpoint that requires credentials before sending it, as `shared` does.
        chain.append(AuthMiddleware(authentication: authentication, server: configuration.server))
        // The concurrency limit before the rate limit: a request waiting for a slot must not hold a rate-limit start
        // it would use later, or requests leave in bursts above the rate.
        if let limit = configuration.maxConcurrentRequests { chain.append(ConcurrencyLimitMiddleware(maxConcurrentRequests: limit)) }
        if let rateLimit = configuration.rateLimit { chain.append(RateLimitMiddleware(limit: rateLimit)) }
        chain += finalMiddleware
        if let logSink { chain.append(LoggingMiddleware(sink: logSink, secrets: secrets)) }
        pipeline = MiddlewareChain.make(chain, transport: transport)
    }

    /// Sends `request` and returns its decoded response; progress of the upload and download goes to `progress`.
    public func send<R>(_ request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(EndpointError) -> R {
        // Not `response(for:)`: copying every header into the `Response` costs more than the decoding of a small body.
        try await send(request, progress: progress) { body, _ throws(EndpointError) in body }
    }

    /// Sends `request` and returns its decoded body with the response's status and headers.
    public func response<R>(for request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(EndpointError) -> Response<R> {
        try await send(request, progress: progress) { body, response throws(EndpointError) in Response(body: body, of: response) }
    }

    /// Sends `request`, decodes its body and gives it with the response to `finish`, whose failure is reported like a
    /// decoding one.
    func send<R, T>(
        _ request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)?, finish: (R, HTTPResponse) throws(EndpointError) -> T
    ) async throws(EndpointError) -> T {
        let start = ContinuousClock.now
        let (urlRequest, response) = try await deliver(request, .buffered, progress: progress, since: start)
        do throws(EndpointError) {
            let body = try decoder.decode(R.self, from: response, accepting: request.accept.map(AcceptedMediaTypes.init), unwrapping: request.unwrap)
            return try finish(body, response)
        } catch {
            report(error, urlRequest, response, since: start, secrets: request.secretParameters)
            throw error
        }
    }

    /// Builds `request`, runs it through the middleware with its success body delivered as `delivery` says, and checks
    /// the status (an error status's body is always buffered); a failure is reported to the hook.
    func deliver<R>(
        _ request: Request<R>, _ delivery: ResponseDelivery, progress: (@Sendable (TransferProgress) -> Void)?,
        since start: ContinuousClock.Instant = .now
    ) async throws(EndpointError) -> (URLRequest, HTTPResponse) {
        let urlRequest: URLRequest
        do throws(EndpointError) {
            urlRequest = try builder.urlRequest(for: request)
        } catch {
            // Not built: the summary names the method and the server, the failure the parameter.
            var unbuilt = URLRequest(url: configuration.server.baseURL ?? URL(fileURLWithPath: "/"))
            unbuilt.httpMethod = request.method.rawValue
            report(error, unbuilt, nil, since: start, secrets: request.secretParameters)
            throw error
        }
        var bodyFile: URL?
        if case .file(let file, _) = request.body { bodyFile = file }
        let pipelineRequest = PipelineRequest(
            urlRequest: urlRequest, auth: request.auth, authSchemes: request.authSchemes,
            retry: request.retry ?? clientRetry(for: request.method), secretParameters: request.secretParameters, progress: progress,
            totalTimeout: configuration.totalTimeout, delivery: delivery, bodyFile: bodyFile)
        return (urlRequest, try await exchange(pipelineRequest, acceptable: request.acceptableStatus, since: start))
    }

    /// The configured JSON decoder (date decoding included), for the streaming decoders.
    var jsonDecoder: JSONDecoder { decoder.decoder }

    /// Sends a request you built yourself through the same middleware; statuses outside 200..<300 throw.
    ///
    /// Unless you opt out, it gets what the client's own requests get and you did not set: the default query items and
    /// headers (`addingDefaults`), the client's `timeout` (when `timeoutInterval` is URLRequest's own 60 s), and
    /// credentials (`auth`) for the configured server, except those of a scheme whose header, query item or cookie
    /// the request already carries. Retried like the client's requests: the client's policy for idempotent methods.
    /// - Parameters:
    ///   - auth: `.none` sends no credentials; `.required` fails when the client's providers give none.
    ///   - addingDefaults: `false` sends the request's URL, headers and timeout as they are.
    public func send(
        _ urlRequest: URLRequest, auth: AuthRequirement = .optional, addingDefaults: Bool = true
    ) async throws(EndpointError) -> (Data, HTTPURLResponse) {
        let start = ContinuousClock.now
        var prepared = urlRequest
        if addingDefaults {
            do throws(EndpointError) {
                prepared = try builder.addingDefaults(to: urlRequest)
            } catch {
                report(error, urlRequest, nil, since: start, secrets: [])
                throw error
            }
        }
        let request = PipelineRequest(
            urlRequest: prepared, auth: auth, retry: clientRetry(for: HTTPMethod(prepared.httpMethod ?? "GET")),
            totalTimeout: configuration.totalTimeout, keepsOwnCredentials: true)
        let response = try await exchange(request, acceptable: 200..<300, since: start)
        return (response.data, response.response)
    }

    /// The client's retry policy for a request without its own: the configured one for idempotent methods only
    /// (a `POST` sent twice may act twice).
    private func clientRetry(for method: HTTPMethod) -> RetryPolicy {
        method.isIdempotent ? configuration.retry : .none
    }

    /// Sends `request` and calls `completion` on the main actor with the result; the handle cancels it.
    @discardableResult
    public func send<R>(_ request: Request<R>, completion: @escaping @MainActor (Result<R, EndpointError>) -> Void) -> RequestHandle {
        RequestHandle.start(completion: completion) { () async throws(EndpointError) -> R in
            try await self.send(request, progress: nil)
        }
    }

    /// Sends `request` and calls `completion` on `queue` with the result; the handle cancels it.
    @discardableResult
    public func send<R>(
        _ request: Request<R>, queue: DispatchQueue, completion: @escaping @Sendable (Result<R, EndpointError>) -> Void
    ) -> RequestHandle {
        RequestHandle.start(queue: queue, completion: completion) { () async throws(EndpointError) -> R in
            try await self.send(request, progress: nil)
        }
    }

    /// The body of an error response (`.unacceptableStatus`) decoded as `E`, e.g. the error model the spec names
    /// for the endpoint, with the configured date decoding: as JSON, else by each of `configuration.bodyCoders` in
    /// turn (an XML error, say); `nil` for any other error or a body that is not an `E`.
    public func errorBody<E: Decodable>(of error: EndpointError, as type: E.Type = E.self) -> E? {
        guard case .unacceptableStatus(_, _, let body) = error else { return nil }
        if let value = try? decoder.decoder.decode(E.self, from: body) { return value }
        return configuration.bodyCoders.lazy.compactMap { try? $0.decode(E.self, from: body) }.first
    }

    /// Runs the middleware chain and checks the status, reporting a failure to the hook.
    private func exchange(_ request: PipelineRequest, acceptable: Range<Int>, since start: ContinuousClock.Instant) async throws(EndpointError) -> HTTPResponse {
        let response: HTTPResponse
        do throws(EndpointError) {
            response = try await pipeline(request)
        } catch {
            report(error, request.urlRequest, nil, since: start, secrets: request.secretParameters)
            throw error
        }
        do throws(EndpointError) {
            try decoder.validateStatus(response, acceptable: acceptable)
        } catch {
            report(error, request.urlRequest, response, since: start, secrets: request.secretParameters)
            throw error
        }
        return response
    }

    /// Tells the failure hook, with a redacted summary of the request.
    private func report(
        _ error: EndpointError, _ request: URLRequest?, _ response: HTTPResponse?, since start: ContinuousClock.Instant, secrets: Set<String>
    ) {
        guard let onFailure else { return }
        let request = request ?? URLRequest(url: configuration.server.baseURL ?? URL(fileURLWithPath: "/"))
        onFailure(error, RequestSummary(request: request, response: response, duration: .now - start, secrets: self.secrets.union(secrets)))
    }
}

// MARK: - EndpointClient+DeclaredHeaders

extension EndpointClient {
    /// Sends `request` and returns its decoded body, status and headers, with the headers its endpoint declares read
    /// into `Headers`; a required one that is missing or does not parse fails the call with `.decodingFailed`
    /// (through `onFailure`, like every failure).
    public func response<R, Headers: DeclaredHeaders>(
        for request: Request<R>, declaring headers: Headers.Type, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(EndpointError) -> DeclaredResponse<R, Headers> {
        try await send(request, progress: progress) { body, response throws(EndpointError) in try DeclaredResponse(Response(body: body, of: response)) }
    }
}

// MARK: - Request

/// One call of an endpoint, built by value and sent with `EndpointClient.send(_:progress:)`.
///
/// ```swift
/// let request = Request<User>(method: .get, path: "/users/{id}", pathParameters: ["id": id],
///                             query: [QueryItem("include", include)], auth: .required)
/// ```
public struct Request<Body: Decodable & Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the base path, with `{name}` placeholders for path parameters.
    public var path: String
    /// Text forms of the path parameters; each is percent-encoded as one segment.
    public var pathParameters: [String: [String]]
    /// Query items, after the configuration's default ones.
    public var query: [QueryItem]
    /// Headers, after the configuration's default ones (a request header with the same name wins).
    public var headers: [HeaderField]
    /// Cookies, sent together in one `Cookie` header (after a `Cookie` header given in `headers`, if any).
    public var cookies: [Cookie]
    /// The body, if any.
    public var body: RequestBody?
    /// The body's media type where it differs from its encoding's, e.g. `application/merge-patch+json` for a JSON
    /// body; `nil` sends the encoding's (`application/json` for `.json`).
    public var contentType: String?
    /// The response media types this request accepts, sent as `Accept` and checked against the response's
    /// `Content-Type`, e.g. `["application/vnd.api+json"]`; `nil` uses the configuration's `acceptableContentTypes`.
    public var accept: [String]?
    /// Whether the token is sent.
    public var auth: AuthRequirement
    /// The named schemes (`ClientConfiguration.authSchemes`) this request may authenticate with, in order: the first
    /// whose provider has a credential is used. Empty: the configuration's `defaultAuthSchemes`.
    public var authSchemes: [String]
    /// This request's timeout, or `nil` for the configuration's.
    public var timeout: Duration?
    /// This request's retry policy, honoured for any method; `nil` for the configuration's, which applies to idempotent methods only.
    public var retry: RetryPolicy?
    /// Parameter names whose values never appear in logs, e.g. `["password"]`.
    public var secretParameters: Set<String>
    /// Statuses that count as success; anything else is `.unacceptableStatus`.
    public var acceptableStatus: Range<Int>
    /// The API's rules for the arguments, applied to them (`[.length("email", email, min: 1)]`): the request fails
    /// before it is sent (through the client's `onFailure`, like every failure) when one of them is broken.
    public var rules: [ArgumentRule]
    /// The key (or dotted path, `data.item`) of the JSON body's member that the response decodes from, e.g. `data`
    /// for `{"data": {...}}`; `nil` decodes the whole body. Ignored for `Empty`, `Data` and `String` responses.
    public var unwrap: String?

    /// A request; only the method and path are required.
    public init(
        method: HTTPMethod,
        path: String,
        pathParameters: [String: any ParameterValue] = [:],
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        cookies: [Cookie] = [],
        body: RequestBody? = nil,
        auth: AuthRequirement = .optional,
        authSchemes: [String] = [],
        timeout: Duration? = nil,
        retry: RetryPolicy? = nil,
        secretParameters: Set<String> = [],
        acceptableStatus: Range<Int> = 200..<300,
        rules: [ArgumentRule] = [],
        contentType: String? = nil,
        accept: [String]? = nil,
        unwrap: String? = nil
    ) {
        self.method = method
        self.path = path
        self.pathParameters = pathParameters.mapValues(\.parameterValues)
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
        self.auth = auth
        self.authSchemes = authSchemes
        self.timeout = timeout
        self.retry = retry
        self.secretParameters = secretParameters
        self.acceptableStatus = acceptableStatus
        self.rules = rules
        self.contentType = contentType
        self.accept = accept
        self.unwrap = unwrap
    }
}

// MARK: - Response

/// A decoded body with the status and headers of the response it came in.
///
/// ```swift
/// let answer = try await client.userWithResponse(id: 3)
/// print(answer.statusCode, answer.header("ETag") ?? "none", answer.body.name)
/// ```
public struct Response<Body: Sendable>: Sendable {
    /// The decoded body.
    public var body: Body
    /// The status code, e.g. `200` or `201`.
    public var statusCode: Int
    /// Every header as received.
    public var headers: [String: String]

    /// A response from its parts, e.g. for a fake client in tests.
    public init(body: Body, statusCode: Int = 200, headers: [String: String] = [:]) {
        self.body = body
        self.statusCode = statusCode
        self.headers = headers
    }

    /// `body` with the status and every header of `response`.
    init(body: Body, of response: HTTPResponse) {
        self.init(body: body, statusCode: response.statusCode, headers: response.allHeaders)
    }

    /// A header's value, case-insensitively.
    public func header(_ name: String) -> String? {
        HeaderSet.value(name, in: headers)
    }
}

// MARK: - DeclaredHeaders

/// The response headers an endpoint's spec declares (`responseHeaders:`), read into typed properties.
///
/// Generated per endpoint, e.g. `StoreEndpoints.OrderHeaders` with `eTag: String` and `lastModified: Date?`.
public protocol DeclaredHeaders: Sendable {
    /// Reads the headers of `response`; throws `.decodingFailed` when a required one is missing or does not parse.
    init(from response: Response<some Sendable>) throws(EndpointError)
}

/// A decoded body with the status and headers of its response, and the headers its endpoint declares, typed.
///
/// ```swift
/// let page = try await client.recordsWithResponse()
/// print(page.declared.totalRecords, page.statusCode, page.body.count)
/// ```
public struct DeclaredResponse<Body: Sendable, Headers: DeclaredHeaders>: Sendable {
    /// The body, status and every header as received.
    public var response: Response<Body>
    /// The headers the spec declares, typed.
    public var declared: Headers

    /// Reads the declared headers of `response`; throws `.decodingFailed` when a required one is missing or does not parse.
    public init(_ response: Response<Body>) throws(EndpointError) {
        self.response = response
        declared = try Headers(from: response)
    }

    /// The decoded body.
    public var body: Body { response.body }
    /// The status code, e.g. `200` or `201`.
    public var statusCode: Int { response.statusCode }
    /// Every header as received.
    public var headers: [String: String] { response.headers }
    /// A header's value, case-insensitively.
    public func header(_ name: String) -> String? { response.header(name) }
}

extension Response {
    /// The header `name` as a `T`, for a `DeclaredHeaders` type named `owner`: `.decodingFailed` (with `owner` as the
    /// type and the header's name as the path) when it is missing or does not parse.
    public func header<T: HeaderValue>(_ name: String, as type: T.Type, in owner: String) throws(EndpointError) -> T {
        guard let text = header(name) else {
            throw .decodingFailed(type: owner, path: name, reason: "the response has no '\(name)' header", statusCode: statusCode, body: Data())
        }
        guard let value = T.parsed(fromHeader: text) else {
            throw .decodingFailed(
                type: owner, path: name, reason: "header '\(name)' is '\(text)', which is not \(T.headerDescription)",
                statusCode: statusCode, body: Data())
        }
        return value
    }

    /// The header `name` as a `T`, or `nil` when it is missing or does not parse.
    public func header<T: HeaderValue>(_ name: String, as type: T.Type) -> T? {
        header(name).flatMap(T.parsed(fromHeader:))
    }
}

// MARK: - RequestHandle

/// A request started with a completion handler; `cancel()` stops it and the handler gets `.cancelled`.
public struct RequestHandle: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) { self.task = task }

    /// Cancels the request (and its URLSession task).
    public func cancel() { task.cancel() }

    /// Runs `operation` (e.g. a generated client's async method) and calls `completion` with its result on the main
    /// actor, so the handler may update the UI directly; the handle cancels it. This is how completion-handler APIs sit
    /// on async ones.
    public static func start<R: Sendable>(
        completion: @escaping @MainActor (Result<R, EndpointError>) -> Void,
        operation: @escaping @Sendable () async throws(EndpointError) -> R
    ) -> RequestHandle {
        RequestHandle(task: Task {
            let result = await outcome(of: operation)
            await completion(result)  // on the main actor, whose executor is the main queue
        })
    }

    /// Runs `operation` and calls `completion` with its result on `queue`; the handle cancels it.
    public static func start<R: Sendable>(
        queue: DispatchQueue,
        completion: @escaping @Sendable (Result<R, EndpointError>) -> Void,
        operation: @escaping @Sendable () async throws(EndpointError) -> R
    ) -> RequestHandle {
        RequestHandle(task: Task {
            let result = await outcome(of: operation)
            queue.async { completion(result) }
        })
    }

    /// What `operation` returned or threw.
    private static func outcome<R>(of operation: @Sendable () async throws(EndpointError) -> R) async -> Result<R, EndpointError> {
        do throws(EndpointError) {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
}

// MARK: - SharedClient

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
    /// Where one line per attempt is written; `nil` logs nothing.
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
        var configuration = configuration
        configuration.server = configuration.server.filled(from: configuration)
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

// MARK: - Empty

/// The response type of an endpoint without a body (204, or a body the caller ignores).
public struct Empty: Codable, Sendable, Equatable {
    /// The empty value.
    public init() {}
}
