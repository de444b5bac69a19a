import Foundation

/// One server-sent event (`text/event-stream`, the HTML standard's format): its type, id and reconnection delay as
/// the server sent them, and its `data:` lines (joined by line feeds) decoded as `Payload`.
///
/// `Payload` is `String` for the text as it is, `Data` for its UTF-8 bytes, anything else `Decodable` for JSON, e.g.
/// `ServerSentEvent<ChatChunk>`.
public struct ServerSentEvent<Payload: Sendable>: Sendable {
    /// The `event:` field, `message` when the server sent none.
    public var event: String
    /// The last `id:` the stream set (it carries over to later events, as the standard says), `nil` before any.
    public var id: String?
    /// The `retry:` the event carried: the reconnection delay the server asks for.
    public var retry: Duration?
    /// The `data:` lines decoded.
    public var data: Payload

    /// An event from its parts, e.g. for a fake client in tests.
    public init(event: String = "message", id: String? = nil, retry: Duration? = nil, data: Payload) {
        self.event = event
        self.id = id
        self.retry = retry
        self.data = data
    }
}

/// Parses `text/event-stream` lines into events, as the HTML standard's "event stream interpretation" says: `:`
/// starts a comment, one space after the colon is dropped, `data:` lines join with LF, an empty line dispatches, an
/// event without data is not dispatched, an `id` with NUL is ignored, a `retry` that is not all digits is ignored,
/// and a BOM at the start is skipped. An event not ended by an empty line when the stream ends is dropped.
struct ServerSentEventParser {
    /// An event before its data is decoded.
    struct Raw: Equatable {
        var event: String
        var id: String?
        var retry: Duration?
        var data: String
    }

    private var lines = LineSplitter(crEndsLine: true)
    private var data = ""
    private var hasData = false
    private var event = ""
    private var retry: Duration?
    private var atStart = true
    /// The last event id: it survives dispatch, and a reconnection sends it as `Last-Event-ID`.
    private(set) var lastEventID: String?
    /// The last `retry:` of the stream, dispatched or not: the delay before a reconnection.
    private(set) var reconnectionDelay: Duration?

    init(lastEventID: String? = nil) { self.lastEventID = lastEventID }

    /// The events `chunk` completes, in order.
    mutating func parse(_ chunk: Data) -> [Raw] {
        var events: [Raw] = []
        var chunk = chunk
        if atStart, !chunk.isEmpty {
            atStart = false
            if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { chunk = chunk.dropFirst(3) }
        }
        // `take` changes the other fields while the splitter runs: move the splitter out (uniquely, so no copy).
        var lines = self.lines
        self.lines = LineSplitter(crEndsLine: true)
        lines.append(chunk) { line in
            if let event = take(line) { events.append(event) }
        }
        self.lines = lines
        return events
    }

    /// The stream ended: a half-received event is dropped (the standard's rule), the parser reset for a reconnection.
    mutating func reset() {
        _ = lines.finish()
        lines = LineSplitter(crEndsLine: true)
        data = ""
        hasData = false
        event = ""
        retry = nil
        atStart = true
    }

    private mutating func take(_ line: Data.SubSequence) -> Raw? {
        if line.isEmpty { return dispatch() }
        if line.first == 0x3A { return nil }  // ":" comment
        let colon = line.firstIndex(of: 0x3A)
        let field = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var value = colon.map { line[($0 + 1)...] } ?? line[line.endIndex...]
        if value.first == 0x20 { value = value.dropFirst() }
        switch field {
        case "data":
            if hasData { data += "\n" }
            data += String(decoding: value, as: UTF8.self)
            hasData = true
        case "event":
            event = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }), let ms = Int64(String(decoding: value, as: UTF8.self)) {
                retry = .milliseconds(ms)
                reconnectionDelay = retry
            }
        default:
            break  // unknown fields are ignored
        }
        return nil
    }

    private mutating func dispatch() -> Raw? {
        defer {
            data = ""
            hasData = false
            event = ""
            retry = nil
        }
        guard hasData else { return nil }
        return Raw(event: event.isEmpty ? "message" : event, id: lastEventID, retry: retry, data: data)
    }
}
