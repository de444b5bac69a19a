@testable import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// The rate limit and the concurrency limit.
@Suite(.timeLimit(.minutes(2))) struct LimitMiddlewareTests {
    let server = ServerAddress(host: "api.example.com")

    @Test func semaphoreServesWaitersInArrivalOrder() async throws {
        let semaphore = AsyncSemaphore(permits: 1)
        try await semaphore.wait()
        let order = Recorder<Int>()
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<5 {
            waiters.append(Task {
                try await semaphore.wait()
                order.append(index)
                semaphore.signal()
            })
            try await waitUntil { semaphore.waiterCount == index + 1 }
        }
        semaphore.signal()
        for waiter in waiters { try await waiter.value }
        #expect(order.values == [0, 1, 2, 3, 4])
    }

    @Test func cancelledWaiterLeavesTheLineAndPassesNoPermitOn() async throws {
        let semaphore = AsyncSemaphore(permits: 1)
        try await semaphore.wait()
        let cancelled = Task { try await semaphore.wait() }
        try await waitUntil { semaphore.waiterCount == 1 }
        let next = Task { try await semaphore.wait() }
        try await waitUntil { semaphore.waiterCount == 2 }
        cancelled.cancel()
        await #expect(throws: EndpointError.cancelled) { try await cancelled.value }
        #expect(semaphore.waiterCount == 1)
        semaphore.signal()
        try await next.value
        #expect(semaphore.waiterCount == 0)
    }

    @Test func rateLimitedCallerCanBeCancelledWhileWaiting() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let configuration = ClientConfiguration(server: server, retry: .none, rateLimit: RateLimit(count: 1, interval: .seconds(600)))
        let client = EndpointClient(configuration: configuration, transport: stub)
        _ = try await client.send(Request<Empty>(method: .get, path: "/first"))
        let waiting = Task { try await client.send(Request<Empty>(method: .get, path: "/second")) }
        waiting.cancel()
        await #expect(throws: EndpointError.cancelled) { try await waiting.value }
        #expect(stub.requests.map { $0.url?.path } == ["/first"])
    }

    @Test func rateLimitSpacesStartsAndDropsNothing() async throws {
        let starts = Recorder<ContinuousClock.Instant>()
        let stub = StubTransport(handler: { _ in
            starts.append(.now)
            return .json("{}")
        })
        let interval = Duration.milliseconds(200)
        let configuration = ClientConfiguration(server: server, retry: .none, rateLimit: RateLimit(count: 5, interval: interval))
        let client = EndpointClient(configuration: configuration, transport: stub)
        let results = try await withThrowingTaskGroup(of: Empty.self) { group in
            for _ in 0..<15 { group.addTask { try await client.send(Request<Empty>(method: .get, path: "/x")) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 15)
        let times = starts.values.sorted()
        // Any 5 starts span at least the interval (less 5 % for the moment between the limiter and the transport).
        #expect(times.indices.dropFirst(5).allSatisfy { times[$0] - times[$0 - 5] >= interval * 0.95 })
    }
}

/// The concurrency limit as the echo server observes it.
@Suite(.enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct ConcurrencyLimitServerTests {
    @Test func serverNeverSeesMoreThanTheLimit() async throws {
        let counter = UUID().uuidString
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.maxConcurrentRequests = 3
        let client = EndpointClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<30 {
                group.addTask { _ = try await client.send(Request<Echo>(method: .get, path: "/delay", query: [QueryItem("ms", 20)])) }
            }
            try await group.waitForAll()
        }
        let stats = try await EchoServer.stats(counter)
        #expect(stats.total == 30)
        #expect(stats.peak <= 3)
    }
}
