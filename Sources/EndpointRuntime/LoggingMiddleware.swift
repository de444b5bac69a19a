/// Writes one line per attempt (method, URL, status, duration, bytes) to a sink, secrets redacted.
///
/// It runs last before the transport, so the line shows the request as it leaves: the URL with its credentials
/// (redacted) and whatever a signing middleware added, one line for each attempt with its number and the cause of
/// the retry (`… -> 200 in 2.1 ms, 12 bytes (attempt 2, after 503)`), and the time on the wire, not in the queues.
/// A request that never gets here (no credentials, cancelled or timed out in a queue) has no line; the failure hook
/// sees it.
struct LoggingMiddleware: Middleware {
    let sink: LogSink
    /// Names always redacted besides each request's own secret parameters (e.g. a query token's name).
    let secrets: Set<String>

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        let start = ContinuousClock.now
        do throws(EndpointError) {
            let response = try await next(request)
            log(request, response, since: start)
            return response
        } catch {
            log(request, nil, since: start)
            throw error
        }
    }

    private func log(_ request: PipelineRequest, _ response: HTTPResponse?, since start: ContinuousClock.Instant) {
        // Only the line: the summary's header list is for the failure hook, and costly to build per request.
        let secrets = request.secretParameters.isEmpty ? secrets : secrets.union(request.secretParameters)
        let url = request.urlRequest.url.map { RequestSummary.redact($0, secrets: secrets) } ?? ""
        let line = RequestSummary.line(
            method: request.urlRequest.httpMethod ?? "GET", url: url, statusCode: response?.statusCode,
            duration: .now - start, bytes: response?.data.count ?? 0)
        guard let cause = request.retryCause else { return sink.write(line) }
        sink.write(line + " (attempt \(request.attempt), after \(cause))")
    }
}
