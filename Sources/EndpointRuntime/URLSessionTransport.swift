import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: one long-lived `URLSession` (connections are reused) whose configuration is yours.
///
/// A request without a progress handler runs as a data task with a completion handler, Foundation's fastest
/// path. One with a progress handler runs as a task the session delegate tracks, because on Linux a per-task
/// delegate never hears of completion. The session delegate also keeps credentials from other hosts on redirects.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate
    private let deadlines = DeadlineWatch()

    /// A transport over a session with `configuration`, e.g. one with `httpMaximumConnectionsPerHost = 8`.
    public init(configuration: URLSessionConfiguration = .default) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`; cancelling the calling Swift task cancels the URLSession task. The request's
    /// `timeoutInterval` bounds the whole exchange (see `ExchangeDeadline`).
    public func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var head = request
        #if canImport(FoundationNetworking)
        // FoundationNetworking truncates the timeout to whole seconds (0.3 s would fail at once): round up instead
        // (only when needed: changing a `URLRequest` copies it).
        if head.timeoutInterval != head.timeoutInterval.rounded(.up) { head.timeoutInterval.round(.up) }
        #endif
        let (data, response) = try await exchange(head, progress: progress)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return HTTPResponse(data: data, response: http)
    }

    /// Runs `request` as one URLSession task, cancelled with the calling Swift task or when its deadline
    /// (`timeoutInterval`, for the whole exchange) passes, which then throws `URLError(.timedOut)`.
    private func exchange(
        _ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> (Data, URLResponse) {
        let running = LockedState<URLSessionTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let deadline = ExchangeDeadline { running.withLock { $0 }?.cancel() }
                let finish: ExchangeCompletion = { [deadlines] result in
                    deadlines.forget(deadline)
                    continuation.resume(with: deadline.finish() ? result : .failure(URLError(.timedOut)))
                }
                let started = if let progress { tracked(request, progress: progress, finish: finish) } else { untracked(request, finish: finish) }
                running.withLock { $0 = started }
                deadlines.watch(deadline, until: .now() + request.timeoutInterval)
                started.resume()
                if Task.isCancelled { started.cancel() }  // cancelled before `running` was set: `onCancel` found nothing
            }
        } onCancel: {
            running.withLock { $0 }?.cancel()
        }
    }

    /// A data task with a completion handler, Foundation's fastest path (what `data(for:)` does). On Linux, a 401
    /// whose authentication challenge the delegate refused (see `SessionDelegate`) comes back as that response
    /// rather than as a cancellation.
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

    /// A task the delegate tracks, so it reports progress (`data(for:)` cannot on Linux).
    private func tracked(
        _ request: URLRequest, progress: @escaping @Sendable (TransferProgress) -> Void,
        finish: @escaping ExchangeCompletion
    ) -> URLSessionTask {
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

/// How a URLSession task's end reaches the caller waiting on it: once, with the body and response or the error.
typealias ExchangeCompletion = @Sendable (Result<(Data, URLResponse), any Error>) -> Void
