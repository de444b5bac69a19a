import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        var head = request
        #if canImport(FoundationNetworking)
        if head.timeoutInterval != head.timeoutInterval.rounded(.up) { head.timeoutInterval.round(.up) }
        #endif
        let answered = LockedState<HTTPResponse?>(nil)
        let pending = PendingExchange()
        let (_, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard pending.wait(with: continuation) else { return }
                let deadline = ExchangeDeadline { pending.abandon(with: URLError(.timedOut)) }
                var report: @Sendable (TransferProgress) -> Void = { _ in }
                if let progress { report = { if pending.isWaiting || delivery == .stream { progress($0) } } }
                let task = streamingTask(head, uploading: file, delivery: delivery)
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

    /// An upload task from `file`, or from the request's bytes; a download task for a download to a file (URLSession
    /// writes it as it comes: see `StreamingTasks`); or a data task.
    func streamingTask(_ request: URLRequest, uploading file: URL?, delivery: ResponseDelivery) -> URLSessionTask {
        if file == nil, request.httpBody == nil, case .file = delivery { return session.downloadTask(with: request) }
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
