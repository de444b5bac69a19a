import Foundation

extension ServerSentEvents {
    /// The events of a `text/event-stream` body given as chunks, e.g. for a fake client in tests:
    /// `ServerSentEvents(ResponseBodyStream([Data("data: {\"text\": \"Hi\"}\n\n".utf8)]))`. It does not reconnect.
    public init(_ body: ResponseBodyStream, decoder: JSONDecoder = JSONDecoder()) {
        self.init(
            first: body, lastEventID: nil, reconnection: nil, decoder: decoder,
            open: { (_: String?) async throws(EndpointError) -> ResponseBodyStream? in
                throw .invalidRequest("events made from a body do not reconnect")
            })
    }
}

extension JSONLines {
    /// The items of a JSON Lines body given as chunks, e.g. for a fake client in tests:
    /// `JSONLines<Row>(ResponseBodyStream([Data("{\"id\": 1}\n{\"id\": 2}\n".utf8)]))`.
    public init(_ body: ResponseBodyStream, decoder: JSONDecoder = JSONDecoder()) {
        self.init(body: body, decoder: decoder)
    }
}
