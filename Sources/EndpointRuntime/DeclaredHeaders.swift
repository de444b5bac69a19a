import Foundation

/// The response headers an endpoint's spec declares (`responseHeaders:`), read into typed properties.
///
/// Generated per endpoint, e.g. `StoreEndpoints.OrderHeaders` with `eTag: String` and `lastModified: Date?`.
public protocol DeclaredHeaders: Sendable {
    /// Reads the headers of `response`; throws `.decodingFailed` when a required one is missing or does not parse.
    init(from response: Response<some Sendable>) throws(EndpointError)
}

/// A decoded body with the status and headers of its response, and the headers its endpoint declares, typed.
///
/// ```swift
/// let page = try await client.recordsWithResponse()
/// print(page.declared.totalRecords, page.statusCode, page.body.count)
/// ```
public struct DeclaredResponse<Body: Sendable, Headers: DeclaredHeaders>: Sendable {
    /// The body, status and every header as received.
    public var response: Response<Body>
    /// The headers the spec declares, typed.
    public var declared: Headers

    /// Reads the declared headers of `response`; throws `.decodingFailed` when a required one is missing or does not parse.
    public init(_ response: Response<Body>) throws(EndpointError) {
        self.response = response
        declared = try Headers(from: response)
    }

    /// The decoded body.
    public var body: Body { response.body }
    /// The status code, e.g. `200` or `201`.
    public var statusCode: Int { response.statusCode }
    /// Every header as received.
    public var headers: [String: String] { response.headers }
    /// A header's value, case-insensitively.
    public func header(_ name: String) -> String? { response.header(name) }
}

extension Response {
    /// The header `name` as a `T`, for a `DeclaredHeaders` type named `owner`: `.decodingFailed` (with `owner` as the
    /// type and the header's name as the path) when it is missing or does not parse.
    public func header<T: HeaderValue>(_ name: String, as type: T.Type, in owner: String) throws(EndpointError) -> T {
        guard let text = header(name) else {
            throw .decodingFailed(type: owner, path: name, reason: "the response has no '\(name)' header", statusCode: statusCode, body: Data())
        }
        guard let value = T(headerValue: text) else {
            throw .decodingFailed(
                type: owner, path: name, reason: "header '\(name)' is '\(text)', which is not \(T.headerDescription)",
                statusCode: statusCode, body: Data())
        }
        return value
    }

    /// The header `name` as a `T`, or `nil` when it is missing or does not parse.
    public func header<T: HeaderValue>(_ name: String, as type: T.Type) -> T? {
        header(name).flatMap(T.init(headerValue:))
    }
}
