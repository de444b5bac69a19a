import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        let response = refused() ?? (error == nil ? task.response as? HTTPURLResponse : nil)
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
            guard let response = refused() else { return finish(entry, .failure(error ?? URLError(.badServerResponse))) }
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
