/// When and how often a request is tried again. The client's policy applies to idempotent requests only; a
/// request's own (`Request.retry`, an endpoint's `retry:` in the spec) applies to any method.
public struct RetryPolicy: Sendable, Equatable {
    /// A failure without a response that may be retried.
    public enum Failure: Sendable, Hashable, CaseIterable {
        /// The attempt's timeout passed (`EndpointError.timeout`).
        case timeout
        /// No connection, or it was lost (`EndpointError.transport`).
        case connection
    }

    /// How long to wait before the next attempt.
    public enum Backoff: Sendable, Equatable {
        /// Retry at once.
        case none
        /// Wait the same time before each retry.
        case constant(Duration)
        /// Wait `base`, then twice that, and so on, each time a random 50–100 % of it (jitter).
        case exponential(base: Duration)
    }

    /// Extra tries after the first attempt (0 = no retries).
    public var attempts: Int
    /// Statuses worth retrying, e.g. 503.
    public var statuses: Set<Int>
    /// Failures without a response worth retrying: timeouts, connection failures, both or neither.
    public var failures: Set<Failure>
    /// The wait between attempts when the server sends no `Retry-After`.
    public var backoff: Backoff
    /// The longest wait, also for a server's `Retry-After`.
    public var maxDelay: Duration

    /// A policy, e.g. `RetryPolicy(attempts: 2, backoff: .exponential(base: .milliseconds(200)))`.
    public init(
        attempts: Int,
        statuses: Set<Int> = [408, 429, 502, 503, 504],
        failures: Set<Failure> = [.timeout, .connection],
        backoff: Backoff = .exponential(base: .milliseconds(200)),
        maxDelay: Duration = .seconds(30)
    ) {
        self.attempts = attempts
        self.statuses = statuses
        self.failures = failures
        self.backoff = backoff
        self.maxDelay = maxDelay
    }

    /// Never retry.
    public static let none = RetryPolicy(attempts: 0, statuses: [], failures: [], backoff: .none)
    /// Two retries of 408, 429, 502, 503, 504, timeouts and connection failures, with exponential backoff from 200 ms.
    public static let standard = RetryPolicy(attempts: 2)

    /// The wait before retry number `retry` (0-based), jittered and bounded by `maxDelay`.
    func delay(beforeRetry retry: Int) -> Duration {
        switch backoff {
        case .none:
            return .zero
        case .constant(let wait):
            return min(wait, maxDelay)
        case .exponential(let base):
            let full = min(base * (1 << min(retry, 30)), maxDelay)
            return full * Double.random(in: 0.5...1.0)
        }
    }
}
