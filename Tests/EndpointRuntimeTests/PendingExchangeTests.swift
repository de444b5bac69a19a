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

/// A clock for the grace timer that moves only when the test says: it keeps what is scheduled until `fire()`.
private final class ManualScheduler: Sendable {
    private let scheduled = LockedBox<[(delay: DispatchTimeInterval, action: @Sendable () -> Void)]>([])

    var schedule: PendingExchange.Scheduler {
        { [scheduled] delay, action in scheduled.value.append((delay, action)) }
    }

    /// The delays asked for so far.
    var delays: [DispatchTimeInterval] { scheduled.value.map(\.delay) }

    /// Runs every action scheduled so far, as if their time had come.
    func fire() {
        let due = scheduled.value
        scheduled.value = []
        for entry in due { entry.action() }
    }
}

/// How one exchange answers its caller once and cancels its task only after the grace period (see `TransportCancellationRaceTests`
/// for the race with a real session that this avoids).
@Suite(.timeLimit(.minutes(2))) struct PendingExchangeTests {
    let answer = (Data("{}".utf8), URLResponse(url: URL(fileURLWithPath: "/"), mimeType: nil, expectedContentLength: 2, textEncodingName: nil))

    @Test func anAbandonedCallerIsAnsweredAtOnceAndItsTaskCancelledAfterTheGrace() async throws {
        let clock = ManualScheduler()
        let pending = PendingExchange(grace: .milliseconds(100), schedule: clock.schedule)
        let task = CountingTask()
        await #expect(throws: URLError(.timedOut)) {
            try await withCheckedThrowingContinuation { continuation in
                #expect(pending.wait(with: continuation))
                #expect(pending.track(task))
                pending.abandon(with: URLError(.timedOut))
            }
        }
        #expect(clock.delays == [.milliseconds(100)])
        #expect(task.cancels.values.isEmpty, "cancelled before the grace period")
        clock.fire()
        #expect(task.cancels.values.count == 1)
    }

    @Test func theGraceTimerRunsOnTheRealClockByDefault() async throws {
        let pending = PendingExchange(grace: .milliseconds(50))
        let task = CountingTask()
        await #expect(throws: URLError(.cancelled)) {
            try await withCheckedThrowingContinuation { continuation in
                _ = pending.wait(with: continuation)
                _ = pending.track(task)
                pending.abandon(with: URLError(.cancelled))
            }
        }
        try await waitUntil { task.cancels.values.count == 1 }
    }

    @Test func aTaskThatEndsWithinTheGraceIsNeverCancelled() async throws {
        let clock = ManualScheduler()
        let pending = PendingExchange(grace: .milliseconds(100), schedule: clock.schedule)
        let task = CountingTask()
        await #expect(throws: URLError(.cancelled)) {
            try await withCheckedThrowingContinuation { continuation in
                _ = pending.wait(with: continuation)
                _ = pending.track(task)
                pending.abandon(with: URLError(.cancelled))
                pending.end(with: .success(answer))  // too late for the caller, in time for the task
            }
        }
        clock.fire()
        #expect(task.cancels.values.isEmpty)
    }

    @Test func theTasksAnswerWinsWhenItComesFirst() async throws {
        let clock = ManualScheduler()
        let pending = PendingExchange(grace: .milliseconds(50), schedule: clock.schedule)
        let task = CountingTask()
        let (data, _) = try await withCheckedThrowingContinuation { continuation in
            _ = pending.wait(with: continuation)
            _ = pending.track(task)
            pending.end(with: .success(answer))
            pending.abandon(with: URLError(.timedOut))  // a deadline passing after the answer does nothing
        }
        #expect(data == answer.0)
        #expect(clock.delays.isEmpty, "no grace timer for a caller answered by its task")
        clock.fire()
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
