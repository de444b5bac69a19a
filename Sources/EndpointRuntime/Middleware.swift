// EndpointRuntime: The middleware chain and the built-in middleware: logging, retry, limits, timeouts.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Middleware

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

// MARK: - LoggingMiddleware

/// Writes one line per attempt (method, URL, status, duration, bytes) to a sink, secrets redacted.
///
/// It runs last before the transport, so the line shows the request as it leaves: the URL with its credentials
/// (redacted) and whatever a signing middleware added, one line for each attempt with its number and the cause of
/// the retry (`… -> 200 in 2.1 ms, 12 bytes (attempt 2, after 503)`), and the time on the wire, not in the queues.
/// A request that never gets here (no credentials, cancelled or timed out in a queue) has no line; the failure hook
/// sees it.
struct LoggingMiddleware: Middleware {
    let sink: LogSink
    /// Names always redacted besides each request's own secret parameters (e.g. a query token's name).
    let secrets: Set<String>

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        let start = ContinuousClock.now
        do throws(EndpointError) {
            let response = try await next(request)
            log(request, response, since: start)
            return response
        } catch {
            log(request, nil, since: start)
            throw error
        }
    }

    private func log(_ request: PipelineRequest, _ response: HTTPResponse?, since start: ContinuousClock.Instant) {
        // Only the line: the summary's header list is for the failure hook, and costly to build per request.
        let secrets = request.secretParameters.isEmpty ? secrets : secrets.union(request.secretParameters)
        let url = request.urlRequest.url.map { RequestSummary.redact($0, secrets: secrets) } ?? ""
        let line = RequestSummary.line(
            method: request.urlRequest.httpMethod ?? "GET", url: url, statusCode: response?.statusCode,
            duration: .now - start, bytes: response?.data.count ?? 0)
        guard let cause = request.retryCause else { return sink.write(line) }
        sink.write(line + " (attempt \(request.attempt), after \(cause))")
    }
}

// MARK: - RetryMiddleware

/// Sends a request again when it failed in a way its policy lists (a status, a timeout, a connection failure),
/// waiting the server's `Retry-After` or the policy's backoff, at most `attempts` times. Which requests have a
/// policy is the client's to decide (its own policy for idempotent methods, a request's own for any method).
///
/// Each attempt goes through everything inside this middleware again (auth, the limits, the log line), marked
/// with its number and the cause of the retry.
struct RetryMiddleware: Middleware {
    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        let policy = request.retry
        var attempt = request
        var retry = 0
        while true {
            let mayRetry = retry < policy.attempts
            do throws(EndpointError) {
                let response = try await next(attempt)
                guard mayRetry, policy.statuses.contains(response.statusCode) else { return response }
                try await Self.pause(Self.wait(after: response, policy: policy, retry: retry))
                attempt.retryCause = String(response.statusCode)
            } catch {
                guard mayRetry, let failure = Self.failure(error), policy.failures.contains(failure) else { throw error }
                try await Self.pause(policy.delay(beforeRetry: retry))
                attempt.retryCause = failure == .timeout ? "timeout" : "connection failure"
            }
            retry += 1
            attempt.attempt = request.attempt + retry
        }
    }

    /// The kind of failure `error` is, if it is one a policy may retry.
    private static func failure(_ error: EndpointError) -> RetryPolicy.Failure? {
        if error == .timeout { return .timeout }
        return error.isTransportFailure ? .connection : nil
    }

    /// Sleeps, turning cancellation into `.cancelled`.
    private static func pause(_ duration: Duration) async throws(EndpointError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw .cancelled
        }
    }

    /// The wait before retry number `retry` (0-based) after `response`: what its `Retry-After` asks for, at most the
    /// policy's `maxDelay` (a server's `Retry-After: 3600` must not hold a call for an hour), else the policy's backoff.
    static func wait(after response: HTTPResponse, policy: RetryPolicy, retry: Int) -> Duration {
        retryAfter(response).map { min($0, policy.maxDelay) } ?? policy.delay(beforeRetry: retry)
    }

    /// The wait a `Retry-After` header asks for: seconds, or an HTTP date.
    static func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .milliseconds(max(Int(date.timeIntervalSinceNow * 1000), 0))
    }
}

