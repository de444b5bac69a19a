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
///
/// It works on the chunk's bytes: lines are found and fields told apart without making strings, a field's value is
/// copied into a reused byte buffer, and strings are made only when an event is dispatched (the event type's string
/// is kept while the type repeats). Only a line that spans chunks is copied, into a reused buffer.
struct ServerSentEventParser {
    /// An event before its data is decoded.
    struct Raw: Equatable {
        var event: String
        var id: String?
        var retry: Duration?
        var data: String
    }

    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D

    /// The start of a line whose end has not arrived yet.
    private var carry: [UInt8] = []
    /// The last chunk ended with a CR: an LF starting the next one belongs to it.
    private var afterCR = false
    /// No line has been read yet: a BOM may start the stream.
    private var atStart = true
    private var data: [UInt8] = []
    private var hasData = false
    private var event: [UInt8] = []
    /// The string of the last dispatched event type, and its bytes: reused while the type repeats.
    private var eventName = (bytes: [UInt8](), string: "message")
    /// The `id:` of the event being read (the standard's "last event ID buffer"), set when it had one.
    private var idBuffer: String?
    private var retry: Duration?
    /// The last event id: set when an event is dispatched, it survives dispatch, and a reconnection sends it as
    /// `Last-Event-ID`.
    private(set) var lastEventID: String?
    /// The last `retry:` of the stream, dispatched or not: the delay before a reconnection.
    private(set) var reconnectionDelay: Duration?

    init(lastEventID: String? = nil) { self.lastEventID = lastEventID }

    /// The events `chunk` completes, in order.
    mutating func parse(_ chunk: Data) -> [Raw] {
        var events: [Raw] = []
        parse(chunk, into: &events)
        return events
    }

    /// Appends the events `chunk` completes to `events`, in order.
    mutating func parse(_ chunk: Data, into events: inout [Raw]) {
        chunk.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            guard count > 0 else { return }
            var index = 0
            if afterCR {
                afterCR = false
                if bytes[0] == Self.lf { index = 1 }
            }
            var start = index
            while index < count {
                let byte = bytes[index]
                guard byte == Self.lf || byte == Self.cr else {
                    index += 1
                    continue
                }
                if carry.isEmpty {
                    take(UnsafeBufferPointer(rebasing: bytes[start..<index]), into: &events)
                } else {
                    // Moved out (not copied) so `take` may change the other fields; moved back with its capacity.
                    var line = carry
                    carry = []
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    line.withUnsafeBufferPointer { take($0, into: &events) }
                    line.removeAll(keepingCapacity: true)
                    carry = line
                }
                index += 1
                if byte == Self.cr {
                    if index < count {
                        if bytes[index] == Self.lf { index += 1 }
                    } else {
                        afterCR = true
                    }
                }
                start = index
            }
            if start < count { carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count])) }
        }
    }

    /// The stream ended: a half-received event is dropped (the standard's rule), the parser reset for a reconnection.
    mutating func reset() {
        carry.removeAll(keepingCapacity: true)
        afterCR = false
        atStart = true
        data.removeAll(keepingCapacity: true)
        hasData = false
        event.removeAll(keepingCapacity: true)
        idBuffer = nil
        retry = nil
    }

    private mutating func take(_ whole: UnsafeBufferPointer<UInt8>, into events: inout [Raw]) {
        var line = whole[...]
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        guard let first = line.first else {
            if let event = dispatch() { events.append(event) }
            return
        }
        if first == 0x3A { return }  // ":" comment
        let colon = line.firstIndex(of: 0x3A) ?? line.endIndex
        let field = line[..<colon]
        var value = colon == line.endIndex ? line[colon...] : line[(colon + 1)...]
        if value.first == 0x20 { value = value.dropFirst() }
        if Self.is(field, "data") {
            if hasData { data.append(Self.lf) }
            data.append(contentsOf: value)
            hasData = true
        } else if Self.is(field, "event") {
            event.removeAll(keepingCapacity: true)
            event.append(contentsOf: value)
        } else if Self.is(field, "id") {
            if !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
        } else if Self.is(field, "retry") {
            if let ms = Self.milliseconds(value) {
                retry = .milliseconds(ms)
                reconnectionDelay = retry
            }
        }
        // Any other field is ignored.
    }

    /// Whether the field name `field` is `name`, byte for byte.
    private static func `is`(_ field: Slice<UnsafeBufferPointer<UInt8>>, _ name: StaticString) -> Bool {
        field.count == name.utf8CodeUnitCount && field.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// A `retry` value: ASCII digits only, else `nil` (so is one too large for `Int64`).
    private static func milliseconds(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        guard !value.isEmpty else { return nil }
        var ms: Int64 = 0
        for byte in value {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times, overflow) = ms.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflow, !overflowAgain else { return nil }
            ms = sum
        }
        return ms
    }

    private mutating func dispatch() -> Raw? {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            event.removeAll(keepingCapacity: true)
            retry = nil
        }
        if let id = idBuffer {
            lastEventID = id
            idBuffer = nil
        }
        guard hasData else { return nil }
        let name: String
        if event.isEmpty {
            name = "message"
        } else if event == eventName.bytes {
            name = eventName.string
        } else {
            name = String(decoding: event, as: UTF8.self)
            eventName = (event, name)
        }
        return Raw(event: name, id: lastEventID, retry: retry, data: String(decoding: data, as: UTF8.self))
    }
}
