/// At most `count` requests per `interval` from one client, e.g. `RateLimit(count: 5, interval: .seconds(1))`.
public struct RateLimit: Sendable, Equatable {
    /// Requests allowed per interval.
    public var count: Int
    /// The sliding window.
    public var interval: Duration

    /// A limit of `count` requests per `interval`.
    public init(count: Int, interval: Duration) {
        self.count = count
        self.interval = interval
    }
}
