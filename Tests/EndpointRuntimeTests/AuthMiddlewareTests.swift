@testable import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A token store whose refresh waits for `gate` (requests pile up behind it), and counts refreshes.
actor TestTokens: TokenProvider {
    private var current: String?
    private let next: String?
    private let gate: @Sendable () async throws -> Void
    private(set) var refreshes = 0

    init(_ current: String?, refreshesTo next: String? = nil, gate: @escaping @Sendable () async throws -> Void = {}) {
        self.current = current
        self.next = next
        self.gate = gate
    }

    func token() -> String? { current }

    func refreshToken() async throws -> String? {
        refreshes += 1
        try await gate()
        current = next
        return next
    }
}

/// The header the auth middleware writes, seen through a stub transport.
@Suite(.timeLimit(.minutes(2))) struct AuthHeaderTests {
    @Test func theTokenReplacesAHeaderOfTheSameNameInAnyCase() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let configuration = ClientConfiguration(
            server: ServerAddress(scheme: "https", host: "api.example.com"), auth: .header(name: "Authorization", prefix: "JWT"), retry: .none)
        let client = EndpointClient(configuration: configuration, transport: stub, tokenProvider: TestTokens("abc"))
        _ = try await client.send(Request<Empty>(method: .get, path: "/me", headers: [HeaderField("authorization", "stale"), HeaderField("X-Trace", "1")]))
        let fields = try #require(stub.requests.first?.allHTTPHeaderFields)
        #expect(fields.filter { $0.key.lowercased() == "authorization" } == ["Authorization": "JWT abc"])
        #expect(fields["X-Trace"] == "1")
    }

    /// One rule for every client: one made without a token provider (with a scheme configured or none at all) refuses a
    /// request that requires credentials before sending it, as the shared client, whose token store is empty, does.
    @Test func aClientWithoutAProviderRefusesARequiredRequestBeforeSendingIt() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let bare = ClientConfiguration(server: ServerAddress(scheme: "https", host: "api.example.com"), retry: .none)
        var configured = bare
        configured.auth = .header(name: "Authorization", prefix: "JWT")
        for client in [EndpointClient(configuration: configured, transport: stub), EndpointClient(configuration: bare, transport: stub)] {
            await #expect(throws: EndpointError.invalidRequest("the endpoint requires authentication and no token is available")) {
                try await client.send(Request<Empty>(method: .get, path: "/me", auth: .required))
            }
            _ = try await client.send(Request<Empty>(method: .get, path: "/me"))
        }
        #expect(stub.requests.count == 2)
        #expect(stub.requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == nil })
        // A request that already carries the scheme's credential (here a default header of the configuration) has one.
        configured.defaultHeaders = [ParameterTemplate(name: "Authorization", value: "JWT fixed")]
        _ = try await EndpointClient(configuration: configured, transport: stub).send(Request<Empty>(method: .get, path: "/me", auth: .required))
        #expect(stub.requests.last?.value(forHTTPHeaderField: "Authorization") == "JWT fixed")
    }
}

