// EndpointRuntime: The URLSession session delegate and the exchange state machines around it.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Dispatch

// What URLSession on Linux (FoundationNetworking, on libcurl) gets wrong, what the runtime does about it, and when
// each workaround can go, with the tests that cover it; docs/Platforms.md lists the differences users see.
//
// 1. Cancelling a task as it completes crashes the process (TaskRegistry.swift:118, swift-corelibs-foundation#3296).
//    `PendingExchange` answers the caller at once and cancels the task only after a grace period (1 s; 0 on Darwin).
//    Goes when the registry tolerates the race (PendingExchangeTests,
//    URLSessionTransportTests.cancellingAsTheAnswerArrivesNeitherCrashesNorHangs).
// 2. A server's authentication challenge without a stored credential hangs the task forever
//    (swift-corelibs-foundation#5456). `SessionDelegate` refuses it and hands the 401 back as the response. On Darwin
//    the refusal stays (it keeps `URLCredentialStorage` out of the token-refresh path); the Linux branch goes when
//    default handling ends the task (HTTPBinTests/AuthTests.basicAuthWithAWrongPasswordIs401*, SessionDelegateTests).
// 3. A per-task delegate never hears `didCompleteWithError`, and `data(for:)` deadlocks when cancelled. So on Linux
//    every request is a task the session delegate tracks (`URLSessionTransport.exchange`); Darwin uses a data task
//    with a completion handler unless progress is asked for. Goes with those two bugs
//    (URLSessionTransportTests.reportsUploadAndDownloadProgress, cancellingTheTaskCancelsTheRequest).
// 4. `timeoutInterval` is truncated to whole seconds (0.3 s fails at once): `LinuxURLSession.wholeSecondTimeout`
//    rounds it up, and the exchange's own deadline keeps the exact limit. Goes when fractions are honoured
//    (URLSessionTransportTests.timeoutIsItsOwnError: 300 ms).
// 5. Resuming a suspended task starts its transfer over, so a streamed body would arrive twice: on Linux a stream's
//    transfer is never paused, and its backlog past 4 MiB spills to a temporary file (`StreamingTasks`, `StreamSpill`).
//    Goes when resume continues (StreamingTests.aSlowReaderOfAByteStreamKeepsMemoryBounded, StreamSpillTests).
// 6. Every delegate call is an operation on the session's delegate queue, each waking another thread: a tracked
//    request made 41 context switches against 26 for `data(for:)`. Buffered requests and downloads to a file without a
//    progress handler run on a second session whose delegate is called inline on FoundationNetworking's work queue
//    (`InlineOperationQueue`), 28 context switches. Goes with workaround 3 (QuickSessionTests).
// Not Linux-only: URLSession's timeout is the longest wait between two bytes on both platforms, so `DeadlineWatch`
// and `ExchangeDeadline` bound the whole exchange everywhere.

/// The small request fixes FoundationNetworking needs (workaround 4 above); on Darwin each returns its input.
enum LinuxURLSession {
    /// `request` with its timeout rounded up to whole seconds on Linux, where a fraction would be truncated. Only
    /// changed when needed: changing a `URLRequest` copies it.
    static func wholeSecondTimeout(_ request: URLRequest) -> URLRequest {
        #if canImport(FoundationNetworking)
        if request.timeoutInterval != request.timeoutInterval.rounded(.up) {
            var rounded = request
            rounded.timeoutInterval.round(.up)
            return rounded
        }
        #endif
        return request
    }
}

// MARK: - SessionDelegate

