// EndpointRuntime: The one error type every call throws.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - EndpointError

/// Every way a request can fail, one case per thing a caller may want to handle.
///
/// Equal errors are the same failure: two `.transport` errors are equal when their codes are, whatever their
/// descriptions say (see `==`); every other case compares all its values.
public enum EndpointError: Error, Sendable, Equatable {
    /// The request could not be built (e.g. an empty required string, a header with a line break); it was not sent.
    /// Also a streamed body larger than `ResponseBodyStream.collect(upTo:)` allows, whose request was sent.
    case invalidRequest(String)
    /// The connection failed, with the `URLError` code (e.g. `.cannotConnectToHost`) and, for display only, the
    /// platform's description of it (its `localizedDescription`: in the user's language, worded by URLSession on
    /// Darwin and by libcurl on Linux).
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

extension EndpointError {
    /// Whether `a` and `b` are the same failure. A `.transport` failure is identified by its code alone: every code is
    /// one of `URLError`'s, in the one domain `NSURLErrorDomain` (an error of another domain a transport throws becomes
    /// `.unknown`), and the description is localised text that would make equal failures differ by the user's language.
    public static func == (a: EndpointError, b: EndpointError) -> Bool {
        switch (a, b) {
        case (.transport(let a, _), .transport(let b, _)):
            return a == b
        case (.invalidRequest(let a), .invalidRequest(let b)):
            return a == b
        case (.timeout, .timeout), (.cancelled, .cancelled):
            return true
        case (.unacceptableStatus(let status, let message, let body), .unacceptableStatus(let otherStatus, let otherMessage, let otherBody)):
            return status == otherStatus && message == otherMessage && body == otherBody
        case (.unacceptableContentType(let type, let status, let body), .unacceptableContentType(let otherType, let otherStatus, let otherBody)):
            return type == otherType && status == otherStatus && body == otherBody
        case (.decodingFailed(let type, let path, let reason, let status, let body),
            .decodingFailed(let otherType, let otherPath, let otherReason, let otherStatus, let otherBody)):
            return type == otherType && path == otherPath && reason == otherReason && status == otherStatus && body == otherBody
        case (.invalidRequest, _), (.transport, _), (.timeout, _), (.cancelled, _), (.unacceptableStatus, _),
            (.unacceptableContentType, _), (.decodingFailed, _):
            return false
        }
    }
}

// Not `LocalizedError`: its optional `failureReason` requirement would shadow this type's non-optional one.
extension EndpointError: CustomStringConvertible {
    /// The failure reason.
    public var description: String { failureReason }
}
