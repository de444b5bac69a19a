import Foundation

/// A JSON Lines (NDJSON) response read as typed items, one per line, pulled from the body as you iterate. Empty lines
/// are skipped, a CRLF counts as LF, and a last line without its LF is read too. Made by `EndpointClient.jsonLines(_:)`.
///
/// ```swift
/// for try await row in try await client.jsonLines(Request<Row>(method: .get, path: "/export")) { store(row) }
/// ```
public struct JSONLines<Item: Decodable & Sendable>: AsyncSequence, Sendable {
    /// One decoded line.
    public typealias Element = Item

    private let body: ResponseBodyStream
    private let decoder: JSONDecoder

    init(body: ResponseBodyStream, decoder: JSONDecoder) {
        self.body = body
        self.decoder = decoder
    }

    /// Reads items in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate var body: ResponseBodyStream.AsyncIterator
        fileprivate var splitter = LineSplitter(crEndsLine: false)
        fileprivate var ready: [Data] = []
        fileprivate var ended = false
        fileprivate var line = 0
        fileprivate let decoder: JSONDecoder

        /// The next item, `nil` at the end; throws `EndpointError` when the transfer fails or a line does not decode
        /// (its path names the item, from 1).
        public mutating func next() async throws(EndpointError) -> Item? {
            while ready.isEmpty {
                if ended { return nil }
                if let chunk = try await body.next() {
                    splitter.append(chunk) { line in ready.append(Data(line)) }
                } else {
                    ended = true
                    if let rest = splitter.finish() { ready.append(rest) }
                }
                ready.removeAll { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            }
            line += 1
            return try StreamDecoding.decode(Item.self, from: ready.removeFirst(), with: decoder, at: "item \(line)")
        }
    }

    /// An iterator over the items.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: body.makeAsyncIterator(), decoder: decoder)
    }
}
