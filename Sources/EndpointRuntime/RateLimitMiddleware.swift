/// Lets at most `count` requests start per sliding `interval`; the rest wait their turn in arrival order.
/// A waiting caller that is cancelled stops waiting at once.
struct RateLimitMiddleware: Middleware {
    private let limit: RateLimit
    /// Start times granted so far (the last `count` of them), ascending.
    private let grants = LockedState<[ContinuousClock.Instant]>([])

    init(limit: RateLimit) { self.limit = limit }

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        let slot = reserveSlot()
        if slot > .now {
            do {
                try await Task.sleep(until: slot, clock: .continuous)
            } catch {
                throw .cancelled
            }
        }
        return try await next(request)
    }

    /// The earliest start that keeps every window of `interval` at `count` starts or fewer; reserved at once, so order is FIFO.
    private func reserveSlot() -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        return grants.withLock { grants in
            let slot = grants.count < limit.count ? now : max(now, grants[grants.count - limit.count] + limit.interval)
            grants.append(slot)
            if grants.count > limit.count { grants.removeFirst(grants.count - limit.count) }
            return slot
        }
    }
}
