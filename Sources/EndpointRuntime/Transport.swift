// EndpointRuntime: The transport protocol and the URLSession transport.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Transport

/// Moves one request over the wire; swap it (e.g. for `StubTransport`) in one line.
public protocol Transport: Sendable {
    /// Sends `request`, reporting progress if asked, and returns the response whatever its status.
    /// Throws `URLError` (or `CancellationError`) when no response arrives.
    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse

    /// Sends `request` with the body read from `file` (when given) and its success body delivered as `delivery` says.
    /// A default implementation (Streaming.swift) reads the file and buffers the body, then writes or wraps it.
    func send(
        _ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> HTTPResponse
}

// MARK: - URLSessionTransport

/// The real transport: one long-lived `URLSession` (connections are reused) whose configuration is yours.
///
/// On Darwin a request without a progress handler runs as a data task with a completion handler, the fastest path
/// that is safe to cancel. One with a progress handler, and on Linux every request, runs as a task the session delegate
/// tracks: on Linux a per-task delegate never hears of completion, `data(for:)` deadlocks when cancelled, and only the
/// delegate sees the body of a 401 whose authentication challenge it refuses (see `exchange`). The session delegate also keeps credentials from other hosts on redirects.
///
/// On Linux, buffered requests and downloads to a file without a progress handler run on a second session over the same configuration, whose
/// delegate is called on FoundationNetworking's own work queue (`InlineOperationQueue`): a request then costs about as
/// many thread hand-offs as `data(for:)`. The two sessions keep their own connections, so `httpMaximumConnectionsPerHost`
/// holds for each (see docs/Platforms.md).
public final class URLSessionTransport: Transport {
    // Internal, not private: the streaming exchanges (Streaming.swift) use them too.
    let session: URLSession
    let delegate: SessionDelegate
    /// The session of buffered requests and downloads without a progress handler, and its delegate: on Linux a session of its own
    /// whose delegate runs on the work queue (see the type's comment); on Darwin `session` and `delegate`.
    let quickSession: URLSession
    let quickDelegate: SessionDelegate
    let deadlines = DeadlineWatch()
    /// Told of each step of an exchange, so tests can cancel at a chosen one (`nil` outside tests).
    let observe: (@Sendable (ExchangeStep) -> Void)?

    /// A transport over a session with `configuration`, e.g. one with `httpMaximumConnectionsPerHost = 8`.
    public convenience init(configuration: URLSessionConfiguration = .default) {
        self.init(configuration: configuration, observe: nil)
    }

    init(configuration: URLSessionConfiguration, observe: (@Sendable (ExchangeStep) -> Void)?) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        #if canImport(FoundationNetworking)
        quickDelegate = SessionDelegate(callsBackInline: true)
        quickSession = URLSession(configuration: configuration, delegate: quickDelegate, delegateQueue: InlineOperationQueue())
        #else
        quickDelegate = delegate
        quickSession = session
        #endif
        self.observe = observe
    }

    deinit {
        session.finishTasksAndInvalidate()
        if quickSession !== session { quickSession.finishTasksAndInvalidate() }
    }

    /// The session a task goes on, with its delegate: `quickSession` when every delegate call of the task returns at
    /// once and runs no caller code (`inline`: no progress handler), else `session`.
    func session(inline: Bool) -> (URLSession, SessionDelegate) {
        inline ? (quickSession, quickDelegate) : (session, delegate)
    }

