@testable import EndpointRuntime
import Dispatch
import Testing

/// The one-timer watch that bounds whole exchanges (see `URLSessionTransportTests` for it at work on a real server).
@Suite(.timeLimit(.minutes(2))) struct DeadlineWatchTests {
    @Test func deadlinesExpireInTimeOrderEvenWhenAnEarlierOneArrivesLater() async throws {
        let watch = DeadlineWatch()
        let expired = Recorder<String>()
        let late = ExchangeDeadline { expired.append("late") }
        let early = ExchangeDeadline { expired.append("early") }
        watch.watch(late, until: .now() + 0.6)
        watch.watch(early, until: .now() + 0.2)  // earlier than the armed timer: needs a timer of its own
        try await waitUntil { expired.values.count == 2 }
        #expect(expired.values == ["early", "late"])
        try await Task.sleep(for: .milliseconds(200))
        #expect(expired.values == ["early", "late"], "a deadline expires once")
    }

    @Test func aForgottenDeadlineNeverExpires() async throws {
        let watch = DeadlineWatch()
        let expired = Recorder<String>()
        let forgotten = ExchangeDeadline { expired.append("forgotten") }
        let due = ExchangeDeadline { expired.append("due") }
        for deadline in [forgotten, due] { watch.watch(deadline, until: .now() + 0.2) }
        watch.forget(forgotten)
        try await waitUntil { expired.values == ["due"] }
        try await Task.sleep(for: .milliseconds(200))
        #expect(expired.values == ["due"])
    }
}
