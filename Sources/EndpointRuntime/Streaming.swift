// EndpointRuntime: Responses not gathered in memory: downloads, byte streams, server-sent events, JSON Lines.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - ResponseDelivery

/// How a response body reaches the caller: gathered in memory (the default), written to a file as it arrives, or
/// handed over as a stream of chunks once the response head is in.
///
/// Only a success (2xx) body is delivered this way: an error response's body is always gathered, so the middleware
/// (retry, auth) and `EndpointError.unacceptableStatus` see it as they see any other.
public enum ResponseDelivery: Sendable, Equatable {
    /// The whole body in `HTTPResponse.data`.
    case buffered
    /// The body written to this file as it arrives (at constant memory); `HTTPResponse.file` names it when done.
    /// An existing file there is replaced once the download is complete, never left half-written.
    case file(URL)
    /// The body as `HTTPResponse.stream`, handed over when the response head arrives.
    case stream
}

// MARK: - EndpointClient+Streaming

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

// MARK: - Transport+Streaming

extension Transport {
    /// The default for transports that only buffer (`StubTransport`, yours): reads `file` into the body, sends it with
    /// `send(_:progress:)`, then writes a success body to the file `delivery` names or wraps it as a one-chunk stream.
    /// Correct, but it holds each body in memory; `URLSessionTransport` streams instead.
    public func send(
        _ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> HTTPResponse {
        var request = request
        if let file { request.httpBody = try Data(contentsOf: file) }
        var response = try await send(request, progress: progress)
        guard (200..<300).contains(response.statusCode) else { return response }
        switch delivery {
        case .buffered:
            break
        case .stream:
            response.stream = ResponseBodyStream([response.data])
            response.data = Data()
        case .file(let destination):
            try response.data.write(to: destination, options: .atomic)
            response.file = destination
            response.data = Data()
        }
        return response
    }
}

// MARK: - URLSessionTransport+Streaming

extension URLSessionTransport {
    /// Sends `request` with its body read from `file` by an upload task (URLSession reads it in pieces, so a large file
    /// is never in memory) and its success body delivered as `delivery` says: written to a file chunk by chunk, or
    /// handed over as a stream when the head arrives (see `StreamingTasks`).
    ///
    /// Cancellation and the deadline work as for `send(_:progress:)`, with one difference: for a file or a stream the
    /// deadline (`timeoutInterval`) bounds the wait for the response head, not the whole body, which may take as long as
    /// it takes (URLSession's own idle timeout still ends a stalled transfer). Cancelling the calling task ends a file
    /// download; a stream ends when its reader's task is cancelled or it is dropped.
    public func send(
        _ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> HTTPResponse {
        if file == nil && delivery == .buffered { return try await send(request, progress: progress) }
        // A download task without a progress handler runs no caller code in its delegate: on Linux it goes on the
        // session whose delegate is called inline (`quickSession`), as its thousands of chunk callbacks would
        // otherwise each wake another thread.
        let (session, delegate) = session(inline: Self.isDownload(request, uploading: file, delivery: delivery) && progress == nil)
        let head = LinuxURLSession.wholeSecondTimeout(request)
        let answered = LockedState<HTTPResponse?>(nil)
        let pending = PendingExchange()
        let (_, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard pending.wait(with: continuation) else { return }
                let deadline = ExchangeDeadline { pending.abandon(with: URLError(.timedOut)) }
                var report: @Sendable (TransferProgress) -> Void = { _ in }
                if let progress { report = { if pending.isWaiting || delivery == .stream { progress($0) } } }
                let task = streamingTask(head, uploading: file, delivery: delivery, in: session)
                // Cancels the task the way an abandoned exchange does: after the grace period, if it still runs.
                let cancel: @Sendable () -> Void = { [delegate] in
                    DispatchQueue.global().asyncAfter(deadline: .now() + PendingExchange.defaultGrace) {
                        if delegate.streaming.isRunning(task) { task.cancel() }
                    }
                }
                delegate.streaming.register(
                    task, delivery: delivery, progress: report,
                    headArrived: { [deadlines] in deadlines.forget(deadline) },
                    answer: { [deadlines, observe] result in
                        deadlines.forget(deadline)
                        observe?(.answered)
                        // Only the head travels through `pending`; the whole response (with its stream or file) waits here.
                        pending.end(with: result.map { response in
                            answered.withLock { $0 = response }
                            return (Data(), response.response)
                        })
                    },
                    cancel: cancel,
                    isWanted: { delivery == .stream || pending.isWaiting })
                start(task, for: pending, deadline: deadline, timeout: request.timeoutInterval)
            }
        } onCancel: {
            pending.abandon(with: URLError(.cancelled))
        }
        guard let whole = answered.withLock({ $0 }) else {
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return HTTPResponse(data: Data(), response: http)
        }
        return whole
    }

