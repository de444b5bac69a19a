import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// TEMPORARY: a stand-in for the response-metadata API, which the metadata branch adds with exactly these public
// declarations. This file is replaced by that branch's implementation when it merges; until then the Jupyter live
// tests read `Location` and `Last-Modified` through it. Its implementation is deliberately crude: it builds the
// request here and sends it through the client's public `send(_: URLRequest)`, so the request's own
// `acceptableStatus`, retry policy, auth requirement and progress are not honoured (200..<300, no retry, the token
// when the client has one).

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
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension EndpointClient {
    /// Sends `request` and returns its decoded body with the response's status and headers.
    public func response<R>(for request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(EndpointError) -> Response<R> {
        let builder = RequestBuilder(configuration: configuration, encoder: configuration.dateCoding.makeEncoder())
        let (data, head) = try await send(try builder.urlRequest(for: request))
        let decoder = ResponseDecoder(configuration: configuration, decoder: configuration.dateCoding.makeDecoder())
        let body = try decoder.decode(R.self, from: HTTPResponse(data: data, response: head))
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in head.allHeaderFields {
            headers[name] = value
        }
        return Response(body: body, statusCode: head.statusCode, headers: headers)
    }
}
