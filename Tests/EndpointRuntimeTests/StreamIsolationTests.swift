import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing
import TestSupport

/// A loop over a stream's events on an actor reads them on that actor: no hop to another thread and back per event
/// (per byte, per line), only the waits for the body's chunks.
///
/// The iterators' `next(isolation:)` needs macOS 15 / iOS 18 (as does `ExecutorJob` before it, macOS 14 / iOS 17): on
/// older systems `next()` runs, with its hops, so there is nothing to test.
@Suite(.timeLimit(.minutes(2))) struct StreamIsolationTests {
    /// An executor that counts the jobs it is given: each is one arrival of a task on the actor that uses it.
    ///
    /// `@unchecked Sendable` is safe: `queue` is a `DispatchQueue` (itself safe from any thread) and `jobs` a `Locked`.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    final class CountingExecutor: SerialExecutor, @unchecked Sendable {
        private let queue = DispatchQueue(label: "StreamIsolationTests")
        let jobs = Locked(0)

        func enqueue(_ job: consuming ExecutorJob) {
            jobs.withLock { $0 += 1 }
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
        }

        func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
    }

    /// An actor on the counting executor that reads what it is given.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    actor Reader {
        let executor = CountingExecutor()
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        func count<S: AsyncSequence & Sendable>(_ sequence: S) async throws -> Int {
            var count = 0
            for try await _ in sequence { count += 1 }
            return count
        }
    }

    static let events = 1_000

    static func client(_ body: String, contentType: String) -> EndpointClient {
        let reply = StubTransport.Reply(headers: ["Content-Type": contentType], body: Data(body.utf8))
        let server = ServerAddress(url: URL(string: "https://api.example.com")!)!
        return EndpointClient(configuration: ClientConfiguration(server: server, retry: .none), transport: StubTransport { _ in reply })
    }

    /// The hops onto the reader while it counts `sequence`'s elements: far fewer than the elements.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func expectFewHops<S: AsyncSequence & Sendable>(_ sequence: S, elements: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let reader = Reader()
        let before = reader.executor.jobs.withLock { $0 }
        #expect(try await reader.count(sequence) == elements, sourceLocation: sourceLocation)
        let hops = reader.executor.jobs.withLock { $0 } - before
        // One body of one chunk: a few arrivals (the call, the chunk); with a hop per element there would be thousands.
        #expect(hops < 20, "\(hops) arrivals on the reader's actor for \(elements) elements", sourceLocation: sourceLocation)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func serverSentEventsAreReadOnTheCallersActor() async throws {
        let body = (1...Self.events).map { "id: \($0)\ndata: event \($0)\n\n" }.joined()
        let events = try await Self.client(body, contentType: "text/event-stream").events(Request<String>(method: .get, path: "/events"))
        try await Self.expectFewHops(events, elements: Self.events)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func jsonLinesAreReadOnTheCallersActor() async throws {
        let body = (1...Self.events).map { "{\"n\": \($0)}\n" }.joined()
        let lines = try await Self.client(body, contentType: "application/x-ndjson").jsonLines(Request<JSONValue>(method: .get, path: "/lines"))
        try await Self.expectFewHops(lines, elements: Self.events)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func bytesAreReadOnTheCallersActor() async throws {
        let body = String(repeating: "x", count: Self.events)
        let stream = try await Self.client(body, contentType: "application/octet-stream").stream(Request<Data>(method: .get, path: "/bytes")).body
        try await Self.expectFewHops(stream.bytes, elements: Self.events)
    }
}
