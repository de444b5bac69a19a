/// Lets at most `count` requests start per sliding `interval`; the rest wait their turn in arrival order.
/// A waiting caller that is cancelled stops waiting at once.
///
/// Callers go one at a time through `turn`: the caller at the head sleeps until the window has room,
/// notes the moment it actually starts, and lets the next one in. Noting the real start (not a slot
/// computed in advance) keeps the limit true where requests leave, even when wake-ups run late.
struct RateLimitMiddleware: Middleware {
    private let limit: RateLimit
    private let turn = AsyncSemaphore(permits: 1)
    /// The last `count` start times, ascending; only the caller holding `turn` changes them.
    private let starts = LockedState<[ContinuousClock.Instant]>([])

    init(limit: RateLimit) { self.limit = limit }

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        try await turn.wait()
        do {
            if let earliest = earliestStart(), earliest > .now {
                try await Task.sleep(until: earliest, clock: .continuous)
            }
        } catch {
            turn.signal()
            throw .cancelled
        }
        recordStart()
        turn.signal()
        return try await next(request)
    }

    /// When the window has room again, or `nil` while it has room now.
    private func earliestStart() -> ContinuousClock.Instant? {
        starts.withLock { starts in starts.count < limit.count ? nil : starts[starts.count - limit.count] + limit.interval }
    }

    private func recordStart() {
        let now = ContinuousClock.now
        starts.withLock { starts in
            starts.append(now)
            if starts.count > limit.count { starts.removeFirst(starts.count - limit.count) }
        }
    }
}
