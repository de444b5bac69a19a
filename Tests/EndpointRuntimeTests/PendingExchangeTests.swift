@testable import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A task that only counts the times it is cancelled (it never runs).
private final class CountingTask: URLSessionDataTask, @unchecked Sendable {
    // `@unchecked Sendable` is safe: `cancels` is a `Recorder`, which locks.
    let cancels = Recorder<Bool>()
    override func cancel() { cancels.append(true) }
}

/// How one exchange answers its caller once and cancels its task only after the grace period (see `TransportCancellationRaceTests`
/// for the race with a real session that this avoids).
@Suite struct PendingExchangeTests {
    let answer = (Data("{}".utf8), URLResponse(url: URL(fileURLWithPath: "/"), mimeType: nil, expectedContentLength: 2, textEncodingName: nil))

    @Test func anAbandonedCallerIsAnsweredAtOnceAndItsTaskCancelledAfterTheGrace() async throws {
        let pending = PendingExchange(grace: .milliseconds(100))
        let task = CountingTask()
        let start = ContinuousClock.now
        await #expect(throws: URLError(.timedOut)) {
            try await withCheckedThrowingContinuation { continuation in
                #expect(pending.wait(with: continuation))
                #expect(pending.track(task))
                pending.abandon(with: URLError(.timedOut))
            }
        }
        #expect(task.cancels.values.isEmpty, "cancelled before the grace period")
        try await waitUntil { task.cancels.values.count == 1 }
        #expect(ContinuousClock.now - start >= .milliseconds(100))
    }

    @Test func aTaskThatEndsWithinTheGraceIsNeverCancelled() async throws {
        let pending = PendingExchange(grace: .milliseconds(100))
        let task = CountingTask()
        await #expect(throws: URLError(.cancelled)) {
            try await withCheckedThrowingContinuation { continuation in
                _ = pending.wait(with: continuation)
                _ = pending.track(task)
                pending.abandon(with: URLError(.cancelled))
                pending.end(with: .success(answer))  // too late for the caller, in time for the task
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(task.cancels.values.isEmpty)
    }

    @Test func theTasksAnswerWinsWhenItComesFirst() async throws {
        let pending = PendingExchange(grace: .milliseconds(50))
        let task = CountingTask()
        let (data, _) = try await withCheckedThrowingContinuation { continuation in
            _ = pending.wait(with: continuation)
            _ = pending.track(task)
            pending.end(with: .success(answer))
            pending.abandon(with: URLError(.timedOut))  // a deadline passing after the answer does nothing
        }
        #expect(data == answer.0)
        try await Task.sleep(for: .milliseconds(200))
        #expect(task.cancels.values.isEmpty)
    }

    @Test func aCancellationBeforeTheStartStopsTheTaskFromStarting() async throws {
        let pending = PendingExchange()
        pending.abandon(with: URLError(.cancelled))
        await #expect(throws: URLError(.cancelled)) {
            try await withCheckedThrowingContinuation { continuation in
                #expect(!pending.wait(with: continuation))  // answered at once; the transport makes no task
            }
        }
        let late = PendingExchange()
        await #expect(throws: URLError(.cancelled)) {
            try await withCheckedThrowingContinuation { continuation in
                _ = late.wait(with: continuation)
                late.abandon(with: URLError(.cancelled))  // while the task is being made
                #expect(!late.track(CountingTask()))      // so it must not be resumed
            }
        }
    }
}