    /// Resumes `task` for the caller `pending` stands for, with `deadline` watched for `timeout` from now: unless the
    /// caller was answered while the task was made (cancelled), and then cancels it instead, which is safe as a task
    /// never resumed cannot be completing.
    func start(_ task: URLSessionTask, for pending: PendingExchange, deadline: ExchangeDeadline, timeout: TimeInterval) {
        observe?(.taskMade)
        guard pending.track(task) else { return task.cancel() }
        deadlines.watch(deadline, until: .now() + timeout)
        task.resume()
    }

    /// Whether `request` runs as a download task: its body goes to a file and it uploads nothing.
    static func isDownload(_ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery) -> Bool {
        guard file == nil, request.httpBody == nil, case .file = delivery else { return false }
        return true
    }

    /// An upload task from `file`, or from the request's bytes; a download task for a download to a file (URLSession
    /// writes it as it comes: see `StreamingTasks`); or a data task.
    func streamingTask(_ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery, in session: URLSession) -> URLSessionTask {
        if Self.isDownload(request, uploading: file, delivery: delivery) { return session.downloadTask(with: request) }
        var head = request
        if let file {
            head.httpBody = nil
            return session.uploadTask(with: head, fromFile: file)
        }
        if let body = request.httpBody {
            head.httpBody = nil
            return session.uploadTask(with: head, from: body)
        }
        return session.dataTask(with: head)
    }
}

// MARK: - StreamingTasks

/// The session delegate's record of the tasks whose success body is written to a file or handed over as a stream
/// (`ResponseDelivery`). A download to a file without an upload is a URLSession download task, which writes the body
/// to its own temporary file as it comes (on Linux in libcurl's thread, so nothing queues for the delegate: see
/// `finishedDownload`), then moved into place. Otherwise the body comes chunk by chunk as `didReceive data` brings
/// it, so no more than a chunk (a file) or the unread backlog (a stream, bounded by `StreamFlow` or `StreamSpill`) is
/// ever held in memory. An error status's body is gathered instead, and the task answers like a buffered one.
final class StreamingTasks: Sendable {
    /// What a streaming task tells its caller, once: the response (at the head for a stream, at the end otherwise) or
    /// the failure.
    typealias Answer = @Sendable (Result<HTTPResponse, any Error>) -> Void

    /// Where a task's body goes once its head is in.
    private enum Sink {
        /// Before the head.
        case waiting
        /// An error status (or no HTTP response): gathered in memory.
        case gathering(Data)
        /// A success delivered as a stream, paused above the high water (Darwin).
        case streaming(AsyncThrowingStream<Data, any Error>.Continuation, StreamFlow)
        /// A success delivered as a stream, its backlog beyond the high water in a file (Linux).
        case spilling(StreamSpill)
        /// A download task's body, being written by URLSession to its temporary file.
        case downloading
        /// A download task's success body, moved to its destination.
        case downloaded(URL)
        /// A success written to `part`, then moved to the destination.
        case writing(FileHandle, part: URL)
        /// A write failed: the task is being cancelled, its data dropped.
        case failed(any Error)
    }

    private struct Entry {
        let delivery: ResponseDelivery
        let progress: @Sendable (TransferProgress) -> Void
        let headArrived: @Sendable () -> Void
        let answer: Answer
        let cancel: @Sendable () -> Void
        /// Whether the caller still waits (a download whose caller was cancelled stops writing at once).
        let isWanted: @Sendable () -> Bool
        var sink = Sink.waiting
        var transfer = TransferProgress()
    }

    private let entries = LockedState<[Int: Entry]>([:])

    /// Starts tracking `task`, before it is resumed. `headArrived` runs when the response head is in; `answer` once.
    /// `cancel` cancels the task (safely: see `PendingExchange`), when a stream's reader leaves or a file write fails.
    func register(
        _ task: URLSessionTask, delivery: ResponseDelivery, progress: @escaping @Sendable (TransferProgress) -> Void,
        headArrived: @escaping @Sendable () -> Void, answer: @escaping Answer, cancel: @escaping @Sendable () -> Void,
        isWanted: @escaping @Sendable () -> Bool
    ) {
        entries.withLock {
            $0[task.taskIdentifier] = Entry(
                delivery: delivery, progress: progress, headArrived: headArrived, answer: answer, cancel: cancel, isWanted: isWanted)
        }
    }

