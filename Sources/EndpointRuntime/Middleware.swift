import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A step every request passes through on its way to the transport: it may change the request, wait,
/// retry, or look at the response. Call `next` to go on.
public protocol Middleware: Sendable {
    /// Handles `request`, usually by calling `next` once (or more, to retry).
    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse
}

/// The rest of the chain after a middleware.
public typealias MiddlewareNext = @Sendable (PipelineRequest) async throws(EndpointError) -> HTTPResponse

/// A request as the middleware chain sees it: the `URLRequest` plus what the endpoint said about it.
public struct PipelineRequest: Sendable {
    /// The request to send; middleware may change it.
    public var urlRequest: URLRequest
    /// Whether the token is sent.
    public var auth: AuthRequirement
    /// The named schemes the request may use, in order (`Request.authSchemes`); empty: the configuration's defaults.
    public var authSchemes: [String]
    /// The retry policy in force.
    public var retry: RetryPolicy
    /// Parameter names to redact in logs.
    public var secretParameters: Set<String>
    /// Where the transport reports progress.
    public var progress: (@Sendable (TransferProgress) -> Void)?
    /// Which attempt this is, from 1; the retry middleware counts up (`ClientConfiguration.retry`).
    public var attempt: Int
    /// Why this request is sent again, e.g. `503`, `timeout`, `connection failure` or `401, credentials refreshed`;
    /// `nil` for a first attempt. The log line shows it.
    public var retryCause: String?
    /// The time the whole call may take: queueing in the limits, every attempt and the waits between them
    /// (`ClientConfiguration.totalTimeout`); `nil` for no overall limit.
    public var totalTimeout: Duration?
    /// Whether credentials the request already carries stay as they are (`EndpointClient.send(_:auth:addingDefaults:)`):
    /// the auth middleware then adds none of a scheme whose header, query item or cookie is already set.
    public var keepsOwnCredentials: Bool
    /// How the success body is delivered: buffered (the default), to a file, or as a stream.
    public var delivery: ResponseDelivery
    /// The file the body is uploaded from (a `RequestBody.file`), read by the transport as it sends; `nil` otherwise.
    public var bodyFile: URL?

    /// A pipeline request from its parts.
    public init(
        urlRequest: URLRequest, auth: AuthRequirement = .optional, authSchemes: [String] = [], retry: RetryPolicy = .none,
        secretParameters: Set<String> = [], progress: (@Sendable (TransferProgress) -> Void)? = nil,
        attempt: Int = 1, retryCause: String? = nil, totalTimeout: Duration? = nil, keepsOwnCredentials: Bool = false,
        delivery: ResponseDelivery = .buffered, bodyFile: URL? = nil
    ) {
        self.urlRequest = urlRequest
        self.auth = auth
        self.authSchemes = authSchemes
        self.retry = retry
        self.secretParameters = secretParameters
        self.progress = progress
        self.attempt = attempt
        self.retryCause = retryCause
        self.totalTimeout = totalTimeout
        self.keepsOwnCredentials = keepsOwnCredentials
        self.delivery = delivery
        self.bodyFile = bodyFile
    }

    /// The HTTP method.
    public var method: HTTPMethod { HTTPMethod(urlRequest.httpMethod ?? "GET") }
}

/// Builds one `MiddlewareNext` from a list of middleware and the transport at its end.
enum MiddlewareChain {
    /// The first middleware runs first; the transport runs last; thrown errors become `EndpointError`.
    static func make(_ middleware: [any Middleware], transport: any Transport) -> MiddlewareNext {
        let send: MiddlewareNext = { request throws(EndpointError) in
            do {
                if request.delivery == .buffered && request.bodyFile == nil {
                    return try await transport.send(request.urlRequest, progress: request.progress)
                }
                return try await transport.send(
                    request.urlRequest, uploading: request.bodyFile, delivery: request.delivery, progress: request.progress)
            } catch {
                throw EndpointError(error)
            }
        }
        var chain = send
        for step in middleware.reversed() {
            chain = link(step, to: chain)
        }
        return chain
    }

    /// `step` in front of `next`. (A named function: the compiler crashes on this closure inside `reduce`.)
    private static func link(_ step: any Middleware, to next: @escaping MiddlewareNext) -> MiddlewareNext {
        { request throws(EndpointError) in try await step.intercept(request, next: next) }
    }
}
