import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one delegate of a `URLSessionTransport`'s session: collects each task's body, reports its
/// progress, tells its caller on completion, and keeps credentials from other hosts on redirects.
///
/// `@unchecked Sendable` is safe: its only state is `tasks` and `refused`, each a `LockedState`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What one running task has gathered so far.
    private struct TaskState {
        let completion: ExchangeCompletion
        let progress: @Sendable (TransferProgress) -> Void
        var data = Data()
        var transfer = TransferProgress()
    }

    /// Headers still sent when a redirect leaves the original origin; everything else (credentials,
    /// cookies, custom auth headers) stays behind.
    private static let crossOriginHeaders: Set<String> = ["accept", "accept-language", "content-type", "content-language", "user-agent"]

    private let tasks = LockedState<[Int: TaskState]>([:])
    /// The 401 responses whose authentication challenge was refused, by task, until their task completes.
    private let refused = LockedState<[Int: HTTPURLResponse]>([:])

    /// Starts tracking `task`; call before resuming it. `completion` is called once, when the task ends.
    func register(
        _ task: URLSessionTask,
        progress: @escaping @Sendable (TransferProgress) -> Void,
        completion: @escaping ExchangeCompletion
    ) {
        tasks.withLock { $0[task.taskIdentifier] = TaskState(completion: completion, progress: progress) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let report = tasks.withLock { tasks -> (TransferProgress, @Sendable (TransferProgress) -> Void)? in
            guard var state = tasks[dataTask.taskIdentifier] else { return nil }
            state.data.append(data)
            state.transfer.bytesReceived += Int64(data.count)
            let expected = dataTask.response?.expectedContentLength ?? -1
            state.transfer.totalBytesToReceive = expected >= 0 ? expected : nil
            tasks[dataTask.taskIdentifier] = state
            return (state.transfer, state.progress)
        }
        if let (transfer, progress) = report { progress(transfer) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let report = tasks.withLock { tasks -> (TransferProgress, @Sendable (TransferProgress) -> Void)? in
            guard var state = tasks[task.taskIdentifier] else { return nil }
            state.transfer.bytesSent = totalBytesSent
            state.transfer.totalBytesToSend = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
            tasks[task.taskIdentifier] = state
            return (state.transfer, state.progress)
        }
        if let (transfer, progress) = report { progress(transfer) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let response = refusedResponse(of: task) {
            state.completion(.success((state.data, response)))
        } else if let error {
            state.completion(.failure(error))
        } else if let response = task.response {
            state.completion(.success((state.data, response)))
        } else {
            state.completion(.failure(URLError(.badServerResponse)))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let from = task.originalRequest?.url, let to = request.url, !Self.sameOrigin(from, to) else {
            return completionHandler(request)
        }
        var stripped = request
        stripped.allHTTPHeaderFields = request.allHTTPHeaderFields?.filter { Self.crossOriginHeaders.contains($0.key.lowercased()) }
        completionHandler(stripped)
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && a.port == b.port
    }

    #if canImport(FoundationNetworking)
    /// Refuses a server's authentication challenge (a 401 with `WWW-Authenticate`) when no stored credential answers it,
    /// remembering the 401 so the task's caller gets it as a response.
    ///
    /// FoundationNetworking's default handling without a credential does nothing, so the task would hang forever
    /// (swift-corelibs-foundation#5456); refusing cancels it instead, and the callers turn that back into the 401.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.proposedCredential == nil, let response = (challenge.failureResponse ?? task.response) as? HTTPURLResponse else {
            return completionHandler(.performDefaultHandling, nil)
        }
        refused.withLock { $0[task.taskIdentifier] = response }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
    #endif

    /// The 401 whose challenge was refused for `task`, once; `nil` for any other task.
    func refusedResponse(of task: URLSessionTask) -> HTTPURLResponse? {
        refused.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }
}