/// The auth middleware against the echo server.
@Suite(.enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct AuthMiddlewareTests {
    func client(_ tokens: TestTokens, scheme: AuthScheme = .header(name: "Authorization", prefix: "JWT"), counter: String = UUID().uuidString,
                onFailure: (@Sendable (EndpointError, RequestSummary) -> Void)? = nil) throws -> EndpointClient {
        var configuration = try EchoServer.configuration(counter: counter)
        configuration.auth = scheme
        return EndpointClient(configuration: configuration, tokenProvider: tokens, onFailure: onFailure)
    }

    @Test func headerCarriesTheSchemePrefix() async throws {
        let echo = try await client(TestTokens("abc")).send(Request<Echo>(method: .get, path: "/echo"))
        #expect(echo.headers["authorization"] == "JWT abc")
        let bare = try await client(TestTokens("abc"), scheme: .header(name: "X-Token", prefix: nil)).send(Request<Echo>(method: .get, path: "/echo"))
        #expect(bare.headers["x-token"] == "abc")
    }

    @Test func queryTokenIsAppended() async throws {
        let echo = try await client(TestTokens("a b"), scheme: .query(name: "access_token"))
            .send(Request<Echo>(method: .get, path: "/echo", query: [QueryItem("q", 1)]))
        #expect(echo.query == "q=1&access_token=a%20b")
    }

    @Test func noneSendsNoToken() async throws {
        let echo = try await client(TestTokens("abc")).send(Request<Echo>(method: .get, path: "/echo", auth: .none))
        #expect(echo.headers["authorization"] == nil)
    }

    @Test func requiredWithoutTokenIsNotSent() async throws {
        let counter = UUID().uuidString
        let client = try client(TestTokens(nil), counter: counter)
        await #expect(throws: EndpointError.invalidRequest("the endpoint requires authentication and no token is available")) {
            try await client.send(Request<Echo>(method: .get, path: "/echo", auth: .required))
        }
        #expect(try await client.send(Request<Echo>(method: .get, path: "/echo", auth: .optional)).headers["authorization"] == nil)
        #expect(try await EchoServer.stats(counter).total == 1)
    }

    @Test func oneRefreshIsSharedByAllRequestsInFlight() async throws {
        let counter = UUID().uuidString
        // The refresh ends only once all ten requests have reached the server with the old token.
        let tokens = TestTokens("old", refreshesTo: "new", gate: { try await waitUntil { try await EchoServer.stats(counter).total >= 10 } })
        let client = try client(tokens, counter: counter)
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 {
                group.addTask { try await client.send(Request<Echo>(method: .post, path: "/protected/new", auth: .required)).headers["authorization"] ?? "" }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(paths == Array(repeating: "JWT new", count: 10))
        #expect(await tokens.refreshes == 1)
        #expect(try await EchoServer.stats(counter).total == 20)
    }

    @Test func a401AfterTheRefreshReachesTheFailureHook() async throws {
        let tokens = TestTokens("old", refreshesTo: "still-wrong")
        let failures = Recorder<String>()
        let client = try client(tokens) { error, summary in failures.append("\(error.statusCode ?? 0) \(summary.method) \(summary.statusCode ?? 0)") }
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 401, message: "token expired", body: Data(#"{"error": "token expired"}"#.utf8))) {
            try await client.send(Request<Echo>(method: .get, path: "/protected/good", auth: .required))
        }
        #expect(await tokens.refreshes == 1)
        #expect(failures.values == ["401 GET 401"])
    }

    @Test func tokenIsNeverSentToAnotherHost() async throws {
        let configuration = try EchoServer.configuration()
        let client = try client(TestTokens("abc"))
        let otherHost = "http://localhost:\(configuration.server.port ?? 80)/echo/elsewhere"
        let redirected = try await client.send(Request<Echo>(
            method: .get, path: "/redirect", query: [QueryItem("to", otherHost)], headers: [HeaderField("X-Trace", "t")]))
        #expect(redirected.path == "/echo/elsewhere")
        #expect(redirected.headers["authorization"] == nil)
        #expect(redirected.headers["x-trace"] == nil)

        let sameHost = try await client.send(Request<Echo>(
            method: .get, path: "/redirect", query: [QueryItem("to", configuration.server.baseURLString + "/echo/here")]))
        #expect(sameHost.headers["authorization"] == "JWT abc")

        let (data, _) = try await client.send(URLRequest(url: try #require(URL(string: otherHost))))
        #expect(try JSONDecoder().decode(Echo.self, from: data).headers["authorization"] == nil)
    }
}

/// The refresher shares one refresh among the 401s of one stale token, also those that arrive after it finished.
@Suite(.timeLimit(.minutes(2))) struct TokenRefresherTests {
    /// A provider whose every refresh returns a new token: `fresh-1`, `fresh-2`, ...
    final class CountingProvider: TokenProvider {
        let refreshes = Locked(0)
        func token() async throws -> String? { "stale" }
        func refreshToken() async throws -> String? { "fresh-\(refreshes.withLock { $0 += 1; return $0 })" }
    }

    @Test func aLate401OfTheSameStaleTokenReusesTheLastRefresh() async {
        let provider = CountingProvider()
        let refresher = TokenRefresher(provider: provider)
        #expect(await refresher.refresh(replacing: "stale") == "fresh-1")
        #expect(await refresher.refresh(replacing: "stale") == "fresh-1", "a 401 answered to the old token after the refresh")
        #expect(provider.refreshes.withLock { $0 } == 1)
        #expect(await refresher.refresh(replacing: "fresh-1") == "fresh-2", "the new token refused too: a new refresh")
        #expect(provider.refreshes.withLock { $0 } == 2)
    }
}