/// The one delegate of a `URLSessionTransport`'s session: collects each task's body, reports its
/// progress, tells its caller on completion, keeps credentials from other hosts on redirects, and hands a server's
/// authentication challenge back to the runtime as its 401.
///
/// `@unchecked Sendable` is safe: its only mutable state is `tasks` and `refused`, each a `LockedState`, and
/// `streaming`, a `Sendable` class that keeps its own under a lock.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What one running task has gathered so far.
    private struct TaskState {
        let completion: ExchangeCompletion
        /// `nil`: nobody wants progress, so none is computed.
        let progress: (@Sendable (TransferProgress) -> Void)?
        var data = Data()
        var transfer = TransferProgress()
    }

    /// Headers still sent when a redirect leaves the original origin; everything else (credentials,
    /// cookies, custom auth headers) stays behind.
    private static let crossOriginHeaders: Set<String> = ["accept", "accept-language", "content-type", "content-language", "user-agent"]

    private let tasks = LockedState<[Int: TaskState]>([:])
    /// The 401 responses whose authentication challenge was refused, by task, until their task completes.
    private let refused = LockedState<[Int: HTTPURLResponse]>([:])
    /// The tasks whose body goes to a file or a stream (`StreamingTasks`, Streaming.swift).
    let streaming = StreamingTasks()
    /// Whether the session calls this delegate on its own work queue (`InlineOperationQueue`): answers that would call
    /// back into URLSession, which waits on that queue, are then given from another queue.
    let callsBackInline: Bool

    /// A delegate; `callsBackInline` when its session's delegate queue is an `InlineOperationQueue`.
    init(callsBackInline: Bool = false) {
        self.callsBackInline = callsBackInline
        super.init()
    }

    /// Starts tracking `task`; call before resuming it. `completion` is called once, when the task ends; `progress`
    /// (if any) after each chunk sent or received.
    func register(
        _ task: URLSessionTask,
        progress: (@Sendable (TransferProgress) -> Void)?,
        completion: @escaping ExchangeCompletion
    ) {
        tasks.withLock { $0[task.taskIdentifier] = TaskState(completion: completion, progress: progress) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if streaming.receive(data, for: dataTask) { return }
        let report = tasks.withLock { tasks -> (TransferProgress, @Sendable (TransferProgress) -> Void)? in
            guard var state = tasks[dataTask.taskIdentifier] else { return nil }
            state.data.append(data)
            guard let progress = state.progress else {
                tasks[dataTask.taskIdentifier] = state
                return nil
            }
            state.transfer.bytesReceived += Int64(data.count)
            let expected = dataTask.response?.expectedContentLength ?? -1
            state.transfer.totalBytesToReceive = expected >= 0 ? expected : nil
            tasks[dataTask.taskIdentifier] = state
            return (state.transfer, progress)
        }
        if let (transfer, progress) = report { progress(transfer) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        if streaming.sent(totalBytesSent, of: totalBytesExpectedToSend, for: task) { return }
        let report = tasks.withLock { tasks -> (TransferProgress, @Sendable (TransferProgress) -> Void)? in
            guard var state = tasks[task.taskIdentifier], let progress = state.progress else { return nil }
            state.transfer.bytesSent = totalBytesSent
            state.transfer.totalBytesToSend = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
            tasks[task.taskIdentifier] = state
            return (state.transfer, progress)
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
            return answer { completionHandler(.performDefaultHandling, nil) }
        }
        refused.withLock { $0[task.taskIdentifier] = response }
        answer { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    /// Gives an answer that calls back into URLSession: at once, or from another queue when this delegate is called on
    /// the session's work queue (`callsBackInline`), where cancelling or resuming the task would wait on itself.
    private func answer(_ reply: @escaping @Sendable () -> Void) {
        if callsBackInline { DispatchQueue.global().async(execute: reply) } else { reply() }
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

// MARK: - SessionDelegate+Downloads

/// The download tasks of `EndpointClient.download(_:to:progress:)` (see `StreamingTasks`): their progress, and their finished file, which must
/// be moved before the callback returns.
extension SessionDelegate: URLSessionDownloadDelegate {
    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        _ = streaming.wrote(totalBytesWritten, of: totalBytesExpectedToWrite, for: downloadTask)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        _ = streaming.finishedDownload(downloadTask, at: location)
    }
}

// MARK: - PendingExchange

/// One URLSession task as its caller sees it: the caller gets exactly one answer, the task's own, or a timeout
/// at the deadline, or a cancellation, whichever comes first. A task whose caller was answered early is left
/// to finish for `grace` and cancelled only if it is still running then.
///
/// Why not cancel at once on Linux: there `URLSessionTask.cancel()` crashes the process when the task is completing
/// at that moment (FoundationNetworking's `TaskRegistry.swift:118`, "Trying to access a behaviour for a task that
/// in not in the registry"; swift-corelibs-foundation#3296). A request cancelled just as its answer arrived,
/// which a cancelled view or a closed server connection makes common, would then take the app down. Waiting
/// `grace` first means a task that was about to finish is never cancelled. One still running then (a long
/// download, a stalled server) is cancelled a second after its caller gave up: it would have to end within
/// the same few microseconds to meet the crash, where cancelling at once met it whenever the caller gave up
/// as the answer arrived.
final class PendingExchange: Sendable {
    typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

    private enum State {
        /// Created; the caller has not started waiting.
        case ready
        /// Cancelled before the caller started waiting: the task must not start.
        case cancelledBeforeStart
        /// The caller waits for `task`.
        case waiting(Continuation, task: URLSessionTask?)
        /// The caller was answered early; `task` still runs.
        case abandoned(URLSessionTask?)
        /// The task ended (its answer went to the caller, or was dropped if the caller had been answered).
        case ended
    }

    /// Runs an action after a delay (the grace timer), on a clock tests can control.
    typealias Scheduler = @Sendable (DispatchTimeInterval, @escaping @Sendable () -> Void) -> Void

    /// How long a task whose caller no longer waits may still run before it is cancelled.
    let grace: DispatchTimeInterval
    private let schedule: Scheduler
    private let state = LockedState(State.ready)

    #if canImport(FoundationNetworking)
    static let defaultGrace = DispatchTimeInterval.seconds(1)
    #else
    /// Darwin's URLSession cancels a completing task safely, so there the task is cancelled at once.
    static let defaultGrace = DispatchTimeInterval.seconds(0)
    #endif

    /// The grace timer runs on `DispatchQueue.global()` unless `schedule` says otherwise (tests).
    init(grace: DispatchTimeInterval = defaultGrace, schedule: @escaping Scheduler = { delay, action in
        DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: action)
    }) {
        self.grace = grace
        self.schedule = schedule
    }

    /// Starts the caller's wait; `false` (and the caller is answered with a cancellation) when it was cancelled before.
    func wait(with continuation: Continuation) -> Bool {
        let start = state.withLock { state -> Bool in
            guard case .ready = state else { return false }
            state = .waiting(continuation, task: nil)
            return true
        }
        if !start { continuation.resume(throwing: URLError(.cancelled)) }
        return start
    }

    /// Records the task the caller waits for, before it is resumed; `false` when the caller was answered meanwhile
    /// (cancelled while the task was made), and the task must not start.
    func track(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            guard case .waiting(let continuation, nil) = state else { return false }
            state = .waiting(continuation, task: task)
            return true
        }
    }

    /// Whether the caller still waits for the task (its progress is still wanted).
    var isWaiting: Bool {
        state.withLock { state in
            if case .waiting = state { return true }
            return false
        }
    }

    /// The task ended: its result goes to the caller unless the caller was already answered.
    func end(with result: Result<(Data, URLResponse), any Error>) {
        let continuation = state.withLock { state -> Continuation? in
            defer { state = .ended }
            guard case .waiting(let continuation, _) = state else { return nil }
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// Answers the caller with `error` now (a timeout, a cancellation) and cancels the task after `grace` if it
    /// still runs then. Does nothing once the caller has its answer.
    func abandon(with error: URLError) {
        let continuation = state.withLock { state -> Continuation? in
            switch state {
            case .ready:
                state = .cancelledBeforeStart
                return nil
            case .waiting(let continuation, let task):
                state = .abandoned(task)
                return continuation
            case .cancelledBeforeStart, .abandoned, .ended:
                return nil
            }
        }
        guard let continuation else { return }
        continuation.resume(throwing: error)
        schedule(grace) { [self] in
            if case .abandoned(let task?) = state.withLock({ $0 }) { task.cancel() }
        }
    }
}

// MARK: - DeadlineWatch

/// Expires a transport's exchange deadlines with one timer at a time, set for the earliest.
///
/// A timer per request, or a task racing each exchange, cost a measurable share of a loopback request's time.
/// Here a request costs two dictionary updates under a lock; the timer is only reset when a deadline earlier
/// than the armed one arrives, and when it fires (it then expires what is due and arms for the next).
final class DeadlineWatch: Sendable {
    private struct State {
        var deadlines: [ObjectIdentifier: (deadline: ExchangeDeadline, at: DispatchTime)] = [:]
        /// When the earliest timer still pending fires, if any.
        var armedFor: DispatchTime?
    }

    private let state = LockedState(State())
    private let queue = DispatchQueue(label: "EndpointRuntime.DeadlineWatch")

    /// Expires `deadline` at `time`, unless `forget` comes first.
    func watch(_ deadline: ExchangeDeadline, until time: DispatchTime) {
        let arm = state.withLock { state in
            state.deadlines[ObjectIdentifier(deadline)] = (deadline, time)
            if let armed = state.armedFor, armed <= time { return false }
            state.armedFor = time
            return true
        }
        if arm { schedule(at: time) }
    }

    /// Stops watching `deadline` (its exchange finished).
    func forget(_ deadline: ExchangeDeadline) {
        state.withLock { _ = $0.deadlines.removeValue(forKey: ObjectIdentifier(deadline)) }
    }

    private func schedule(at time: DispatchTime) {
        queue.asyncAfter(deadline: time) { [self] in fire() }
    }

    /// Expires every deadline that is due, then arms for the earliest left (unless a timer for it is pending).
    private func fire() {
        let now = DispatchTime.now()
        let (due, next) = state.withLock { state -> ([ExchangeDeadline], DispatchTime?) in
            // In time order: a timer that fires late (a loaded machine) may find several due.
            let due = state.deadlines.filter { $0.value.at <= now }.sorted { $0.value.at < $1.value.at }
            for (key, _) in due { state.deadlines.removeValue(forKey: key) }
            if let armed = state.armedFor, armed <= now { state.armedFor = nil }
            guard let earliest = state.deadlines.values.map(\.at).min(), state.armedFor.map({ earliest < $0 }) ?? true else {
                return (due.map(\.value.deadline), nil)
            }
            state.armedFor = earliest
            return (due.map(\.value.deadline), earliest)
        }
        for deadline in due { deadline.expire() }
        if let next { schedule(at: next) }
    }
}

// MARK: - ExchangeDeadline

/// The time limit of one whole exchange: URLSession's own timeout is only the longest wait between two
/// bytes, so a server trickling an endless body would otherwise hold the request forever.
///
/// The transport's `DeadlineWatch` calls `expire()` once when the limit passes, unless told to forget the
/// deadline first (the exchange ended). Which of the two answers the caller is `PendingExchange`'s to decide.
final class ExchangeDeadline: Sendable {
    private let onExpiry: @Sendable () -> Void

    /// A deadline that runs `onExpiry` (answering the exchange's caller with a timeout) when it passes.
    init(onExpiry: @escaping @Sendable () -> Void) {
        self.onExpiry = onExpiry
    }

    /// The limit passed.
    func expire() {
        onExpiry()
    }
}

// MARK: - InlineOperationQueue

#if canImport(FoundationNetworking)
/// A delegate queue that runs each operation at once, on the thread that adds it: for FoundationNetworking's
/// URLSession, its own serial work queue, where it calls the delegate in order.
///
/// Why: with an ordinary `OperationQueue`, each delegate call of a request (its response, each body chunk, its
/// completion) is one more operation that wakes another thread, and a request's completion waits for a core to take
/// it. Measured on loopback (2 cores), a task tracked by the delegate made 41 context switches a request through an
/// ordinary queue against 26 for `data(for:)`, and 28 through this one; its CPU time fell by a fifth.
///
/// Only for a session whose delegate calls return at once and never wait on the session: `URLSessionTransport`'s
/// buffered requests and downloads to a file without a progress handler (no caller code runs there; a finished
/// download's file is moved, which returns at once), whose `SessionDelegate` hands the one
/// answer that would call back into URLSession (refusing an authentication challenge cancels the task, which waits
/// on the work queue) to another queue (`SessionDelegate.callsBackInline`).
///
/// `@unchecked Sendable` is safe: the class adds no state to `OperationQueue`, which is itself safe to use from any thread.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }

    override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        for operation in operations { operation.start() }
    }
}
#endif
