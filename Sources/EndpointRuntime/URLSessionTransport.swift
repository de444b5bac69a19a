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
        let (data, response) = if let progress { try await tracked(head, progress: progress) } else { try await session.data(for: head) }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return HTTPResponse(data: data, response: http)
    }

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
