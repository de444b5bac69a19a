/// A request started with a completion handler; `cancel()` stops it and the handler gets `.cancelled`.
public struct RequestHandle: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) { self.task = task }

    /// Cancels the request (and its URLSession task).
    public func cancel() { task.cancel() }
}