    /// Whether `task` is still tracked (running) here.
    func isRunning(_ task: URLSessionTask) -> Bool {
        entries.withLock { $0[task.taskIdentifier] != nil }
    }

    /// The response head arrived: chooses where the body goes and, for a stream, answers the caller now.
    func head(_ response: URLResponse, for task: URLSessionTask) {
        let action = entries.withLock { entries -> (@Sendable () -> Void)? in
            guard var entry = entries[task.taskIdentifier], case .waiting = entry.sink else { return nil }
            let expected = response.expectedContentLength
            entry.transfer.totalBytesToReceive = expected >= 0 ? expected : nil
            var action: (@Sendable () -> Void)? = entry.headArrived
            if let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) {
                switch entry.delivery {
                case .buffered:
                    entry.sink = .gathering(Data())
                case .stream:
                    let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
                    #if canImport(FoundationNetworking)
                    // FoundationNetworking starts a suspended task's transfer over when it is resumed, so the body
                    // would arrive twice: on Linux the transfer is never paused, the backlog spills to a file instead
                    // (docs/Platforms.md).
                    let spill = StreamSpill(continuation)
                    let flow: any StreamBackpressure = spill
                    entry.sink = .spilling(spill)
                    #else
                    let pausing = StreamFlow(pause: { task.suspend() }, resume: { task.resume() })
                    let flow: any StreamBackpressure = pausing
                    entry.sink = .streaming(continuation, pausing)
                    #endif
                    // The reader left (its task was cancelled, or it dropped the stream) before the end: stop the transfer.
                    continuation.onTermination = { [weak self, cancel = entry.cancel] termination in
                        if case .cancelled = termination, self?.isRunning(task) == true { cancel() }
                    }
                    let body = HTTPResponse(data: Data(), response: http, stream: ResponseBodyStream(chunks: stream, flow: flow))
                    action = { [headArrived = entry.headArrived, answer = entry.answer] in
                        headArrived()
                        answer(.success(body))
                    }
                case .file(let destination):
                    do {
                        let part = destination.deletingLastPathComponent()
                            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
                        guard FileManager.default.createFile(atPath: part.path, contents: nil) else {
                            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: part.path])
                        }
                        entry.sink = .writing(try FileHandle(forWritingTo: part), part: part)
                    } catch {
                        entry.sink = .failed(error)
                        action = { [cancel = entry.cancel] in cancel() }
                    }
                }
            } else {
                entry.sink = .gathering(Data())
            }
            entries[task.taskIdentifier] = entry
            return action
        }
        action?()
    }

    /// A chunk arrived; `false` when `task` is not one of these.
    func receive(_ data: Data, for task: URLSessionDataTask) -> Bool {
        if case .waiting? = entries.withLock({ $0[task.taskIdentifier]?.sink }), let response = task.response {
            head(response, for: task)  // the head callback does not come for every task (e.g. a cached one)
        }
        let report = entries.withLock { entries -> (@Sendable () -> Void)? in
            guard var entry = entries[task.taskIdentifier] else { return nil }
            entry.transfer.bytesReceived += Int64(data.count)
            var failure: (@Sendable () -> Void)?
            switch entry.sink {
            case .waiting:
                entry.sink = .gathering(data)
            case .gathering(var gathered):
                entry.sink = .waiting  // drops the reference, so the append does not copy
                gathered.append(data)
                entry.sink = .gathering(gathered)
            case .streaming(let continuation, let flow):
                continuation.yield(data)
                flow.delivered(data.count)
            case .spilling(let spill):
                do {
                    try spill.delivered(data)
                } catch {
                    spill.finish(error)
                    entry.sink = .failed(error)
                    failure = entry.cancel
                }
            case .writing(let handle, let part):
                do {
                    guard entry.isWanted() else { throw URLError(.cancelled) }  // the caller gave up: no more writing
                    try handle.write(contentsOf: data)
                } catch {
                    try? handle.close()
                    try? FileManager.default.removeItem(at: part)
                    entry.sink = .failed(error)
                    failure = entry.cancel
                }
            case .failed, .downloading, .downloaded:
                break
            }
            entries[task.taskIdentifier] = entry
            let progress = entry.progress, transfer = entry.transfer
            return { [failure] in
                if let failure { failure() } else { progress(transfer) }
            }
        }
        guard let report else { return false }
        report()
        return true
    }

    /// Upload progress; `false` when `task` is not one of these.
    func sent(_ total: Int64, of expected: Int64, for task: URLSessionTask) -> Bool {
        let report = entries.withLock { entries -> (@Sendable () -> Void)? in
            guard var entry = entries[task.taskIdentifier] else { return nil }
            entry.transfer.bytesSent = total
            entry.transfer.totalBytesToSend = expected >= 0 ? expected : nil
            entries[task.taskIdentifier] = entry
            let progress = entry.progress, transfer = entry.transfer
            return { progress(transfer) }
        }
        guard let report else { return false }
        report()
        return true
    }

    /// A download task wrote up to `total` bytes (of `expected`, negative when unknown) to URLSession's file; `false`
    /// when `task` is not one of these. The first write stands for the response head (a download task reports none).
    func wrote(_ total: Int64, of expected: Int64, for task: URLSessionDownloadTask) -> Bool {
        let report = entries.withLock { entries -> (@Sendable () -> Void)? in
            guard var entry = entries[task.taskIdentifier] else { return nil }
            let first: Bool
            if case .waiting = entry.sink { first = true } else { first = false }
            if first { entry.sink = .downloading }
            entry.transfer.bytesReceived = total
            entry.transfer.totalBytesToReceive = expected >= 0 ? expected : nil
            var cancel: (@Sendable () -> Void)?
            if case .downloading = entry.sink, !entry.isWanted() {
                entry.sink = .failed(URLError(.cancelled))  // the caller gave up: cancel once
                cancel = entry.cancel
            }
            entries[task.taskIdentifier] = entry
            let progress = entry.progress, transfer = entry.transfer, headArrived = entry.headArrived
            return { [cancel] in
                if first { headArrived() }
                if let cancel { cancel() } else { progress(transfer) }
            }
        }
        guard let report else { return false }
        report()
        return true
    }

    /// A download task's body is complete in URLSession's temporary file at `location`, which is removed once this
    /// returns: a success is moved to its destination now (replacing a file there), an error status's body is read as
    /// the error's body. `false` when `task` is not one of these.
    func finishedDownload(_ task: URLSessionDownloadTask, at location: URL) -> Bool {
        guard let entry = entries.withLock({ $0[task.taskIdentifier] }) else { return false }
        let sink: Sink
        if let http = task.response as? HTTPURLResponse, (200..<300).contains(http.statusCode), case .file(let destination) = entry.delivery {
            do {
                guard entry.isWanted() else { throw URLError(.cancelled) }  // a cancelled download leaves no file
                if FileManager.default.fileExists(atPath: destination.path) {
                    _ = try FileManager.default.replaceItemAt(destination, withItemAt: location)
                } else {
                    try FileManager.default.moveItem(at: location, to: destination)
                }
                sink = .downloaded(destination)
            } catch {
                try? FileManager.default.removeItem(at: location)
                sink = .failed(error)
            }
        } else {
            sink = .gathering((try? Data(contentsOf: location)) ?? Data())
        }
        entries.withLock { entries in entries[task.taskIdentifier]?.sink = sink }
        return true
    }

    /// The task ended; `false` when `task` is not one of these. `refused` is the 401 whose challenge the delegate
    /// refused, if any (see `SessionDelegate`): it answers with its gathered body as a response.
    func complete(_ task: URLSessionTask, error: (any Error)?, refused: () -> HTTPURLResponse?) -> Bool {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return false }
        let refusedResponse = refused()  // once: reading it takes it
        let response = refusedResponse ?? (error == nil ? task.response as? HTTPURLResponse : nil)
        switch entry.sink {
        case .waiting, .gathering:
            guard let response else { return finish(entry, .failure(error ?? URLError(.badServerResponse))) }
            if case .gathering(let data) = entry.sink {
                entry.answer(.success(HTTPResponse(data: data, response: response)))
            } else {
                // A body-less success: streamed or written as empty, like any other.
                entry.answer(.success(emptyBody(response, entry.delivery)))
            }
        case .streaming(let continuation, _):
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        case .spilling(let spill):
            spill.finish(error)
        case .downloading:
            // The download ended without its file (failed, cancelled, or a refused challenge's 401, whose body stays
            // in URLSession's file).
            guard let response = refusedResponse else { return finish(entry, .failure(error ?? URLError(.badServerResponse))) }
            entry.answer(.success(HTTPResponse(data: Data(), response: response)))
        case .downloaded(let destination):
            guard let response = task.response as? HTTPURLResponse else { return finish(entry, .failure(URLError(.badServerResponse))) }
            entry.answer(.success(HTTPResponse(data: Data(), response: response, file: destination)))
        case .writing(let handle, let part):
            do {
                try handle.close()
                guard let response, case .file(let destination) = entry.delivery else { throw error ?? URLError(.badServerResponse) }
                guard entry.isWanted() else { throw URLError(.cancelled) }  // a cancelled download leaves no file
                if FileManager.default.fileExists(atPath: destination.path) {
                    _ = try FileManager.default.replaceItemAt(destination, withItemAt: part)
                } else {
                    try FileManager.default.moveItem(at: part, to: destination)
                }
                entry.answer(.success(HTTPResponse(data: Data(), response: response, file: destination)))
            } catch let failure {
                try? FileManager.default.removeItem(at: part)
                entry.answer(.failure(failure))
            }
        case .failed(let failure):
            entry.answer(.failure(failure))
        }
        return true
    }

    private func finish(_ entry: Entry, _ result: Result<HTTPResponse, any Error>) -> Bool {
        entry.answer(result)
        return true
    }

    /// The answer for a success without a body: an empty stream, or an empty file.
    private func emptyBody(_ response: HTTPURLResponse, _ delivery: ResponseDelivery) -> HTTPResponse {
        switch delivery {
        case .buffered:
            return HTTPResponse(data: Data(), response: response)
        case .stream:
            return HTTPResponse(data: Data(), response: response, stream: ResponseBodyStream([]))
        case .file(let destination):
            let written = FileManager.default.createFile(atPath: destination.path, contents: Data())
            return HTTPResponse(data: Data(), response: response, file: written ? destination : nil)
        }
    }
}

