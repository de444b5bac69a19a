import EndpointRuntime
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport for tests: answers from a handler or a queue of canned responses, records every request,
/// and can delay or fail. `EndpointClient(configuration: c, transport: StubTransport(responses: [.json("{}")]))`.
///
/// In the `EndpointRuntimeTesting` product: add it to test targets only, so an app does not ship it.
public final class StubTransport: Transport {
    /// A canned answer: a response after an optional delay, or a failure.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// Response headers.
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// How long to wait before answering.
        public var delay: Duration
        /// When set, the transport throws this instead of answering.
        public var failure: URLError.Code?

        /// A response with the given parts.
        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }

        /// A JSON body with `Content-Type: application/json`.
        public static func json(_ text: String, status: Int = 200, delay: Duration = .zero) -> Reply {
            Reply(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8), delay: delay)
        }

        /// A transport failure such as `.notConnectedToInternet`, after an optional delay.
        public static func failure(_ code: URLError.Code, delay: Duration = .zero) -> Reply {
            var reply = Reply(delay: delay)
            reply.failure = code
            return reply
        }
    }

    private struct State {
        var queue: [Reply] = []
        var requests: [URLRequest] = []
    }

    private let handler: (@Sendable (URLRequest) -> Reply)?
    private let state = LockedState(State())

    /// A stub that answers each request from `handler`.
    public init(handler: @escaping @Sendable (URLRequest) -> Reply) {
        self.handler = handler
    }

    /// A stub that answers with `responses` in order; a request beyond them fails with `.resourceUnavailable`.
    public init(responses: [Reply] = []) {
        self.handler = nil
        state.withLock { $0.queue = responses }
    }

    /// Adds answers to the queue.
    public func enqueue(_ replies: Reply...) {
        state.withLock { $0.queue += replies }
    }

    /// Every request received so far, in order.
    public var requests: [URLRequest] { state.withLock { $0.requests } }

    /// Records `request`, waits the reply's delay (cancellable), then answers or throws its failure.
    public func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        let queued = state.withLock { state -> Reply? in
            state.requests.append(request)
            return state.queue.isEmpty ? nil : state.queue.removeFirst()
        }
        guard let reply = handler?(request) ?? queued else { throw URLError(.resourceUnavailable) }
        if reply.delay > .zero {
            try await Task.sleep(for: reply.delay)
        }
        if let failure = reply.failure { throw URLError(failure) }
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers)
        else { throw URLError(.badURL) }
        progress?(TransferProgress(bytesReceived: Int64(reply.body.count), totalBytesToReceive: Int64(reply.body.count)))
        return HTTPResponse(data: reply.body, response: response)
    }
}
