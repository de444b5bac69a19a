import Dispatch

/// Expires a transport's exchange deadlines with one timer at a time, set for the earliest.
///
/// A timer per request, or a task racing each exchange, cost a measurable share of a loopback request's time.
/// Here a request costs two dictionary updates under a lock; the timer is only reset when a deadline earlier
/// than the armed one arrives, and when it fires (it then expires what is due and arms for the next).
final class DeadlineWatch: Sendable {
    private struct State {
        var deadlines: [ObjectIdentifier: (deadline: ExchangeDeadline, at: DispatchTime)] = [:]
        /// When the earliest timer still pending fires, if any.
        var armedFor: DispatchTime?
    }

    private let state = LockedState(State())
    private let queue = DispatchQueue(label: "EndpointRuntime.DeadlineWatch")

    /// Expires `deadline` at `time`, unless `forget` comes first.
    func watch(_ deadline: ExchangeDeadline, until time: DispatchTime) {
        let arm = state.withLock { state in
            state.deadlines[ObjectIdentifier(deadline)] = (deadline, time)
            if let armed = state.armedFor, armed <= time { return false }
            state.armedFor = time
            return true
        }
        if arm { schedule(at: time) }
    }

    /// Stops watching `deadline` (its exchange finished).
    func forget(_ deadline: ExchangeDeadline) {
        state.withLock { _ = $0.deadlines.removeValue(forKey: ObjectIdentifier(deadline)) }
    }

    private func schedule(at time: DispatchTime) {
        queue.asyncAfter(deadline: time) { [self] in fire() }
    }

    /// Expires every deadline that is due, then arms for the earliest left (unless a timer for it is pending).
    private func fire() {
        let now = DispatchTime.now()
        let (due, next) = state.withLock { state -> ([ExchangeDeadline], DispatchTime?) in
            // In time order: a timer that fires late (a loaded machine) may find several due.
            let due = state.deadlines.filter { $0.value.at <= now }.sorted { $0.value.at < $1.value.at }
            for (key, _) in due { state.deadlines.removeValue(forKey: key) }
            if let armed = state.armedFor, armed <= now { state.armedFor = nil }
            guard let earliest = state.deadlines.values.map(\.at).min(), state.armedFor.map({ earliest < $0 }) ?? true else {
                return (due.map(\.value.deadline), nil)
            }
            state.armedFor = earliest
            return (due.map(\.value.deadline), earliest)
        }
        for deadline in due { deadline.expire() }
        if let next { schedule(at: next) }
    }
}