// MARK: - ResponseBodyStream

// Isolation of the streams' iterators (this one, its `Bytes`, `ServerSentEvents`, `JSONLines`): each has a
// `next(isolation:)`, which `for try await` calls, so a loop on the main actor reads its events on the main actor. With
// `next()` alone, every call from an actor is a hop to another thread and back: 25,000 events/s against 600,000 for a
// plain line splitter in streaming-benchmark, whose loop runs on the main actor. `next(isolation:)` needs macOS 15 /
// iOS 18 (the standard library's requirement); before them `next()` runs, with the hops.

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
            try await next(on: nil)
        }

        /// The next chunk, read on the caller's actor (`for try await` on the main actor calls this one).
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Data? {
            try await next(on: actor)
        }

        /// The next chunk, read on `actor` (see the note at `ResponseBodyStream`).
        mutating func next(on actor: isolated (any Actor)?) async throws(EndpointError) -> Data? {
            do {
                let chunk: Data?
                if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                    chunk = try await base.next(isolation: actor)
                } else {
                    // Before macOS 15 / iOS 18 only `next()` calls this, with `actor` nil: the iterator is isolated to
                    // nothing, so reading it off any actor cannot race (the compiler cannot see that `actor` is nil).
                    nonisolated(unsafe) var unisolated = base
                    chunk = try await unisolated.next()
                    base = unisolated
                }
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
                try await next(on: nil)
            }

            /// The next byte, read on the caller's actor (`for try await` on the main actor calls this one).
            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> UInt8? {
                try await next(on: actor)
            }

            /// The next byte, read on `actor` (see the note at `ResponseBodyStream`).
            mutating func next(on actor: isolated (any Actor)?) async throws(EndpointError) -> UInt8? {
                while index == chunk.count {
                    guard let next = try await chunks.next(on: actor) else { return nil }
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

// MARK: - LineSplitter

/// Cuts a byte stream into lines as chunks arrive, whatever the chunk boundaries: a line may span chunks, and a CR at
/// the end of one chunk with the LF at the start of the next is one CRLF. Used by the JSON Lines reader (the
/// server-sent event parser splits its lines itself, on the raw bytes).
struct LineSplitter {
    /// Whether a lone CR ends a line (server-sent events: CR, LF and CRLF all do), or only LF does (JSON Lines: a CR
    /// before the LF is dropped).
    let crEndsLine: Bool
    /// The start of a line whose end has not arrived yet.
    private var carry = Data()
    /// The last chunk ended with a CR: an LF starting the next one belongs to it.
    private var afterCR = false

    init(crEndsLine: Bool) { self.crEndsLine = crEndsLine }

    /// Calls `line` with each line `chunk` completes (without its terminator), in order.
    mutating func append(_ chunk: Data, _ line: (Data.SubSequence) throws -> Void) rethrows {
        var start = chunk.startIndex
        var index = chunk.startIndex
        if afterCR, index < chunk.endIndex, chunk[index] == 0x0A {
            index += 1
            start = index
        }
        afterCR = false
        while let end = chunk[index...].firstIndex(where: { $0 == 0x0A || (crEndsLine && $0 == 0x0D) }) {
            if carry.isEmpty {
                try line(trimmed(chunk[start..<end]))
            } else {
                carry.append(chunk[start..<end])
                try line(trimmed(carry[...]))
                carry = Data()
            }
            index = end + 1
            if chunk[end] == 0x0D {
                if index < chunk.endIndex {
                    if chunk[index] == 0x0A { index += 1 }
                } else {
                    afterCR = true
                }
            }
            start = index
        }
        if start < chunk.endIndex { carry.append(chunk[start...]) }
    }

    /// JSON Lines: a CRLF's CR is not part of the line.
    private func trimmed(_ line: Data.SubSequence) -> Data.SubSequence {
        !crEndsLine && line.last == 0x0D ? line.dropLast() : line
    }

    /// The unterminated rest at the end of the stream, if any.
    mutating func finish() -> Data? {
        defer { carry = Data() }
        return carry.isEmpty ? nil : carry
    }
}

// MARK: - ServerSentEvent

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

// MARK: - ServerSentEvents

/// A `text/event-stream` response read as typed events (`ServerSentEvent<Payload>`), pulled from the body as you
/// iterate, so a slow reader holds the transfer back instead of piling events up. Made by `EndpointClient.events(_:lastEventID:reconnection:)`.
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
            try await next(on: nil)
        }

        /// The next event, read on the caller's actor (`for try await` on the main actor calls this one).
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> ServerSentEvent<Payload>? {
            try await next(on: actor)
        }

        /// The next event, read on `actor` (see the note at `ResponseBodyStream`).
        mutating func next(on actor: isolated (any Actor)?) async throws(EndpointError) -> ServerSentEvent<Payload>? {
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
                    chunk = try await body?.next(on: actor)
                } catch {
                    guard error != .cancelled, try await reconnect(on: actor) else { throw error }
                    continue
                }
                if let chunk {
                    parser.parse(chunk, into: &ready)
                } else if try await !reconnect(on: actor) {
                    return nil
                }
            }
        }

        /// Opens the stream again if the policy allows, after its delay; `false` when it does not.
        private mutating func reconnect(on actor: isolated (any Actor)?) async throws(EndpointError) -> Bool {
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
        guard contentType.map(ResponseDecoder.mediaType(of:)) != "text/event-stream" else { return response.body }
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

// MARK: - JSONLines

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
            try await next(on: nil)
        }

        /// The next item, read on the caller's actor (`for try await` on the main actor calls this one).
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(EndpointError) -> Item? {
            try await next(on: actor)
        }

        /// The next item, read on `actor` (see the note at `ResponseBodyStream`).
        mutating func next(on actor: isolated (any Actor)?) async throws(EndpointError) -> Item? {
            while ready.isEmpty {
                if ended { return nil }
                if let chunk = try await body.next(on: actor) {
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

// MARK: - EndpointClient+StreamedResponses

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

// MARK: - StreamedBodies+Fakes

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

// MARK: - StreamSpill

/// What a streamed body's reader tells the transport: it took `count` bytes, so more may come (`StreamFlow` on
/// Darwin, `StreamSpill` on Linux).
protocol StreamBackpressure: Sendable {
    /// The reader took `count` bytes.
    func consumed(_ count: Int)
}

extension StreamFlow: StreamBackpressure {}

/// Linux's bound on a streamed body a reader is slow to read: FoundationNetworking cannot pause a running transfer
/// (docs/Platforms.md), so chunks beyond `highWater` unread bytes go to a temporary file instead of memory, and are
/// read back, in order, as the reader catches up (below `lowWater`, up to `highWater` again). Memory holds at most
/// `highWater` unread bytes plus a refill piece; the file holds the rest of the backlog, however long, and is emptied
/// (truncated) whenever the reader has caught up. The file is unlinked as soon as it is open, so nothing is left
/// behind, whatever happens to the process.
///
/// Every change runs under one lock, so chunks reach the reader in the order they arrived, and the end of the
/// transfer (`finish`) reaches it only after the last spilled byte.
final class StreamSpill: StreamBackpressure, Sendable {
    /// Unread bytes in memory above which chunks go to the file.
    static let highWater = StreamFlow.highWater
    /// Unread bytes in memory below which the file is read back.
    static let lowWater = StreamFlow.lowWater
    /// The most read back from the file at once.
    static let refillPiece = 1 << 20

    private struct State {
        /// Bytes handed to the reader's stream and not yet read.
        var unread = 0
        /// The spill file, open for reading and for writing (unlinked).
        var file: (reader: FileHandle, writer: FileHandle)?
        /// Bytes in the file not yet handed to the reader.
        var spilled = 0
        /// How the transfer ended, while spilled bytes still wait: delivered after them.
        var end: (any Error)??
        /// The largest `unread` seen, and the bytes that went through the file (tests).
        var peakUnread = 0
        var spilledTotal = 0
    }

    private let state = LockedState(State())
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let folder: URL

    /// A spill for the reader of `continuation`'s stream, its file (when needed) in `folder`.
    init(_ continuation: AsyncThrowingStream<Data, any Error>.Continuation, folder: URL = FileManager.default.temporaryDirectory) {
        self.continuation = continuation
        self.folder = folder
    }

    /// The transfer delivered `data`: to the reader, or to the file while the reader is behind. Throws when the file
    /// cannot be made or written (the caller then ends the transfer with that error).
    func delivered(_ data: Data) throws {
        try state.withLock { state in
            // A reader with nothing unread is waiting: it gets the chunk whatever its size.
            if state.spilled == 0 && (state.unread == 0 || state.unread + data.count <= Self.highWater) {
                hand(data, &state)
                return
            }
            let file = try state.file ?? openFile()
            state.file = file
            try file.writer.write(contentsOf: data)
            state.spilled += data.count
            state.spilledTotal += data.count
        }
    }

    /// The reader took `count` bytes: below the low water, the file is read back.
    func consumed(_ count: Int) {
        state.withLock { state in
            state.unread -= count
            if state.unread < Self.lowWater { refill(&state) }
        }
    }

    /// The transfer ended (with `error` if it failed): the reader sees the end once it has read every byte.
    func finish(_ error: (any Error)?) {
        state.withLock { state in
            if state.spilled == 0 {
                end(error)
            } else {
                state.end = .some(error)
            }
        }
    }

    /// The largest unread backlog held in memory so far, and the bytes that went through the file (tests).
    var measures: (peakUnread: Int, spilled: Int) { state.withLock { ($0.peakUnread, $0.spilledTotal) } }

    private func hand(_ data: Data, _ state: inout State) {
        state.unread += data.count
        state.peakUnread = max(state.peakUnread, state.unread)
        continuation.yield(data)
    }

    private func refill(_ state: inout State) {
        guard let file = state.file else { return }
        do {
            while state.spilled > 0 && state.unread < Self.highWater {
                let piece = try file.reader.read(upToCount: min(state.spilled, Self.refillPiece, Self.highWater - state.unread)) ?? Data()
                guard !piece.isEmpty else { throw CocoaError(.fileReadUnknown) }
                state.spilled -= piece.count
                hand(piece, &state)
            }
            if state.spilled == 0 {
                // Caught up: the file starts over, so it holds only the backlog, not the whole body.
                try file.writer.truncate(atOffset: 0)
                try file.reader.seek(toOffset: 0)
                if let end = state.end {
                    state.end = nil
                    self.end(end)
                }
            }
        } catch {
            state.spilled = 0
            state.end = nil
            end(error)
        }
    }

    private func end(_ error: (any Error)?) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }

    private func openFile() throws -> (reader: FileHandle, writer: FileHandle) {
        let url = folder.appendingPathComponent(".endpointgen-stream-\(UUID().uuidString).spill")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? FileManager.default.removeItem(at: url) }  // open handles keep the unlinked file alive
        return (try FileHandle(forReadingFrom: url), try FileHandle(forWritingTo: url))
    }
}
