import Foundation

/// Retries idempotent requests that failed in transport or got a retryable status, waiting the
/// server's `Retry-After` or the policy's backoff, at most `attempts` times.
struct RetryMiddleware: Middleware {
    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        let policy = request.retry
        var retry = 0
        while true {
            let mayRetry = retry < policy.attempts && request.method.isIdempotent
            do throws(EndpointError) {
                let response = try await next(request)
                guard mayRetry, policy.statuses.contains(response.statusCode) else { return response }
                let wait = Self.retryAfter(response).map { min($0, policy.maxDelay) }
                try await Self.pause(wait ?? policy.delay(beforeRetry: retry))
            } catch {
                guard mayRetry, error == .timeout || error.isTransportFailure else { throw error }
                try await Self.pause(policy.delay(beforeRetry: retry))
            }
            retry += 1
        }
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
    /// Whether this is a connection failure (worth retrying for an idempotent request).
    var isTransportFailure: Bool {
        if case .transport = self { return true }
        return false
    }
}
