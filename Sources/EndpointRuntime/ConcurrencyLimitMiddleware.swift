/// Keeps at most N requests in flight; the others wait in arrival order.
struct ConcurrencyLimitMiddleware: Middleware {
    private let semaphore: AsyncSemaphore

    init(maxConcurrentRequests: Int) { semaphore = AsyncSemaphore(permits: maxConcurrentRequests) }

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        try await semaphore.wait()
        defer { semaphore.signal() }
        return try await next(request)
    }
}
