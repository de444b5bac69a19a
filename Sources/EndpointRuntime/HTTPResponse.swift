import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a transport returns: the body and the response head.
public struct HTTPResponse: Sendable {
    /// The body bytes.
    public var data: Data
    /// The status line and headers.
    public var response: HTTPURLResponse
    /// The body as it arrives, for a success delivered as a stream (`ResponseDelivery.stream`); `data` is then empty.
    public var stream: ResponseBodyStream?
    /// The file holding the body, for a success delivered to a file (`ResponseDelivery.file`); `data` is then empty.
    public var file: URL?

    /// A response from its parts.
    public init(data: Data, response: HTTPURLResponse, stream: ResponseBodyStream? = nil, file: URL? = nil) {
        self.data = data
        self.response = response
        self.stream = stream
        self.file = file
    }

    /// The status code.
    public var statusCode: Int { response.statusCode }

    /// A header value, case-insensitively.
    public func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }

    /// Every header as received, name to value.
    public var allHeaders: [String: String] {
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in response.allHeaderFields { headers[name] = value }
        return headers
    }
}
