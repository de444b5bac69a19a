@testable import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records what a middleware at one position sees, and may sign the request.
struct Probe: Middleware {
    let seen: Recorder<PipelineRequest>
    var sign = false

    func intercept(_ request: PipelineRequest, next: MiddlewareNext) async throws(EndpointError) -> HTTPResponse {
        seen.append(request)
        guard sign else { return try await next(request) }
        var signed = request
        // A stand-in for HMAC or AWS Signature V4: a value computed from the final URL and credentials.
        let material = (request.urlRequest.url?.absoluteString ?? "") + "|" + (request.urlRequest.value(forHTTPHeaderField: "Authorization") ?? "")
        signed.urlRequest.setValue(String(material.hashValue), forHTTPHeaderField: "X-Signature")
        signed.urlRequest.setValue(material, forHTTPHeaderField: "X-Signed-Material")
        return try await next(signed)
    }
}

/// Issue #22 points 2, 3 and 5: retry conditions and overrides, where user middleware runs, what the log shows.
@Suite(.timeLimit(.minutes(2))) struct PipelinePlacementTests {
    let server = ServerAddress(host: "api.example.com")
    let quick = RetryPolicy(attempts: 2, statuses: [503], backoff: .constant(.milliseconds(5)))

    @Test func aRequestsOwnRetryIsHonouredForPost() async throws {
        let stub = StubTransport(responses: [.json("{}", status: 503), .json("{}")])
        let client = EndpointClient(configuration: ClientConfiguration(server: server, retry: .none), transport: stub)
        _ = try await client.send(Request<Empty>(method: .post, path: "/orders", retry: quick))
        #expect(stub.requests.count == 2)
    }

    @Test func theClientsPolicyLeavesPostAlone() async throws {
        let stub = StubTransport(responses: [.json("{}", status: 503), .json("{}")])
        let client = EndpointClient(configuration: ClientConfiguration(server: server, retry: quick), transport: stub)
        await #expect(throws: EndpointError.self) { try await client.send(Request<Empty>(method: .post, path: "/orders")) }
        #expect(stub.requests.count == 1)
    }

    @Test func timeoutsAndConnectionFailuresAreRetriedOnlyWhenListed() async throws {
        let statusesOnly = RetryPolicy(attempts: 2, statuses: [503], failures: [], backoff: .none)
        let stub = StubTransport(responses: [.failure(.timedOut), .json("{}")])
        let client = EndpointClient(configuration: ClientConfiguration(server: server, retry: statusesOnly), transport: stub)
        await #expect(throws: EndpointError.timeout) { try await client.send(Request<Empty>(method: .get, path: "/x")) }
        #expect(stub.requests.count == 1)

        let timeouts = RetryPolicy(attempts: 2, statuses: [], failures: [.timeout], backoff: .none)
        let second = StubTransport(responses: [.failure(.timedOut), .failure(.networkConnectionLost), .json("{}")])
        let other = EndpointClient(configuration: ClientConfiguration(server: server, retry: timeouts), transport: second)
        do {
            _ = try await other.send(Request<Empty>(method: .get, path: "/x"))
            Issue.record("a connection failure was retried under a policy listing timeouts only")
        } catch {
            #expect(error.isTransportFailure)
        }
        #expect(second.requests.count == 2)
    }

    @Test func everyAttemptIsLoggedWithItsCauseAndTheUrlAsSent() async throws {
        let lines = Recorder<String>()
        let stub = StubTransport(responses: [.json("{}", status: 503), .failure(.timedOut), .json("{}")])
        let configuration = ClientConfiguration(server: server, auth: .query(name: "api_key"), retry: RetryPolicy(attempts: 2, statuses: [503], backoff: .none))
        let client = EndpointClient(
            configuration: configuration, transport: stub, tokenProvider: ClosureTokenProvider(token: { "k-123" }), logSink: LogSink(lines.append))
        _ = try await client.send(Request<Empty>(method: .get, path: "/items"))
        let shown = lines.values.map { $0.replacingOccurrences(of: #"in [0-9]+\.[0-9] ms"#, with: "in D ms", options: .regularExpression) }
        #expect(shown == [
            "GET https://api.example.com/items?api_key=<redacted> -> 503 in D ms, 2 bytes",
            "GET https://api.example.com/items?api_key=<redacted> -> no response in D ms, 0 bytes (attempt 2, after 503)",
            "GET https://api.example.com/items?api_key=<redacted> -> 200 in D ms, 2 bytes (attempt 3, after timeout)",
        ])
        #expect(!lines.values.joined().contains("k-123"))
    }

    @Test func middlewareRunsAtItsPosition() async throws {
        let outer = Recorder<PipelineRequest>()
        let perAttempt = Recorder<PipelineRequest>()
        let final = Recorder<PipelineRequest>()
        let stub = StubTransport(responses: [.json("{}", status: 503), .json("{}")])
        let configuration = ClientConfiguration(server: server, auth: .header(), retry: quick)
        let client = EndpointClient(
            configuration: configuration, transport: stub, middleware: [Probe(seen: outer)], perAttemptMiddleware: [Probe(seen: perAttempt)],
            finalMiddleware: [Probe(seen: final, sign: true)], tokenProvider: ClosureTokenProvider(token: { "jwt" }))
        _ = try await client.send(Request<Empty>(method: .get, path: "/items"))
        #expect(outer.values.count == 1)
        #expect(perAttempt.values.map(\.attempt) == [1, 2])
        #expect(perAttempt.values.allSatisfy { $0.urlRequest.value(forHTTPHeaderField: "Authorization") == nil }, "before auth")
        #expect(final.values.map(\.attempt) == [1, 2])
        #expect(final.values.allSatisfy { $0.urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer jwt" }, "after auth")
        // The signer signed what was sent: the final URL and credentials, and its signature arrived.
        for sent in stub.requests {
            #expect(sent.value(forHTTPHeaderField: "X-Signed-Material") == "https://api.example.com/items|Bearer jwt")
            #expect(sent.value(forHTTPHeaderField: "X-Signature") != nil)
        }
    }

    @Test func escapeHatchKeepsTheCallersCredentialsAndAddsTheDefaults() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let configuration = ClientConfiguration(
            server: server, defaultQuery: [ParameterTemplate(name: "v", value: "2")],
            defaultHeaders: [ParameterTemplate(name: "X-Client", value: "app"), ParameterTemplate(name: "X-Trace", value: "default")],
            timeout: .milliseconds(1500), auth: .header(name: "Authorization", prefix: "JWT"), retry: .none)
        let client = EndpointClient(configuration: configuration, transport: stub, tokenProvider: ClosureTokenProvider(token: { "jwt" }))
        let url = try #require(URL(string: "https://api.example.com/raw?q=1"))

        var own = URLRequest(url: url)
        own.setValue("Basic dXNlcjpwdw==", forHTTPHeaderField: "Authorization")
        own.setValue("mine", forHTTPHeaderField: "x-trace")
        _ = try await client.send(own)
        _ = try await client.send(URLRequest(url: url))
        _ = try await client.send(URLRequest(url: url), auth: .none, addingDefaults: false)
        var patient = URLRequest(url: url)
        patient.timeoutInterval = 5
        _ = try await client.send(patient)

        let sent = stub.requests
        #expect(sent.count == 4)
        #expect(sent[0].value(forHTTPHeaderField: "Authorization") == "Basic dXNlcjpwdw==", "the caller's own credentials")
        #expect(sent[0].value(forHTTPHeaderField: "X-Trace") == "mine", "the caller's header wins over the default")
        #expect(sent[0].value(forHTTPHeaderField: "X-Client") == "app")
        #expect(sent[0].url?.query == "q=1&v=2")
        #expect(sent[0].timeoutInterval == 1.5, "the client's timeout, not URLRequest's 60 s")
        #expect(sent[1].value(forHTTPHeaderField: "Authorization") == "JWT jwt", "the client's credentials when the caller set none")
        #expect(sent[2].value(forHTTPHeaderField: "Authorization") == nil)
        #expect(sent[2].value(forHTTPHeaderField: "X-Client") == nil)
        #expect(sent[2].url?.query == "q=1")
        #expect(sent[2].timeoutInterval == 60)
        #expect(sent[3].timeoutInterval == 5, "a timeout the caller chose stays")
    }
}
