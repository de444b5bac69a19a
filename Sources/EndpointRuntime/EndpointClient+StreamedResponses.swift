import Foundation

/// The streamed responses as generated clients call them (`response: { events: T }`, `{ jsonLines: T }` and `bytes` in a
/// spec): the plain method returns the sequence, its `…WithResponse` variant the sequence with the response's status
/// and headers. The last argument names what the body is read as, so these never compete with `send(_:progress:)`.
extension EndpointClient {
    /// Sends `request` and returns its server-sent events, each one's data decoded as `E`; see `events(_:lastEventID:reconnection:)`.
    public func send<E>(
        _ request: Request<E>, lastEventID: String?, reconnection: SSEReconnection?, as _: ServerSentEvents<E>.Type
    ) async throws(EndpointError) -> ServerSentEvents<E> {
        try await response(for: request, lastEventID: lastEventID, reconnection: reconnection, as: ServerSentEvents<E>.self).body
    }

    /// Sends `request` and returns its server-sent events with the status and headers of the response that opened the
    /// stream (a reconnection's are not kept). `Accept: text/event-stream` is sent unless the request names its own;
    /// `lastEventID` is sent as `Last-Event-ID`.
    public func response<E>(
        for request: Request<E>, lastEventID: String?, reconnection: SSEReconnection?, as _: ServerSentEvents<E>.Type
    ) async throws(EndpointError) -> Response<ServerSentEvents<E>> {
        typealias Open = @Sendable (String?) async throws(EndpointError) -> Response<ResponseBodyStream>
        let open: Open = { [self] (id: String?) async throws(EndpointError) -> Response<ResponseBodyStream> in
            var request = request
            if request.accept == nil { request.accept = ["text/event-stream"] }
            if let id { request.headers.append(HeaderField("Last-Event-ID", id)) }
            return try await stream(request)
        }
        let first = try await open(lastEventID)
        // A 204 ends the stream before it starts, another content type fails it (ServerSentEvents.eventStream(of:)).
        let events = ServerSentEvents<E>(
            first: try await ServerSentEvents<E>.eventStream(of: first), lastEventID: lastEventID,
            reconnection: reconnection, decoder: jsonDecoder,
            open: { (id: String?) async throws(EndpointError) -> ResponseBodyStream? in
                try await ServerSentEvents<E>.eventStream(of: open(id))
            })
        return Response(body: events, statusCode: first.statusCode, headers: first.headers)
    }

    /// Sends `request` and returns its JSON Lines body, each line decoded as `E`.
    public func send<E>(
        _ request: Request<E>, progress: (@Sendable (TransferProgress) -> Void)?, as _: JSONLines<E>.Type
    ) async throws(EndpointError) -> JSONLines<E> {
        try await response(for: request, progress: progress, as: JSONLines<E>.self).body
    }

    /// Sends `request` and returns its JSON Lines body with the response's status and headers.
    public func response<E>(
        for request: Request<E>, progress: (@Sendable (TransferProgress) -> Void)?, as _: JSONLines<E>.Type
    ) async throws(EndpointError) -> Response<JSONLines<E>> {
        let response = try await stream(request, progress: progress)
        return Response(body: JSONLines(body: response.body, decoder: jsonDecoder), statusCode: response.statusCode, headers: response.headers)
    }

    /// Sends `request` and returns its body as a stream of chunks; see `stream(_:progress:)`.
    public func send<R>(
        _ request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)?, as _: ResponseBodyStream.Type
    ) async throws(EndpointError) -> ResponseBodyStream {
        try await stream(request, progress: progress).body
    }

    /// Sends `request` and returns its body as a stream of chunks with the response's status and headers (a `Range`
    /// request's `206` and `Content-Range`, say).
    public func response<R>(
        for request: Request<R>, progress: (@Sendable (TransferProgress) -> Void)?, as _: ResponseBodyStream.Type
    ) async throws(EndpointError) -> Response<ResponseBodyStream> {
        try await stream(request, progress: progress)
    }
}