    /// Sends `request`. Cancelling the calling Swift task ends it with `URLError(.cancelled)` whenever the
    /// cancellation lands (before the call, while the URLSession task is made, while it runs, as its answer
    /// arrives), and the URLSession task is cancelled if it still runs (see `exchange`). The request's
    /// `timeoutInterval` bounds the whole exchange, ending it with `URLError(.timedOut)`.
    public func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        let head = LinuxURLSession.wholeSecondTimeout(request)
        let (data, response) = try await exchange(head, limit: request.timeoutInterval, progress: progress)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return HTTPResponse(data: data, response: http)
    }

    /// Runs `request` as one URLSession task. Cancelling the calling Swift task, or its deadline (`limit`, the caller's
    /// `timeoutInterval` before any rounding, for the whole exchange) passing, answers at once with `URLError(.cancelled)` or `URLError(.timedOut)`; the task
    /// itself is cancelled a little later if it still runs (see `PendingExchange`). A Swift task cancelled before
    /// the call runs `onCancel` first, so `pending` answers it with the same `URLError(.cancelled)` and makes no task.
    private func exchange(
        _ request: URLRequest, limit: TimeInterval, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> (Data, URLResponse) {
        let pending = PendingExchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard pending.wait(with: continuation) else { return }  // cancelled before it started
                let deadline = ExchangeDeadline { pending.abandon(with: URLError(.timedOut)) }
                let finish: ExchangeCompletion = { [deadlines, observe] result in
                    deadlines.forget(deadline)
                    observe?(.answered)
                    pending.end(with: result)
                }
                // No report once the caller has its answer: the task may run on for the grace period.
                var report: (@Sendable (TransferProgress) -> Void)?
                if let progress { report = { if pending.isWaiting { progress($0) } } }
                #if canImport(FoundationNetworking)
                // Linux: every task is one the delegate tracks. A 401 whose challenge the delegate refuses ends in a
                // cancellation, and a task with a completion handler then hands over no body; FoundationNetworking raises
                // the challenge only once the whole response is loaded, so the delegate has the body by then.
                let task = tracked(request, progress: report, finish: finish)
                #else
                let task = if let report { tracked(request, progress: report, finish: finish) } else { untracked(request, finish: finish) }
                #endif
                start(task, for: pending, deadline: deadline, timeout: limit)
            }
        } onCancel: {
            pending.abandon(with: URLError(.cancelled))
        }
    }

    /// A data task with a completion handler, on Darwin (see the type's comment). A 401 whose authentication challenge
    /// the delegate refused (see `SessionDelegate`) comes back as that response rather than as a cancellation.
    private func untracked(_ request: URLRequest, finish: @escaping ExchangeCompletion) -> URLSessionTask {
        let task = LockedState<URLSessionDataTask?>(nil)
        let dataTask = session.dataTask(with: request) { [delegate] data, response, error in
            if let refused = task.withLock({ $0 }).flatMap(delegate.refusedResponse(of:)) {
                finish(.success((data ?? Data(), refused)))
            } else if let data, let response {
                finish(.success((data, response)))
            } else {
                finish(.failure(error ?? URLError(.badServerResponse)))
            }
        }
        task.withLock { $0 = dataTask }  // before `resume()`, so before the handler can run
        return dataTask
    }

    /// A task the delegate tracks, so it reports progress (`data(for:)` cannot on Linux): without a progress handler,
    /// on `quickSession`, whose delegate runs no caller code.
    private func tracked(
        _ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?,
        finish: @escaping ExchangeCompletion
    ) -> URLSessionTask {
        let (session, delegate) = session(inline: progress == nil)
        var head = request
        let task: URLSessionTask
        if let body = request.httpBody {
            head.httpBody = nil
            task = session.uploadTask(with: head, from: body)
        } else {
            task = session.dataTask(with: head)
        }
        delegate.register(task, progress: progress, completion: finish)
        return task
    }
}

/// The steps of an exchange a test can act at (`URLSessionTransport.init(configuration:observe:)`).
enum ExchangeStep: Sendable {
    /// The URLSession task is made, not yet resumed.
    case taskMade
    /// The task has its answer, not yet handed to the caller.
    case answered
}

/// How a URLSession task's end reaches the caller waiting on it: once, with the body and response or the error.
typealias ExchangeCompletion = @Sendable (Result<(Data, URLResponse), any Error>) -> Void

// MARK: - TransferProgress

/// How far a request's upload and download have come; totals are `nil` while unknown.
public struct TransferProgress: Sendable, Equatable {
    /// Body bytes sent so far.
    public var bytesSent: Int64
    /// The body size, when known.
    public var totalBytesToSend: Int64?
    /// Response bytes received so far.
    public var bytesReceived: Int64
    /// The response size from `Content-Length`, when known.
    public var totalBytesToReceive: Int64?

    /// A progress value from its counts.
    public init(bytesSent: Int64 = 0, totalBytesToSend: Int64? = nil, bytesReceived: Int64 = 0, totalBytesToReceive: Int64? = nil) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
    }
}
