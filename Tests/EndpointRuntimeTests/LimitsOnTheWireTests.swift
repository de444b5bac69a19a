import EndpointRuntime
import Foundation
import Testing

/// The limits and timeouts as the echo server sees them: it logs each request's arrival and the requests in flight
/// (`X-Counter` buckets, `/stats`). Bounds have margins for a loaded machine: "no more than N within a window", a
/// peak that is reached and never passed, a timeout well before the answer.
@Suite(.enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct LimitsOnTheWireTests {
    /// Whether no `count + 1` arrivals fall within `window` (arrivals in seconds, any order).
    static func noMoreThan(_ count: Int, within window: Double, _ arrivals: [Double]) -> Bool {
        let sorted = arrivals.sorted()
        return sorted.indices.dropFirst(count).allSatisfy { sorted[$0] - sorted[$0 - count] >= window }
    }

    /// Issue #22 point 1: four slow calls hold the four concurrency slots past the rate interval; the eight quick
    /// calls behind them must still leave at most five per second (a request waiting for a slot holding a rate-limit
    /// start sent six and more at once when the slots freed).
    @Test func rateLimitHoldsOnTheWireBehindTheConcurrencyLimit() async throws {
        let counter = UUID().uuidString
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.rateLimit = RateLimit(count: 5, interval: .seconds(1))
        configuration.maxConcurrentRequests = 4
        let client = EndpointClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { _ = try await client.send(Request<Echo>(method: .get, path: "/delay", query: [QueryItem("ms", 1500)])) }
            }
            try await waitUntil { try await EchoServer.stats(counter).total == 4 }
            for _ in 0..<8 {
                group.addTask { _ = try await client.send(Request<Echo>(method: .get, path: "/quick")) }
            }
            try await group.waitForAll()
        }
        let arrivals = try await EchoServer.stats(counter).arrivals
        #expect(arrivals.count == 12)
        // 5 per 1 s, less 0.2 s for the way from the limiter to the server on a loaded machine.
        #expect(Self.noMoreThan(5, within: 0.8, arrivals), "arrivals: \(arrivals.sorted().map { $0 - arrivals.min()! })")
    }

    /// Retries are requests on the wire: each attempt takes its own rate-limit start.
    @Test func retriesCountAgainstTheRateLimit() async throws {
        let counter = UUID().uuidString
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.rateLimit = RateLimit(count: 3, interval: .milliseconds(600))
        configuration.retry = RetryPolicy(attempts: 2, statuses: [503], backoff: .none)
        let client = EndpointClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<3 {
                let key = "\(counter)-\(index)"
                group.addTask { _ = try await client.send(Request<Echo>(method: .get, path: "/flaky/{key}/2", pathParameters: ["key": key])) }
            }
            try await group.waitForAll()
        }
        let arrivals = try await EchoServer.stats(counter).arrivals
        #expect(arrivals.count == 9, "3 calls, each failing twice then succeeding")
        #expect(Self.noMoreThan(3, within: 0.5, arrivals), "arrivals: \(arrivals.sorted().map { $0 - arrivals.min()! })")
    }

    /// Issue #22 point 9: the limit is reached (a limit of 1 would pass a test from above only) and never passed.
    @Test func concurrencyLimitIsReachedAndNeverPassed() async throws {
        let counter = UUID().uuidString
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.maxConcurrentRequests = 3
        let client = EndpointClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask { _ = try await client.send(Request<Echo>(method: .get, path: "/delay", query: [QueryItem("ms", 300)])) }
            }
            try await group.waitForAll()
        }
        let stats = try await EchoServer.stats(counter)
        #expect(stats.total == 12)
        #expect(stats.peak == 3)
    }

    /// Issue #22 point 3: a 200 ms timeout ends the attempt after about 200 ms on Linux too (it was rounded up to 1 s).
    @Test func timeoutHasMillisecondPrecision() async throws {
        let client = EndpointClient(configuration: try EchoServer.configuration())
        let start = ContinuousClock.now
        await #expect(throws: EndpointError.timeout) {
            try await client.send(Request<Echo>(method: .get, path: "/delay", query: [QueryItem("ms", 3000)], timeout: .milliseconds(200)))
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(190))
        #expect(elapsed < .milliseconds(750), "a 200 ms timeout took \(elapsed)")
    }

    /// The per-attempt timeout is time on the wire: a request queued in the rate limit longer than its timeout,
    /// answered at once when it leaves, succeeds.
    @Test func timeQueuedInTheLimitsIsNotPartOfTheAttemptsTimeout() async throws {
        var configuration = try EchoServer.configuration()
        configuration.rateLimit = RateLimit(count: 1, interval: .milliseconds(900))
        configuration.timeout = .milliseconds(400)
        let client = EndpointClient(configuration: configuration)
        let start = ContinuousClock.now
        for _ in 0..<2 { _ = try await client.send(Request<Echo>(method: .get, path: "/quick")) }
        #expect(ContinuousClock.now - start >= .milliseconds(850), "the second request waited for the rate limit")
    }

    /// The overall timeout counts the queue: a call stuck behind the rate limit ends at `totalTimeout`.
    @Test func totalTimeoutCountsTimeQueuedInTheLimits() async throws {
        let counter = UUID().uuidString
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.rateLimit = RateLimit(count: 1, interval: .seconds(30))
        configuration.totalTimeout = .milliseconds(400)
        let client = EndpointClient(configuration: configuration)
        _ = try await client.send(Request<Echo>(method: .get, path: "/first"))
        let start = ContinuousClock.now
        await #expect(throws: EndpointError.timeout) { try await client.send(Request<Echo>(method: .get, path: "/second")) }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(390))
        #expect(elapsed < .seconds(2), "a 400 ms overall timeout took \(elapsed)")
        #expect(try await EchoServer.stats(counter).total == 1, "the queued request never left")
    }

    /// The overall timeout spans the attempts and the waits between them.
    @Test func totalTimeoutSpansRetries() async throws {
        let counter = UUID().uuidString
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.retry = RetryPolicy(attempts: 5, statuses: [503], backoff: .constant(.milliseconds(300)))
        configuration.totalTimeout = .milliseconds(500)
        let client = EndpointClient(configuration: configuration)
        let start = ContinuousClock.now
        await #expect(throws: EndpointError.timeout) {
            try await client.send(Request<Echo>(method: .get, path: "/flaky/{key}/10", pathParameters: ["key": counter]))
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        let total = try await EchoServer.stats(counter).total
        #expect((1...3).contains(total), "about two attempts fit in 500 ms with 300 ms waits, not six: \(total)")
    }
}
