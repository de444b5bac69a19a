/// Ends a call whose `totalTimeout` passes with `.timeout`, wherever it is: queued in the rate or concurrency limit,
/// on the wire, or waiting before a retry. The rest of the chain is cancelled then (a queued request leaves its
/// queue, a running one's URLSession task is cancelled).
///
/// A call without a `totalTimeout` goes straight on: racing a timer costs a task group per call.
struct TotalTimeoutMiddleware: Middleware {
    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        guard let limit = request.totalTimeout else { return try await next(request) }
        // The group waits for both of its tasks before it returns, so `next` never outlives this call.
        let outcome = await withoutActuallyEscaping(next) { next in await Self.race(next, request, against: limit) }
        return try outcome.get()
    }

    /// The call's answer, or `.timeout` when `limit` passes first (the call is then cancelled).
    private static func race(
        _ next: @escaping MiddlewareNext, _ request: PipelineRequest, against limit: Duration
    ) async -> Result<HTTPResponse, EndpointError> {
        await withTaskGroup(of: Result<HTTPResponse, EndpointError>?.self) { group in
            group.addTask {
                do throws(EndpointError) {
                    return .success(try await next(request))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                // Cancelled (the call ended, or its caller was cancelled): no verdict, the call's own answer counts.
                do { try await Task.sleep(for: limit) } catch { return nil }
                return .failure(.timeout)
            }
            for await result in group {
                guard let result else { continue }
                group.cancelAll()
                return result
            }
            return .failure(.cancelled)
        }
    }
}
