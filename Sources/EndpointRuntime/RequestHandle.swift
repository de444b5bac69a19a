import Foundation

/// A request started with a completion handler; `cancel()` stops it and the handler gets `.cancelled`.
public struct RequestHandle: Sendable {
    private let task: Task<Void, Never>

    init(task: Task<Void, Never>) { self.task = task }

    /// Cancels the request (and its URLSession task).
    public func cancel() { task.cancel() }

    /// Runs `operation` (e.g. a generated client's async method) and calls `completion` with its result on the main
    /// actor, so the handler may update the UI directly; the handle cancels it. This is how completion-handler APIs sit
    /// on async ones.
    public static func start<R: Sendable>(
        completion: @escaping @MainActor (Result<R, EndpointError>) -> Void,
        operation: @escaping @Sendable () async throws(EndpointError) -> R
    ) -> RequestHandle {
        RequestHandle(task: Task {
            let result = await outcome(of: operation)
            await completion(result)  // on the main actor, whose executor is the main queue
        })
    }

    /// Runs `operation` and calls `completion` with its result on `queue`; the handle cancels it.
    public static func start<R: Sendable>(
        queue: DispatchQueue,
        completion: @escaping @Sendable (Result<R, EndpointError>) -> Void,
        operation: @escaping @Sendable () async throws(EndpointError) -> R
    ) -> RequestHandle {
        RequestHandle(task: Task {
            let result = await outcome(of: operation)
            queue.async { completion(result) }
        })
    }

    /// What `operation` returned or threw.
    private static func outcome<R>(of operation: @Sendable () async throws(EndpointError) -> R) async -> Result<R, EndpointError> {
        do throws(EndpointError) {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
}
