import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every way a request can fail, one case per thing a caller may want to handle.
public enum EndpointError: Error, Sendable, Equatable {
    /// The request could not be built (e.g. an empty required string, a header with a line break); it was not sent.
    case invalidRequest(String)
    /// The connection failed, with the `URLError` code (e.g. `.cannotConnectToHost`).
    case transport(code: URLError.Code, description: String)
    /// The request took longer than its timeout.
    case timeout
    /// The caller cancelled the request.
    case cancelled
    /// The server answered with a status outside the acceptable range.
    case unacceptableStatus(statusCode: Int, message: String, body: Data)
    /// The server answered with a content type outside the configured list.
    case unacceptableContentType(String?, statusCode: Int, body: Data)
    /// The body did not decode into the expected type: the type, the coding path, what went wrong.
    case decodingFailed(type: String, path: String, reason: String, statusCode: Int, body: Data)

    /// A human explanation of the failure.
    public var failureReason: String {
        switch self {
        case .invalidRequest(let reason):
            return "Invalid request: \(reason)."
        case .transport(let code, let description):
            return "The connection failed (URLError \(code.rawValue)): \(description)."
        case .timeout:
            return "The request timed out."
        case .cancelled:
            return "The request was cancelled."
        case .unacceptableStatus(let statusCode, let message, _):
            return "The server answered \(statusCode): \(message)"
        case .unacceptableContentType(let contentType, let statusCode, _):
            return "The server answered \(statusCode) with unacceptable content type '\(contentType ?? "none")'."
        case .decodingFailed(let type, let path, let reason, let statusCode, _):
            let location = path.isEmpty ? "" : " at '\(path)'"
            return "The \(statusCode) response did not decode as \(type)\(location): \(reason)"
        }
    }

    /// The HTTP status when the server answered, else `nil`.
    public var statusCode: Int? {
        switch self {
        case .unacceptableStatus(let statusCode, _, _), .unacceptableContentType(_, let statusCode, _),
            .decodingFailed(_, _, _, let statusCode, _):
            return statusCode
        case .invalidRequest, .transport, .timeout, .cancelled:
            return nil
        }
    }

    /// The error for anything a transport or middleware threw: URL errors by code, cancellation, else a transport failure.
    public init(_ error: any Error) {
        switch error {
        case let error as EndpointError:
            self = error
        case let error as URLError where error.code == .timedOut:
            self = .timeout
        case let error as URLError where error.code == .cancelled:
            self = .cancelled
        case let error as URLError:
            self = .transport(code: error.code, description: error.localizedDescription)
        case is CancellationError:
            self = .cancelled
        default:
            self = .transport(code: .unknown, description: String(describing: error))
        }
    }
}

// Not `LocalizedError`: its optional `failureReason` requirement would shadow this type's non-optional one.
extension EndpointError: CustomStringConvertible {
    /// The failure reason.
    public var description: String { failureReason }
}
