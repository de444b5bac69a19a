import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Responses that are not gathered in memory: downloads to a file, bodies as byte streams, server-sent events and
/// JSON Lines. Each goes through the same middleware as `send` (auth, retry of the request, logging); an error status
/// throws `.unacceptableStatus` with its (buffered) body, as for any request. The request's `Body` type is the event or
/// item type for `events` and `jsonLines`, and is not used by `download` and `stream`.
extension EndpointClient {
    /// Downloads the body of `request` into `destination` as it arrives, at constant memory, and returns the file's
    /// URL with the response's status and headers. A file already at `destination` is replaced only once the download
    /// is complete; a failed or cancelled download leaves nothing behind. The request's timeout bounds the wait for
    /// the response head; the transfer itself may take as long as it needs.
    public func download<R>(
        _ request: Request<R>, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(EndpointError) -> Response<URL> {
        let (_, response) = try await deliver(request, .file(destination), progress: progress)
        return Response(body: response.file ?? destination, statusCode: response.statusCode, headers: response.allHeaders)
    }

    /// Sends `request` and returns, as soon as the response head is in, its body as a stream of chunks. Cancelling the
    /// task that reads it (or dropping it) stops the transfer.
    public func stream<R>(
        _ request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(EndpointError) -> Response<ResponseBodyStream> {
        let (_, response) = try await deliver(request, .stream, progress: progress)
        return Response(body: response.stream ?? ResponseBodyStream([response.data]), statusCode: response.statusCode, headers: response.allHeaders)
    }

    /// Sends `request` (with `Accept: text/event-stream` unless it names its own) and returns its server-sent events,
    /// each decoded as `E` (`String` for the text, or JSON). `lastEventID` resumes a stream (sent as `Last-Event-ID`);
    /// a `reconnection` reopens a stream that ends (see `ServerSentEvents`). A 204 answer is a stream without events;
    /// an answer that is not `text/event-stream` throws `.unacceptableContentType`.
    public func events<E>(
        _ request: Request<E>, lastEventID: String? = nil, reconnection: SSEReconnection? = nil
    ) async throws(EndpointError) -> ServerSentEvents<E> {
        try await response(for: request, lastEventID: lastEventID, reconnection: reconnection, as: ServerSentEvents<E>.self).body
    }

    /// Sends `request` and returns its JSON Lines (NDJSON) body, each line decoded as `E`.
    public func jsonLines<E>(_ request: Request<E>) async throws(EndpointError) -> JSONLines<E> {
        JSONLines(body: try await stream(request).body, decoder: jsonDecoder)
    }
}
