import Foundation

/// A response body as it arrives: an `AsyncSequence` of chunks (`Data`), or of single bytes through `bytes`.
///
/// Reading it slowly never lets memory grow with the backlog: on Darwin the transport pauses the transfer while more than
/// 4 MiB wait unread and goes on once the reader has caught up (`StreamFlow`); on Linux, where a transfer cannot be
/// paused, the backlog beyond 4 MiB waits in a temporary file and is read back in order (`StreamSpill`). Dropping or
/// cancelling the reading task cancels the transfer. Read it once: a second iterator shares the chunks with the first.
///
/// ```swift
/// for try await chunk in try await client.stream(Request<Data>(method: .get, path: "/large")).body { sink(chunk) }
/// ```
public struct ResponseBodyStream: AsyncSequence, Sendable {
    /// A chunk of the body, in order.
    public typealias Element = Data

    private let chunks: AsyncThrowingStream<Data, any Error>
    private let flow: (any StreamBackpressure)?

    /// A stream from a transport's chunks; `flow` (if any) is told what the reader takes, for backpressure.
    init(chunks: AsyncThrowingStream<Data, any Error>, flow: (any StreamBackpressure)?) {
        self.chunks = chunks
        self.flow = flow
    }

    /// A stream of the given chunks, e.g. for a fake transport in tests.
    public init(_ chunks: [Data]) {
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        self.init(chunks: stream, flow: nil)
    }

    /// Reads the chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let flow: (any StreamBackpressure)?

        /// The next chunk, `nil` at the end; throws `EndpointError` when the transfer fails or is cancelled.
        public mutating func next() async throws(EndpointError) -> Data? {
            do {
                let chunk = try await base.next()
                if let chunk { flow?.consumed(chunk.count) }
                return chunk
            } catch {
                throw EndpointError(error)
            }
        }
    }

    /// An iterator over the chunks.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: chunks.makeAsyncIterator(), flow: flow)
    }

    /// Stops the transfer without reading the rest: an iterator made and dropped at once ends the stream as a reader
    /// leaving does.
    func cancel() {
        _ = chunks.makeAsyncIterator()
    }

    /// The body byte by byte.
    public var bytes: Bytes { Bytes(chunks: self) }

    /// Every chunk joined, for a body you know to be small; throws `.invalidRequest` past `limit` bytes.
    public func collect(upTo limit: Int = 16 << 20) async throws(EndpointError) -> Data {
        var data = Data()
        var iterator = makeAsyncIterator()
        while let chunk = try await iterator.next() {
            guard data.count + chunk.count <= limit else { throw .invalidRequest("the streamed body is larger than \(limit) bytes") }
            data.append(chunk)
        }
        return data
    }

    /// A body as an `AsyncSequence` of bytes (`UInt8`), read a chunk at a time underneath.
    public struct Bytes: AsyncSequence, Sendable {
        /// One byte of the body.
        public typealias Element = UInt8
        let chunks: ResponseBodyStream

        /// Reads the bytes in order.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var chunks: ResponseBodyStream.AsyncIterator
            var chunk = Data()
            var index = 0

            /// The next byte, `nil` at the end.
            public mutating func next() async throws(EndpointError) -> UInt8? {
                while index == chunk.count {
                    guard let next = try await chunks.next() else { return nil }
                    chunk = next
                    index = 0
                }
                defer { index += 1 }
                return chunk[chunk.startIndex + index]
            }
        }

        /// An iterator over the bytes.
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks.makeAsyncIterator()) }
    }
}

/// Backpressure between a transfer and its reader: counts the bytes delivered but not yet read, pauses the transfer
/// above `highWater` and resumes it below `lowWater`. The pause and resume run under the lock, so they alternate.
final class StreamFlow: Sendable {
    /// Unread bytes above which the transfer pauses.
    static let highWater = 4 << 20
    /// Unread bytes below which a paused transfer goes on.
    static let lowWater = 1 << 20

    private struct State {
        var unread = 0
        var paused = false
    }

    private let state = LockedState(State())
    private let pause: @Sendable () -> Void
    private let resume: @Sendable () -> Void

    init(pause: @escaping @Sendable () -> Void, resume: @escaping @Sendable () -> Void) {
        self.pause = pause
        self.resume = resume
    }

    /// The transfer delivered `count` bytes.
    func delivered(_ count: Int) {
        state.withLock { state in
            state.unread += count
            if !state.paused && state.unread > Self.highWater {
                state.paused = true
                pause()
            }
        }
    }

    /// The reader took `count` bytes.
    func consumed(_ count: Int) {
        state.withLock { state in
            state.unread -= count
            if state.paused && state.unread < Self.lowWater {
                state.paused = false
                resume()
            }
        }
    }

    /// Whether the transfer is paused now (tests).
    var isPaused: Bool { state.withLock(\.paused) }
}
