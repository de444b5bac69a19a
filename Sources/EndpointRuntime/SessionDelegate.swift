import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one delegate of a `URLSessionTransport`'s session: collects each task's body, reports its
/// progress, tells its caller on completion, keeps credentials from other hosts on redirects, and hands a server's
/// authentication challenge back to the runtime as its 401.
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
    /// The tasks whose body goes to a file or a stream (StreamingTasks.swift).
    let streaming = StreamingTasks()

    /// Starts tracking `task`; call before resuming it. `completion` is called once, when the task ends.
    func register(
        _ task: URLSessionTask,
        progress: @escaping @Sendable (TransferProgress) -> Void,
        completion: @escaping ExchangeCompletion
    ) {
        tasks.withLock { $0[task.taskIdentifier] = TaskState(completion: completion, progress: progress) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if streaming.receive(data, for: dataTask) { return }
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
        if streaming.sent(totalBytesSent, of: totalBytesExpectedToSend, for: task) { return }
        let report = tasks.withLock { tasks -> (TransferProgress, @Sendable (TransferProgress) -> Void)? in
            guard var state = tasks[task.taskIdentifier] else { return nil }
            state.transfer.bytesSent = totalBytesSent
            state.transfer.totalBytesToSend = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
            tasks[task.taskIdentifier] = state
            return (state.transfer, state.progress)
        }
        if let (transfer, progress) = report { progress(transfer) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        streaming.head(response, for: dataTask)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if streaming.complete(task, error: error, refused: { self.refusedResponse(of: task) }) { return }
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

    /// The auth middleware's rule (`ServerAddress.isSameOrigin`): `https://h` and `https://h:443` are one origin.
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        ServerAddress(url: a)?.isSameOrigin(as: b) ?? false
    }

    /// Refuses a server's authentication challenge (a 401 with `WWW-Authenticate`), remembering the 401 so the task's
    /// caller gets it as a response: the runtime sends the token itself and refreshes it on a 401 (`AuthMiddleware`).
    ///
    /// Linux: only when no stored credential answers it. FoundationNetworking's default handling without a credential
    /// does nothing, so the task would hang forever (swift-corelibs-foundation#5456); refusing cancels it instead, and
    /// the callers turn that back into the 401. The challenge comes once the whole response is loaded, so the body
    /// collected in `tasks` is complete: the caller gets the 401 with it (the transport tracks every task on Linux).
    ///
    /// Darwin: whenever the challenge is the server's HTTP authentication (`isServerAuthentication`), even with a
    /// proposed credential. URLSession's default handling would answer it with a credential from the session's
    /// `URLCredentialStorage` (by default `.shared`, which other code of the app fills), and the 401 would never reach
    /// the token-refresh path. Cancelling the challenge ends the task whatever error Darwin reports for it, and the
    /// remembered 401 comes back as on Linux (its body is not read: a cancelled challenge's task stops there). TLS
    /// challenges (server trust, client certificates) and proxies keep the default handling.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        let refuses = challenge.proposedCredential == nil
        #else
        let refuses = Self.isServerAuthentication(challenge.protectionSpace)
        #endif
        guard refuses, let response = (challenge.failureResponse ?? task.response) as? HTTPURLResponse else {
            return completionHandler(.performDefaultHandling, nil)
        }
        refused.withLock { $0[task.taskIdentifier] = response }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// Whether a challenge for `space` is the server's own HTTP authentication (Basic, Digest, NTLM, Negotiate, or one
    /// URLSession adds later), which the delegate refuses on Darwin: not TLS (server trust, client certificates), not
    /// a proxy's.
    static func isServerAuthentication(_ space: URLProtectionSpace) -> Bool {
        !space.isProxy() && !tlsAuthenticationMethods.contains(space.authenticationMethod)
    }

    /// The values of Foundation's `NSURLAuthenticationMethodServerTrust` and `NSURLAuthenticationMethodClientCertificate`,
    /// spelled out because FoundationNetworking marks both names unavailable (so Linux can test `isServerAuthentication`).
    static let tlsAuthenticationMethods: Set<String> = ["NSURLAuthenticationMethodServerTrust", "NSURLAuthenticationMethodClientCertificate"]

    /// The 401 whose challenge was refused for `task`, once; `nil` for any other task.
    func refusedResponse(of task: URLSessionTask) -> HTTPURLResponse? {
        refused.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }
}
