/// The time limit of one whole exchange: URLSession's own timeout is only the longest wait between two
/// bytes, so a server trickling an endless body would otherwise hold the request forever.
///
/// Whichever comes first, `expire()` (from the transport's `DeadlineWatch`) or `finish()`, wins; the other
/// is a no-op.
final class ExchangeDeadline: Sendable {
    private enum State {
        case running(onExpiry: @Sendable () -> Void)
        case expired
        case finished
    }

    private let state: LockedState<State>

    /// A running exchange; `onExpiry` (e.g. answering its caller with a timeout) runs if the deadline passes first.
    init(onExpiry: @escaping @Sendable () -> Void) {
        state = LockedState(.running(onExpiry: onExpiry))
    }

    /// The deadline passed: calls `onExpiry` unless the exchange already finished.
    func expire() {
        let onExpiry = state.withLock { state -> (@Sendable () -> Void)? in
            guard case .running(let onExpiry) = state else { return nil }
            state = .expired
            return onExpiry
        }
        onExpiry?()
    }

    /// Marks the exchange finished; `false` when the deadline had already expired.
    func finish() -> Bool {
        state.withLock { state in
            guard case .running = state else { return false }
            state = .finished
            return true
        }
    }
}
