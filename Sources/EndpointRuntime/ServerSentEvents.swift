import Foundation

/// A `text/event-stream` response read as typed events (`ServerSentEvent<Payload>`), pulled from the body as you
/// iterate, so a slow reader holds the transfer back instead of piling events up. Made by `EndpointClient.events(_:)`.
///
/// With a `reconnection`, a stream the server closes or the network drops is opened again after the delay (the
/// server's `retry:` when it sent one), with the last event id as `Last-Event-ID`, as browsers' `EventSource` does;
/// a reconnection the server answers with an error status ends the stream with that error.
///
/// The HTML standard's rules for a connection hold for the first one and each reconnection: a `204 No Content` ends
/// the stream (no event, no reconnection: it is how a server says "stop"), and a response whose `Content-Type` is not
/// `text/event-stream` fails with `.unacceptableContentType` (with the start of its body), never retried. Other
/// success statuses are read as a stream (the standard wants 200; APIs answering a POST with 201 exist).
///
/// ```swift
/// for try await chunk in try await client.events(Request<ChatChunk>(method: .post, path: "/chat", body: .json(prompt))) {
///     print(chunk.data.text)
/// }
/// ```
public struct ServerSentEvents<Payload: Decodable & Sendable>: AsyncSequence, Sendable {
    /// An event with its fields.
    public typealias Element = ServerSentEvent<Payload>
    /// Opens the stream, sending `Last-Event-ID` when given: its body, `nil` when the server answered 204.
    typealias Open = @Sendable (_ lastEventID: String?) async throws(EndpointError) -> ResponseBodyStream?

    private let first: ResponseBodyStream?
    private let open: Open
    private let reconnection: SSEReconnection?
    private let decoder: JSONDecoder
    private let lastEventID: String?

    init(first: ResponseBodyStream?, lastEventID: String?, reconnection: SSEReconnection?, decoder: JSONDecoder, open: @escaping Open) {
        self.first = first
        self.lastEventID = lastEventID
        self.reconnection = reconnection
        self.decoder = decoder
        self.open = open
    }

    /// Reads events in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The body being read; `nil` once the server said stop (204).
        fileprivate var body: ResponseBodyStream.AsyncIterator?
        fileprivate var parser: ServerSentEventParser
        /// The events the last chunk completed, and the next one to return (an index, so none is moved).
        fileprivate var ready: [ServerSentEventParser.Raw] = []
        fileprivate var next = 0
        fileprivate let sequence: ServerSentEvents
        /// Reconnections since the last event.
        fileprivate var attempts = 0

        /// The next event, `nil` when the stream ended (and no reconnection is due); throws `EndpointError` when the
        /// transfer fails, is cancelled, or an event's data does not decode as `Payload`.
        public mutating func next() async throws(EndpointError) -> ServerSentEvent<Payload>? {
            while true {
                if next < ready.count {
                    attempts = 0
                    next += 1
                    return try sequence.decode(ready[next - 1])
                }
                ready.removeAll(keepingCapacity: true)
                next = 0
                guard body != nil else { return nil }
                let chunk: Data?
                do throws(EndpointError) {
                    chunk = try await body?.next()
                } catch {
                    guard error != .cancelled, try await reconnect() else { throw error }
                    continue
                }
                if let chunk {
                    parser.parse(chunk, into: &ready)
                } else if try await !reconnect() {
                    return nil
                }
            }
        }

        /// Opens the stream again if the policy allows, after its delay; `false` when it does not.
        private mutating func reconnect() async throws(EndpointError) -> Bool {
            guard let policy = sequence.reconnection, attempts < policy.maxAttempts else { return false }
            attempts += 1
            let delay = parser.reconnectionDelay ?? policy.delay
            parser.reset()
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw .cancelled
            }
            // A 204 leaves `body` nil: the next call ends the stream.
            body = try await sequence.open(parser.lastEventID)?.makeAsyncIterator()
            return true
        }
    }

    /// An iterator over the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: first?.makeAsyncIterator(), parser: ServerSentEventParser(lastEventID: lastEventID), sequence: self)
    }

    /// `raw`'s data as `Payload`: the text, its bytes, or JSON.
    fileprivate func decode(_ raw: ServerSentEventParser.Raw) throws(EndpointError) -> ServerSentEvent<Payload> {
        let payload: Payload
        // Type comparisons, not casts: a dynamic cast per event costs more than the parse of its lines. Each bit cast
        // is between a type and itself (checked on the line before).
        if Payload.self == String.self {
            payload = unsafeBitCast(raw.data, to: Payload.self)
        } else if Payload.self == Data.self {
            payload = unsafeBitCast(Data(raw.data.utf8), to: Payload.self)
        } else {
            payload = try StreamDecoding.decode(Payload.self, from: Data(raw.data.utf8), with: decoder, at: "event \(raw.id.map { "id \($0)" } ?? raw.event)")
        }
        return ServerSentEvent(event: raw.event, id: raw.id, retry: raw.retry, data: payload)
    }
}

extension ServerSentEvents {
    /// The body of a response to an event-stream request, by the HTML standard's rules: `nil` for a 204 (stop), the
    /// body for a `text/event-stream`, else `.unacceptableContentType` with up to `bodyPrefix` bytes of the body.
    static func eventStream(of response: Response<ResponseBodyStream>, bodyPrefix: Int = 64 << 10) async throws(EndpointError) -> ResponseBodyStream? {
        if response.statusCode == 204 {
            response.body.cancel()
            return nil
        }
        let contentType = response.header("Content-Type")
        let mediaType = contentType?.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType != "text/event-stream" else { return response.body }
        var start = Data()
        var chunks = response.body.makeAsyncIterator()
        while start.count < bodyPrefix, let chunk = try? await chunks.next() { start.append(chunk) }
        throw .unacceptableContentType(contentType, statusCode: response.statusCode, body: start.prefix(bodyPrefix))
    }
}

/// When a server-sent event stream that ended is opened again (`EndpointClient.events(_:lastEventID:reconnection:)`).
public struct SSEReconnection: Sendable, Equatable {
    /// Reconnections in a row without an event before the stream gives up and ends.
    public var maxAttempts: Int
    /// The delay before a reconnection when the server sent no `retry:`.
    public var delay: Duration

    /// A policy, e.g. `SSEReconnection(maxAttempts: 5, delay: .seconds(3))` (3 s is browsers' default).
    public init(maxAttempts: Int = 3, delay: Duration = .seconds(3)) {
        self.maxAttempts = maxAttempts
        self.delay = delay
    }
}

/// Decoding one streamed item (an event's data, a JSON line) with the client's decoder, failing as a response does.
enum StreamDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, with decoder: JSONDecoder, at place: String) throws(EndpointError) -> T {
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw .decodingFailed(type: String(describing: T.self), path: place, reason: String(describing: error), statusCode: 200, body: data)
        }
    }
}
