import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests to one API: builds them from the configuration, passes them through the middleware
/// chain (yours, then logging, retry, auth, rate limit, concurrency limit) to the transport, and
/// validates and decodes the responses.
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

    /// A client. The built-in middleware comes from `configuration`; `middleware` runs first, in order.
    /// - Parameters:
    ///   - transport: `URLSessionTransport()` by default; `StubTransport` in tests.
    ///   - tokenProvider: where tokens come from when `configuration.auth` is set.
    ///   - credentials: the provider of each named scheme (`configuration.authSchemes`), e.g. `["admin": adminKeys]`.
    ///   - logSink: receives one line per request; `nil` logs nothing.
    ///   - onFailure: sees every failure in one place (e.g. to sign out on 401).
    public init(
        configuration: ClientConfiguration,
        transport: any Transport = URLSessionTransport(),
        middleware: [any Middleware] = [],
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
        if let logSink { chain.append(LoggingMiddleware(sink: logSink, secrets: secrets)) }
        chain.append(RetryMiddleware())
        if !authentication.isEmpty { chain.append(AuthMiddleware(authentication: authentication, server: configuration.server)) }
        if let rateLimit = configuration.rateLimit { chain.append(RateLimitMiddleware(limit: rateLimit)) }
        if let limit = configuration.maxConcurrentRequests { chain.append(ConcurrencyLimitMiddleware(maxConcurrentRequests: limit)) }
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
        let pipelineRequest = PipelineRequest(
            urlRequest: urlRequest, auth: request.auth, authSchemes: request.authSchemes, retry: request.retry ?? configuration.retry,
            secretParameters: request.secretParameters, progress: progress)
        let response = try await exchange(pipelineRequest, acceptable: request.acceptableStatus, since: start)
        do throws(EndpointError) {
            let body = try decoder.decode(R.self, from: response, accepting: request.accept.map(AcceptedMediaTypes.init), unwrapping: request.unwrap)
            return try finish(Response(body: body, statusCode: response.statusCode, headers: response.allHeaders))
        } catch {
            report(error, urlRequest, response, since: start, secrets: request.secretParameters)
            throw error
        }
    }

    /// Sends a request you built yourself through the same middleware; statuses outside 200..<300 throw.
    public func send(_ urlRequest: URLRequest) async throws(EndpointError) -> (Data, HTTPURLResponse) {
        let response = try await exchange(PipelineRequest(urlRequest: urlRequest, retry: configuration.retry), acceptable: 200..<300, since: .now)
        return (response.data, response.response)
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
