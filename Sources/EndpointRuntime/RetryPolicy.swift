/// When and how often an idempotent request is tried again.
public struct RetryPolicy: Sendable, Equatable {
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
    /// Statuses worth retrying, e.g. 503; transport failures and timeouts are always retried.
    public var statuses: Set<Int>
    /// The wait between attempts when the server sends no `Retry-After`.
    public var backoff: Backoff
    /// The longest wait, also for a server's `Retry-After`.
    public var maxDelay: Duration

    /// A policy, e.g. `RetryPolicy(attempts: 2, backoff: .exponential(base: .milliseconds(200)))`.
    public init(
        attempts: Int,
        statuses: Set<Int> = [408, 429, 502, 503, 504],
        backoff: Backoff = .exponential(base: .milliseconds(200)),
        maxDelay: Duration = .seconds(30)
    ) {
        self.attempts = attempts
        self.statuses = statuses
        self.backoff = backoff
        self.maxDelay = maxDelay
    }

    /// Never retry.
    public static let none = RetryPolicy(attempts: 0, statuses: [], backoff: .none)
    /// Two retries of 408, 429, 502, 503 and 504 with exponential backoff from 200 ms.
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
