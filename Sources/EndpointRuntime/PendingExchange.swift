import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One URLSession task as its caller sees it: the caller gets exactly one answer, the task's own, or a timeout
/// at the deadline, or a cancellation, whichever comes first. A task whose caller was answered early is left
/// to finish for `grace` and cancelled only if it is still running then.
///
/// Why not cancel at once on Linux: there `URLSessionTask.cancel()` crashes the process when the task is completing
/// at that moment (FoundationNetworking's `TaskRegistry.swift:118`, "Trying to access a behaviour for a task that
/// in not in the registry"; swift-corelibs-foundation#3296). A request cancelled just as its answer arrived,
/// which a cancelled view or a closed server connection makes common, would then take the app down. Waiting
/// `grace` first means a task that was about to finish is never cancelled. One still running then (a long
/// download, a stalled server) is cancelled a second after its caller gave up: it would have to end within
/// the same few microseconds to meet the crash, where cancelling at once met it whenever the caller gave up
/// as the answer arrived.
final class PendingExchange: Sendable {
    typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

    private enum State {
        /// Created; the caller has not started waiting.
        case ready
        /// Cancelled before the caller started waiting: the task must not start.
        case cancelledBeforeStart
        /// The caller waits for `task`.
        case waiting(Continuation, task: URLSessionTask?)
        /// The caller was answered early; `task` still runs.
        case abandoned(URLSessionTask?)
        /// The task ended (its answer went to the caller, or was dropped if the caller had been answered).
        case ended
    }

    /// Runs an action after a delay (the grace timer), on a clock tests can control.
    typealias Scheduler = @Sendable (DispatchTimeInterval, @escaping @Sendable () -> Void) -> Void

    /// How long a task whose caller no longer waits may still run before it is cancelled.
    let grace: DispatchTimeInterval
    private let schedule: Scheduler
    private let state = LockedState(State.ready)

    #if canImport(FoundationNetworking)
    static let defaultGrace = DispatchTimeInterval.seconds(1)
    #else
    /// Darwin's URLSession cancels a completing task safely, so there the task is cancelled at once.
    static let defaultGrace = DispatchTimeInterval.seconds(0)
    #endif

    /// The grace timer runs on `DispatchQueue.global()` unless `schedule` says otherwise (tests).
    init(grace: DispatchTimeInterval = defaultGrace, schedule: @escaping Scheduler = { delay, action in
        DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: action)
    }) {
        self.grace = grace
        self.schedule = schedule
    }

    /// Starts the caller's wait; `false` (and the caller is answered with a cancellation) when it was cancelled before.
    func wait(with continuation: Continuation) -> Bool {
        let start = state.withLock { state -> Bool in
            guard case .ready = state else { return false }
            state = .waiting(continuation, task: nil)
            return true
        }
        if !start { continuation.resume(throwing: URLError(.cancelled)) }
        return start
    }

    /// Records the task the caller waits for, before it is resumed; `false` when the caller was answered meanwhile
    /// (cancelled while the task was made), and the task must not start.
    func track(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            guard case .waiting(let continuation, nil) = state else { return false }
            state = .waiting(continuation, task: task)
            return true
        }
    }

    /// Whether the caller still waits for the task (its progress is still wanted).
    var isWaiting: Bool {
        state.withLock { state in
            if case .waiting = state { return true }
            return false
        }
    }

    /// The task ended: its result goes to the caller unless the caller was already answered.
    func end(with result: Result<(Data, URLResponse), any Error>) {
        let continuation = state.withLock { state -> Continuation? in
            defer { state = .ended }
            guard case .waiting(let continuation, _) = state else { return nil }
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// Answers the caller with `error` now (a timeout, a cancellation) and cancels the task after `grace` if it
    /// still runs then. Does nothing once the caller has its answer.
    func abandon(with error: URLError) {
        let continuation = state.withLock { state -> Continuation? in
            switch state {
            case .ready:
                state = .cancelledBeforeStart
                return nil
            case .waiting(let continuation, let task):
                state = .abandoned(task)
                return continuation
            case .cancelledBeforeStart, .abandoned, .ended:
                return nil
            }
        }
        guard let continuation else { return }
        continuation.resume(throwing: error)
        schedule(grace) { [self] in
            if case .abandoned(let task?) = state.withLock({ $0 }) { task.cancel() }
        }
    }
}
