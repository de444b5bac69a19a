import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
    /// The configuration the client was made with.
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
        if !authentication.isEmpty { chain.append(AuthMiddleware(authentication: authentication, server: configuration.server)) }
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
        try await response(for: request, progress: progress).body
    }

    /// Sends `request` and returns its decoded body with the response's status and headers.
    public func response<R>(for request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(EndpointError) -> Response<R> {
        try await send(request, progress: progress) { response throws(EndpointError) in response }
    }

    /// Sends `request`, decodes its body and gives the response to `finish`, whose failure is reported like a decoding one.
    func send<R, T>(
        _ request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)?, finish: (Response<R>) throws(EndpointError) -> T
    ) async throws(EndpointError) -> T {
        let start = ContinuousClock.now
        let (urlRequest, response) = try await deliver(request, .buffered, progress: progress, since: start)
        do throws(EndpointError) {
            let body = try decoder.decode(R.self, from: response, accepting: request.accept.map(AcceptedMediaTypes.init), unwrapping: request.unwrap)
            return try finish(Response(body: body, statusCode: response.statusCode, headers: response.allHeaders))
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
    ///   - auth: `.none` sends no credentials; `.required` fails without them.
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
