/// How a response's body is read when it is not gathered in memory (`response: bytes`, `response: { events: T }`,
/// `response: { jsonLines: T }`); the endpoint's `response` is then the type of each event's data or each line.
public enum ResponseStream: String, Equatable, Sendable, CaseIterable {
    /// `text/event-stream`: server-sent events, each one's `data:` decoded as the response type.
    case events
    /// JSON Lines (NDJSON): one value of the response type per line.
    case jsonLines
    /// The bytes as they arrive (the response type is `Data`).
    case bytes
}
