import Foundation

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
                let wait = Self.retryAfter(response).map { min($0, policy.maxDelay) }
                try await Self.pause(wait ?? policy.delay(beforeRetry: retry))
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

    /// The wait a `Retry-After` header asks for: seconds, or an HTTP date.
    static func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
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
