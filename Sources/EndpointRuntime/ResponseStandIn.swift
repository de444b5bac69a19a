// A temporary stand-in: the response-metadata branch adds this exact API to EndpointRuntime, and its version replaces
// this file (and `EndpointClient.decodedExchange`) when it merges. Pagination builds only on the API below.

/// A decoded body with the status and headers of the response it came in.
public struct Response<Body: Sendable>: Sendable {
    /// The decoded body.
    public var body: Body
    /// The HTTP status code.
    public var statusCode: Int
    /// Every header as received.
    public var headers: [String: String]

    /// A header's value, case-insensitively.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

extension EndpointClient {
    /// Sends `request` and returns its decoded body with the response's status and headers.
    public func response<R>(
        for request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(EndpointError) -> Response<R> {
        let (body, response) = try await decodedExchange(request, progress: progress)
        var headers: [String: String] = [:]
        for (name, value) in response.response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return Response(body: body, statusCode: response.statusCode, headers: headers)
    }
}
