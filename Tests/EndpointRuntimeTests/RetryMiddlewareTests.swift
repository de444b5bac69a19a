@testable import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The retry middleware: what is retried, how often, and how long it waits.
@Suite(.timeLimit(.minutes(2))) struct RetryMiddlewareTests {
    let quick = RetryPolicy(attempts: 2, statuses: [503], backoff: .constant(.milliseconds(10)))

    @Test func transportFailuresOfIdempotentRequestsAreRetried() async throws {
        let stub = StubTransport(responses: [.failure(.networkConnectionLost), .failure(.timedOut), .json("{}")])
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "api.example.com"), retry: quick), transport: stub)
        #expect(try await client.send(Request<Empty>(method: .get, path: "/x")) == Empty())
        #expect(stub.requests.count == 3)
    }

    /// Only the policy's statuses are retried: a 500 or a 404 under a policy of 503 is answered at once.
    @Test func aStatusThePolicyDoesNotListIsNotRetried() async throws {
        for status in [500, 404, 429] {
            let stub = StubTransport(responses: [.json("{}", status: status), .json("{}")])
            let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "api.example.com"), retry: quick), transport: stub)
            await #expect(throws: EndpointError.self) { try await client.send(Request<Empty>(method: .get, path: "/x")) }
            #expect(stub.requests.count == 1, "\(status) is not among the policy's statuses")
        }
        let stub = StubTransport(responses: [.json("{}", status: 503), .json("{}")])
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "api.example.com"), retry: quick), transport: stub)
        #expect(try await client.send(Request<Empty>(method: .get, path: "/x")) == Empty())
        #expect(stub.requests.count == 2, "503 is")
    }

    @Test func cancellationIsNotRetried() async throws {
        let stub = StubTransport(responses: [.failure(.cancelled), .json("{}")])
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "api.example.com"), retry: quick), transport: stub)
        await #expect(throws: EndpointError.cancelled) { try await client.send(Request<Empty>(method: .get, path: "/x")) }
        #expect(stub.requests.count == 1)
    }

    @Test func exponentialBackoffDoublesWithJitterAndIsBounded() {
        let policy = RetryPolicy(attempts: 10, backoff: .exponential(base: .milliseconds(100)), maxDelay: .seconds(1))
        for _ in 0..<100 {
            #expect((Duration.milliseconds(50)...Duration.milliseconds(100)).contains(policy.delay(beforeRetry: 0)))
            #expect((Duration.milliseconds(200)...Duration.milliseconds(400)).contains(policy.delay(beforeRetry: 2)))
            #expect((Duration.milliseconds(500)...Duration.seconds(1)).contains(policy.delay(beforeRetry: 9)))
        }
        #expect(RetryPolicy(attempts: 1, backoff: .constant(.seconds(5)), maxDelay: .seconds(2)).delay(beforeRetry: 0) == .seconds(2))
    }

    @Test func retryAfterIsReadAsSecondsOrDate() throws {
        let url = try #require(URL(string: "https://api.example.com"))
        func response(_ value: String) throws -> HTTPResponse {
            HTTPResponse(data: Data(), response: try #require(HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": value])))
        }
        #expect(RetryMiddleware.retryAfter(try response("3")) == .seconds(3))
        #expect(RetryMiddleware.retryAfter(try response("Wed, 21 Oct 2015 07:28:00 GMT")) == .zero)
        let later = try #require(RetryMiddleware.retryAfter(try response("Fri, 31 Dec 2100 23:59:59 GMT")))
        #expect(later > .seconds(60 * 60 * 24 * 365 * 50), "a date in the future is waited until")
        #expect(RetryMiddleware.retryAfter(try response("soon")) == nil)
    }

    /// A server's `Retry-After` is waited, but never longer than the policy's `maxDelay`; without one, the backoff.
    @Test func retryAfterIsBoundedByMaxDelay() throws {
        let url = try #require(URL(string: "https://api.example.com"))
        func response(_ headers: [String: String]) throws -> HTTPResponse {
            HTTPResponse(data: Data(), response: try #require(HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: headers)))
        }
        let policy = RetryPolicy(attempts: 1, backoff: .constant(.milliseconds(300)), maxDelay: .seconds(2))
        #expect(RetryMiddleware.wait(after: try response(["Retry-After": "3600"]), policy: policy, retry: 0) == .seconds(2))
        #expect(RetryMiddleware.wait(after: try response(["Retry-After": "1"]), policy: policy, retry: 0) == .seconds(1))
        #expect(RetryMiddleware.wait(after: try response([:]), policy: policy, retry: 0) == .milliseconds(300))
    }

    /// The same through a client: an hour's `Retry-After` under a 50 ms `maxDelay` retries at once (the time limit
    /// fails the test, rather than hanging it, if the cap is lost).
    @Test(.timeLimit(.minutes(1))) func aLongRetryAfterDoesNotHoldTheCall() async throws {
        let stub = StubTransport(responses: [StubTransport.Reply(status: 503, headers: ["Retry-After": "3600"]), .json("{}")])
        let policy = RetryPolicy(attempts: 1, statuses: [503], backoff: .none, maxDelay: .milliseconds(50))
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "api.example.com"), retry: policy), transport: stub)
        let start = ContinuousClock.now
        #expect(try await client.send(Request<Empty>(method: .get, path: "/x")) == Empty())
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(stub.requests.count == 2)
    }
}

/// The retry middleware against the echo server, which counts what actually arrived.
@Suite(.enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct RetryServerTests {
    func client(_ retry: RetryPolicy, counter: String) throws -> EndpointClient {
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.retry = retry
        return EndpointClient(configuration: configuration)
    }

    let quick = RetryPolicy(attempts: 2, statuses: [503], backoff: .constant(.milliseconds(10)))

    @Test func idempotentRequestIsRetriedOnARetryableStatus() async throws {
        let counter = UUID().uuidString
        let echo = try await client(quick, counter: counter).send(Request<Echo>(method: .get, path: "/flaky/{key}/2", pathParameters: ["key": counter]))
        #expect(echo.method == "GET")
        #expect(try await EchoServer.stats(counter).total == 3)
    }

    @Test func postIsNeverRetried() async throws {
        let counter = UUID().uuidString
        let request = Request<Echo>(method: .post, path: "/flaky/{key}/1", pathParameters: ["key": counter])
        await #expect(throws: EndpointError.self) { try await client(quick, counter: counter).send(request) }
        #expect(try await EchoServer.stats(counter).total == 1)
    }

    @Test func retriesAreBounded() async throws {
        let counter = UUID().uuidString
        let request = Request<Echo>(method: .get, path: "/flaky/{key}/5", pathParameters: ["key": counter])
        let client = try client(quick, counter: counter)
        do {
            _ = try await client.send(request)
            Issue.record("a request that fails 5 times succeeded with 2 retries")
        } catch {
            #expect(error.statusCode == 503)
        }
        #expect(try await EchoServer.stats(counter).total == 3)
    }

    @Test func retryAfterIsHonoured() async throws {
        let counter = UUID().uuidString
        let policy = RetryPolicy(attempts: 1, statuses: [429], backoff: .none)
        let request = Request<Echo>(method: .get, path: "/flaky/{key}/1", pathParameters: ["key": counter], query: [QueryItem("status", 429), QueryItem("retry_after", 1)])
        #expect(try await client(policy, counter: counter).send(request).method == "GET")
        let arrivals = try await EchoServer.stats(counter).arrivals
        #expect(arrivals.count == 2)
        #expect(arrivals[1] - arrivals[0] >= 0.99, "the retry waited for Retry-After: 1 (a lower bound: sleeping never ends early)")
    }
}
