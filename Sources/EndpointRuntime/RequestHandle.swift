import Foundation

/// A request started with a completion handler; `cancel()` stops it and the handler gets `.cancelled`.
public struct RequestHandle: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) { self.task = task }

    /// Cancels the request (and its URLSession task).
    public func cancel() { task.cancel() }

    /// Runs `operation` (e.g. a generated client's async method) and calls `completion` with its result
    /// on `queue`; the handle cancels it. This is how completion-handler APIs sit on async ones.
    public static func start<R: Sendable>(
        queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<R, EndpointError>) -> Void,
        operation: @escaping @Sendable () async throws(EndpointError) -> R
    ) -> RequestHandle {
        RequestHandle(task: Task {
            let result: Result<R, EndpointError>
            do throws(EndpointError) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            queue.async { completion(result) }
        })
    }
}