extension EndpointError {
    /// Whether this is a connection failure (retried when the policy lists `.connection`).
    var isTransportFailure: Bool {
        if case .transport = self { return true }
        return false
    }
}

// MARK: - RateLimitMiddleware

/// Lets at most `count` requests start per sliding `interval`; the rest wait their turn in arrival order.
/// A waiting caller that is cancelled stops waiting at once.
///
/// Callers go one at a time through `turn`: the caller at the head sleeps until the window has room,
/// notes the moment it actually starts, and lets the next one in. Noting the real start (not a slot
/// computed in advance) keeps the limit true where requests leave, even when wake-ups run late.
struct RateLimitMiddleware: Middleware {
    private let limit: RateLimit
    private let turn = AsyncSemaphore(permits: 1)
    /// The last `count` start times, ascending; only the caller holding `turn` changes them.
    private let starts = LockedState<[ContinuousClock.Instant]>([])

    init(limit: RateLimit) { self.limit = limit }

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        try await turn.wait()
        do {
            if let earliest = earliestStart(), earliest > .now {
                try await Task.sleep(until: earliest, clock: .continuous)
            }
        } catch {
            turn.signal()
            throw .cancelled
        }
        recordStart()
        turn.signal()
        return try await next(request)
    }

    /// When the window has room again, or `nil` while it has room now.
    private func earliestStart() -> ContinuousClock.Instant? {
        starts.withLock { starts in starts.count < limit.count ? nil : starts[starts.count - limit.count] + limit.interval }
    }

    private func recordStart() {
        let now = ContinuousClock.now
        starts.withLock { starts in
            starts.append(now)
            if starts.count > limit.count { starts.removeFirst(starts.count - limit.count) }
        }
    }
}

// MARK: - ConcurrencyLimitMiddleware

/// Keeps at most N requests in flight; the others wait in arrival order.
struct ConcurrencyLimitMiddleware: Middleware {
    private let semaphore: AsyncSemaphore

    init(maxConcurrentRequests: Int) { semaphore = AsyncSemaphore(permits: maxConcurrentRequests) }

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        try await semaphore.wait()
        defer { semaphore.signal() }
        return try await next(request)
    }
}

// MARK: - TotalTimeoutMiddleware

/// Ends a call whose `totalTimeout` passes with `.timeout`, wherever it is: queued in the rate or concurrency limit,
/// on the wire, or waiting before a retry. The rest of the chain is cancelled then (a queued request leaves its
/// queue, a running one's URLSession task is cancelled).
///
/// A call without a `totalTimeout` goes straight on: racing a timer costs a task group per call.
struct TotalTimeoutMiddleware: Middleware {
    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        guard let limit = request.totalTimeout else { return try await next(request) }
        // The group waits for both of its tasks before it returns, so `next` never outlives this call.
        let outcome = await withoutActuallyEscaping(next) { next in await Self.race(next, request, against: limit) }
        return try outcome.get()
    }

    /// The call's answer, or `.timeout` when `limit` passes first (the call is then cancelled).
    private static func race(
        _ next: @escaping MiddlewareNext, _ request: PipelineRequest, against limit: Duration
    ) async -> Result<HTTPResponse, EndpointError> {
        await withTaskGroup(of: Result<HTTPResponse, EndpointError>?.self) { group in
            group.addTask {
                do throws(EndpointError) {
                    return .success(try await next(request))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                // Cancelled (the call ended, or its caller was cancelled): no verdict, the call's own answer counts.
                do { try await Task.sleep(for: limit) } catch { return nil }
                return .failure(.timeout)
            }
            for await result in group {
                guard let result else { continue }
                group.cancelAll()
                return result
            }
            return .failure(.cancelled)
        }
    }
}
