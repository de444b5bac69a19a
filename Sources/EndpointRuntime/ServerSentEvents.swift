import Foundation

/// A `text/event-stream` response read as typed events (`ServerSentEvent<Payload>`), pulled from the body as you
/// iterate, so a slow reader holds the transfer back instead of piling events up. Made by `EndpointClient.events(_:)`.
///
/// With a `reconnection`, a stream the server closes or the network drops is opened again after the delay (the
/// server's `retry:` when it sent one), with the last event id as `Last-Event-ID`, as browsers' `EventSource` does;
/// a reconnection the server answers with an error status ends the stream with that error.
///
/// ```swift
/// for try await chunk in try await client.events(Request<ChatChunk>(method: .post, path: "/chat", body: .json(prompt))) {
///     print(chunk.data.text)
/// }
/// ```
public struct ServerSentEvents<Payload: Decodable & Sendable>: AsyncSequence, Sendable {
    /// An event with its fields.
    public typealias Element = ServerSentEvent<Payload>
    /// Opens the stream, sending `Last-Event-ID` when given.
    typealias Open = @Sendable (_ lastEventID: String?) async throws(EndpointError) -> ResponseBodyStream

    private let first: ResponseBodyStream
    private let open: Open
    private let reconnection: SSEReconnection?
    private let decoder: JSONDecoder
    private let lastEventID: String?

    init(first: ResponseBodyStream, lastEventID: String?, reconnection: SSEReconnection?, decoder: JSONDecoder, open: @escaping Open) {
        self.first = first
        self.lastEventID = lastEventID
        self.reconnection = reconnection
        self.decoder = decoder
        self.open = open
    }

    /// Reads events in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate var body: ResponseBodyStream.AsyncIterator
        fileprivate var parser: ServerSentEventParser
        fileprivate var ready: [ServerSentEventParser.Raw] = []
        fileprivate let sequence: ServerSentEvents
        /// Reconnections since the last event.
        fileprivate var attempts = 0

        /// The next event, `nil` when the stream ended (and no reconnection is due); throws `EndpointError` when the
        /// transfer fails, is cancelled, or an event's data does not decode as `Payload`.
        public mutating func next() async throws(EndpointError) -> ServerSentEvent<Payload>? {
            while true {
                if !ready.isEmpty {
                    attempts = 0
                    return try sequence.decode(ready.removeFirst())
                }
                let chunk: Data?
                do throws(EndpointError) {
                    chunk = try await body.next()
                } catch {
                    guard error != .cancelled, try await reconnect() else { throw error }
                    continue
                }
                if let chunk {
                    ready = parser.parse(chunk)
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
            body = try await sequence.open(parser.lastEventID).makeAsyncIterator()
            return true
        }
    }

    /// An iterator over the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: first.makeAsyncIterator(), parser: ServerSentEventParser(lastEventID: lastEventID), sequence: self)
    }

    /// `raw`'s data as `Payload`: the text, its bytes, or JSON.
    fileprivate func decode(_ raw: ServerSentEventParser.Raw) throws(EndpointError) -> ServerSentEvent<Payload> {
        let payload: Payload
        if let text = raw.data as? Payload {
            payload = text
        } else if let bytes = Data(raw.data.utf8) as? Payload {
            payload = bytes
        } else {
            payload = try StreamDecoding.decode(Payload.self, from: Data(raw.data.utf8), with: decoder, at: "event \(raw.id.map { "id \($0)" } ?? raw.event)")
        }
        return ServerSentEvent(event: raw.event, id: raw.id, retry: raw.retry, data: payload)
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
