/// Writes one line per request (method, URL, status, duration, bytes) to a sink, secrets redacted.
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
        sink.write(RequestSummary.line(
            method: request.urlRequest.httpMethod ?? "GET", url: url, statusCode: response?.statusCode,
            duration: .now - start, bytes: response?.data.count ?? 0))
    }
}
