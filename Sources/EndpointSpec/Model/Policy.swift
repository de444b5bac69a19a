/// Client-wide limits and retries; endpoints may override `timeout` and `retry`.
public struct Policy: Equatable, Sendable {
    /// How long one attempt may take on the wire; `nil` leaves the runtime's default.
    public var timeout: Duration?
    /// How long a whole call may take: queued in the limits, every attempt and the waits between them; `nil` for no limit.
    public var totalTimeout: Duration?
    /// At most this many requests per period, per client instance.
    public var rateLimit: RateLimit?
    /// At most this many requests in flight at once, per client instance.
    public var maxConcurrentRequests: Int?
    /// Retries of idempotent requests.
    public var retry: RetryPolicy?
    /// Response content types accepted, e.g. `application/json`; empty accepts any.
    public var acceptableContentTypes: [String]
    /// How dates travel in JSON bodies.
    public var dates: DateFormat
    /// The key or dotted path every JSON response is unwrapped from (`{"data": ...}`), unless an endpoint says otherwise.
    public var unwrap: String?
    /// The key or dotted path every JSON body is wrapped in, unless an endpoint says otherwise.
    public var wrap: String?

    /// Creates a policy.
    public init(
        timeout: Duration? = nil, rateLimit: RateLimit? = nil, maxConcurrentRequests: Int? = nil,
        retry: RetryPolicy? = nil, acceptableContentTypes: [String] = [], dates: DateFormat = .iso8601,
        unwrap: String? = nil, wrap: String? = nil, totalTimeout: Duration? = nil
    ) {
        self.totalTimeout = totalTimeout
        self.unwrap = unwrap
        self.wrap = wrap
        self.dates = dates
        self.timeout = timeout
        self.rateLimit = rateLimit
        self.maxConcurrentRequests = maxConcurrentRequests
        self.retry = retry
        self.acceptableContentTypes = acceptableContentTypes
    }
}

/// `count` requests per `per`, e.g. `5/s` or `100/10min`.
public struct RateLimit: Equatable, Sendable {
    /// How many requests.
    public var count: Int
    /// In what period.
    public var per: Duration

    /// Creates a rate limit.
    public init(count: Int, per: Duration) {
        self.count = count
        self.per = per
    }
}

/// When and how often a failed request is sent again.
public struct RetryPolicy: Equatable, Sendable {
    /// How the wait between attempts grows.
    public enum Backoff: String, Equatable, Sendable, CaseIterable {
        /// No wait.
        case none
        /// `delay` before every retry.
        case constant
        /// `delay`, then twice that, then four times...
        case exponential
    }

    /// Retries after the first attempt, e.g. `2` sends a request at most three times.
    public var attempts: Int
    /// The HTTP statuses that are retried, sorted, e.g. `[502, 503, 504]`.
    public var statuses: [Int]
    /// The failures without a response that are retried (`on: [timeout, connection]`), in `RetryFailure` order.
    public var failures: [RetryFailure]
    /// How the wait grows.
    public var backoff: Backoff
    /// The first wait.
    public var delay: Duration

    /// Creates a retry policy; `statuses` are sorted, `failures` put in `RetryFailure` order.
    public init(attempts: Int, statuses: [Int], failures: [RetryFailure] = RetryFailure.allCases, backoff: Backoff, delay: Duration) {
        self.attempts = attempts
        self.statuses = statuses.sorted()
        self.failures = RetryFailure.allCases.filter(failures.contains)
        self.backoff = backoff
        self.delay = delay
    }
}

/// A failure without a response that a retry policy may list in `on:`.
public enum RetryFailure: String, Equatable, Sendable, CaseIterable {
    /// The attempt's timeout passed.
    case timeout
    /// No connection, or it was lost.
    case connection
}

/// How dates are written in JSON bodies, e.g. `dates: secondsSince1970`.
public enum DateFormat: String, Equatable, Sendable, CaseIterable {
    /// `2026-11-29T12:00:00Z`, the default.
    case iso8601
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970
}
