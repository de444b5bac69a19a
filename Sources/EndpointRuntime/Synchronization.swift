// EndpointRuntime: The locks the runtime shares state under.

import Foundation

// MARK: - LockedState

/// A value shared between threads, reachable only under its lock.
///
/// `@unchecked Sendable` is safe: `value` is private and every read and write happens inside
/// `withLock`, which holds `lock` for the whole closure. `package`: `EndpointRuntimeTesting`'s stub shares it.
package final class LockedState<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// A lock around `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// MARK: - AsyncSemaphore

/// A counting semaphore for async code: waiters are served first in, first out, and a cancelled waiter leaves the queue.
final class AsyncSemaphore: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state: LockedState<State>

    /// A semaphore with `permits` free permits.
    init(permits: Int) { state = LockedState(State(available: permits)) }

    /// Takes a permit, waiting in line for one; throws `.cancelled` if the task is cancelled while waiting.
    func wait() async throws(EndpointError) {
        let id: UInt64? = state.withLock { state in
            if state.available > 0 {
                state.available -= 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // The cancelled flag is set before `onCancel` runs, so checking it under the lock means
                    // a waiter is either queued before `onCancel` looks, or never queued.
                    let enqueued = state.withLock { state in
                        guard !Task.isCancelled else { return false }
                        state.waiters.append(Waiter(id: id, continuation: continuation))
                        return true
                    }
                    if !enqueued { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let waiter = state.withLock { state in
                    state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch {
            throw .cancelled
        }
    }

    /// How many callers are waiting (for tests and diagnostics).
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// Returns a permit, handing it straight to the longest waiter if there is one.
    func signal() {
        let waiter = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.continuation.resume()
    }
}
