@testable import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking

/// Linux: a buffered request without a progress handler is answered by its session delegate on FoundationNetworking's
/// work queue (`InlineOperationQueue`), not through a delegate queue of its own, which cost every request thread hand-offs;
/// a request with a progress handler (whose handler is the caller's code) still goes through an ordinary delegate queue.
@Suite(.timeLimit(.minutes(2))) struct InlineOperationQueueTests {
    @Test func eachOperationRunsBeforeAddOperationReturns() {
        let queue = InlineOperationQueue()
        let ran = LockedState(0)
        queue.addOperation { ran.withLock { $0 += 1 } }
        #expect(ran.withLock { $0 } == 1)
        queue.addOperation(BlockOperation { ran.withLock { $0 += 1 } })
        #expect(ran.withLock { $0 } == 2)
        queue.addOperations([BlockOperation { ran.withLock { $0 += 1 } }, BlockOperation { ran.withLock { $0 += 1 } }], waitUntilFinished: false)
        #expect(ran.withLock { $0 } == 4)
    }
}

@Suite(.enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct QuickSessionTests {
    /// The operation queue (if any) the transport's session delegate was running on when `request` was answered.
    private func queueAnswering(progress: (@Sendable (TransferProgress) -> Void)?) async throws -> (OperationQueue?, URLSessionTransport) {
        let answeredOn = LockedState<OperationQueue?>(nil)
        let transport = URLSessionTransport(configuration: .default, observe: { step in
            if step == .answered { answeredOn.withLock { $0 = OperationQueue.current } }
        })
        let url = try #require(URL(string: try EchoServer.address().baseURLString + "/json"))
        let response = try await transport.send(URLRequest(url: url), progress: progress)
        #expect(response.statusCode == 200)
        return (answeredOn.withLock { $0 }, transport)
    }

    @Test func aBufferedRequestWithoutProgressIsAnsweredOnTheWorkQueue() async throws {
        let (queue, transport) = try await queueAnswering(progress: nil)
        #expect(transport.quickSession !== transport.session)
        #expect(transport.quickSession.delegateQueue is InlineOperationQueue)
        #expect(queue == nil, "answered on a delegate queue: \(String(describing: queue))")
    }

    /// A download to a file without a progress handler: its thousands of chunk callbacks run inline too.
    @Test func aDownloadWithoutProgressIsAnsweredOnTheWorkQueue() async throws {
        let answeredOn = LockedState<OperationQueue??>(nil)
        let transport = URLSessionTransport(configuration: .default, observe: { step in
            if step == .answered { answeredOn.withLock { $0 = .some(OperationQueue.current) } }
        })
        let url = try #require(URL(string: try EchoServer.address().baseURLString + "/blob/\(1 << 20)"))
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("quick-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let response = try await transport.send(URLRequest(url: url), uploading: nil, delivery: .file(destination), progress: nil)
        #expect(response.statusCode == 200)
        #expect(response.file == destination)
        let queue = try #require(answeredOn.withLock { $0 }, "never answered")
        #expect(queue == nil, "answered on a delegate queue: \(String(describing: queue))")
    }

    @Test func aRequestWithProgressIsAnsweredOnTheOrdinaryDelegateQueue() async throws {
        let (queue, transport) = try await queueAnswering(progress: { _ in })
        #expect(queue === transport.session.delegateQueue)
        #expect(!(transport.session.delegateQueue is InlineOperationQueue))
    }
}
#endif
