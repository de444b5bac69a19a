import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: one long-lived `URLSession` (connections are reused) whose configuration is yours.
///
/// A request without a progress handler goes through `data(for:)`, Foundation's fastest path. One with a
/// progress handler runs as a task the session delegate tracks, because on Linux a per-task delegate never
/// hears of completion. The session delegate also keeps credentials from other hosts on redirects.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// A transport over a session with `configuration`, e.g. one with `httpMaximumConnectionsPerHost = 8`.
    public init(configuration: URLSessionConfiguration = .default) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request`; cancelling the calling Swift task cancels the URLSession task.
    public func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var head = request
        #if canImport(FoundationNetworking)
        // FoundationNetworking truncates the timeout to whole seconds (0.3 s would fail at once): round up instead.
        head.timeoutInterval = head.timeoutInterval.rounded(.up)
        #endif
        let (data, response) = if let progress { try await tracked(head, progress: progress) } else { try await untracked(head) }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return HTTPResponse(data: data, response: http)
    }

    #if canImport(FoundationNetworking)
    /// What `data(for:)` does, keeping the task so that a 401 whose authentication challenge the delegate refused
    /// (see `SessionDelegate`) comes back as that response rather than as a cancellation.
    private func untracked(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let task = LockedState<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let dataTask = session.dataTask(with: request) { [delegate] data, response, error in
                    if let refused = task.withLock({ $0 }).flatMap(delegate.refusedResponse(of:)) {
                        continuation.resume(returning: (data ?? Data(), refused))
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }
                task.withLock { $0 = dataTask }
                dataTask.resume()
                if Task.isCancelled { dataTask.cancel() }  // cancelled before `task` was set: `onCancel` found nothing
            }
        } onCancel: {
            task.withLock { $0 }?.cancel()
        }
    }
    #else
    /// Foundation's fastest path; on Darwin a 401 with an unanswered challenge already arrives as a response.
    private func untracked(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await session.data(for: request)
    }
    #endif

    /// Runs `request` as a task the delegate tracks, so it reports progress (`data(for:)` cannot on Linux).
    private func tracked(_ request: URLRequest, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> (Data, URLResponse) {
        var head = request
        let task: URLSessionTask
        if let body = request.httpBody {
            head.httpBody = nil
            task = session.uploadTask(with: head, from: body)
        } else {
            task = session.dataTask(with: head)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, continuation: continuation, progress: progress)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
