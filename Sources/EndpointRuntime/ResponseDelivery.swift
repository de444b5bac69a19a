import Foundation

/// How a response body reaches the caller: gathered in memory (the default), written to a file as it arrives, or
/// handed over as a stream of chunks once the response head is in.
///
/// Only a success (2xx) body is delivered this way: an error response's body is always gathered, so the middleware
/// (retry, auth) and `EndpointError.unacceptableStatus` see it as they see any other.
public enum ResponseDelivery: Sendable, Equatable {
    /// The whole body in `HTTPResponse.data`.
    case buffered
    /// The body written to this file as it arrives (at constant memory); `HTTPResponse.file` names it when done.
    /// An existing file there is replaced once the download is complete, never left half-written.
    case file(URL)
    /// The body as `HTTPResponse.stream`, handed over when the response head arrives.
    case stream
}
