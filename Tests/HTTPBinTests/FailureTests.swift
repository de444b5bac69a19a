import EndpointRuntime
import Foundation
import HTTPBinAPI
import Testing

/// How the generated client fails, retries, reports progress and stops against live httpbin. The time bounds
/// are generous: they tell a 1 s timeout from a 3 s answer, and a cancelled request from a finished one.
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct FailureTests {
    @Test(arguments: [404, 500])
    func errorStatusesBecomeTheTypedError(code: Int) async throws {
        let client = try HTTPBinServer.client()
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: code, message: "httpbin refused the request", body: Data())) {
            try await client.status(code: code)
        }
    }

    @Test func aSuccessStatusWithoutBodyIsEmpty() async throws {
        let client = try HTTPBinServer.client()
        #expect(try await client.status(code: 204) == Empty())
    }

    /// httpbin answers after 10 s: an error well before that is the endpoint's 1 s timeout, not the answer or
    /// URLRequest's 60 s default (the upper bound leaves a loaded machine 4 s to spare).
    @Test func aSlowAnswerTimesOutAfterTheEndpointsOneSecond() async throws {
        let client = try HTTPBinServer.client()
        let start = ContinuousClock.now
        await #expect(throws: EndpointError.timeout) {
            try await client.delay(seconds: 10)
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test func a503IsRetriedForGetPerThePolicy() async throws {
        let transport = CountingTransport()
        let client = try HTTPBinServer.client(transport: transport)
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 503, message: "httpbin refused the request", body: Data())) {
            try await client.status(code: 503)
        }
        #expect(transport.sent.values.count == 3)  // the first try and `attempts: 2` retries
        #expect(Set(transport.sent.values).count == 1)
    }

    @Test func a503IsNotRetriedForPost() async throws {
        let transport = CountingTransport()
        let client = try HTTPBinServer.client(transport: transport)
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 503, message: "httpbin refused the request", body: Data())) {
            try await client.postStatus(code: 503)
        }
        #expect(transport.sent.values.count == 1)
    }

    @Test func aDownloadReportsProgressToCompletion() async throws {
        let client = try HTTPBinServer.client()
        let log = Recorder<TransferProgress>()
        let data = try await client.bytes(count: 102_400, progress: log.append)
        #expect(data.count == 102_400)
        let received = log.values.map(\.bytesReceived)
        #expect(received.last == 102_400)
        #expect(received == received.sorted())
        #expect(log.values.last?.totalBytesToReceive == 102_400)
    }

    @Test func cancellingMidDelayStopsTheRequest() async throws {
        let transport = CountingTransport()
        let client = try HTTPBinServer.client(transport: transport)
        let start = ContinuousClock.now
        let task = Task { () -> Result<Echo, EndpointError> in
            do throws(EndpointError) {
                return .success(try await client.delay(seconds: 3))
            } catch {
                return .failure(error)
            }
        }
        // Cancelled once the request is on its way (not after a fixed sleep from the start, which a loaded machine
        // can stretch past the endpoint's 1 s timeout), given 50 ms to reach httpbin.
        for _ in 0..<500 where transport.sent.values.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.value
        let elapsed = ContinuousClock.now - start
        // Cancelled, not timed out (the endpoint's timeout is 1 s), and long before httpbin's 3 s answer.
        #expect(result == .failure(.cancelled))
        #expect(elapsed < .milliseconds(2_500), "took \(elapsed), about as long as httpbin's 3 s delay")
    }
}
