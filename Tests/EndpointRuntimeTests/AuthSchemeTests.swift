import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The kinds of auth scheme (basic, API key in a cookie or header) and named schemes with a per-request choice, seen
/// through a stub transport.
@Suite(.timeLimit(.minutes(2))) struct AuthSchemeTests {
    private static let server = ServerAddress(scheme: "https", host: "api.example.com")

    /// A client over `stub` with the named schemes `user` (bearer), `admin` (an API key header) and `login` (basic).
    private func client(
        _ stub: StubTransport, defaults: [String] = ["user"], credentials: [String: any TokenProvider],
        logSink: LogSink? = nil, onFailure: (@Sendable (EndpointError, RequestSummary) -> Void)? = nil
    ) -> EndpointClient {
        let configuration = ClientConfiguration(
            server: Self.server,
            authSchemes: ["user": .header(), "admin": .header(name: "X-Admin-Key", prefix: nil), "login": .basic, "session": .cookie(name: "sid"),
                          "key": .query(name: "api_key")],
            defaultAuthSchemes: defaults, retry: .none)
        return EndpointClient(configuration: configuration, transport: stub, credentials: credentials, logSink: logSink, onFailure: onFailure)
    }

    @Test func basicSendsTheBase64OfUserAndPassword() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let login = BasicCredentialStore()
        login.set(BasicCredentials(user: "ada", password: "lövelace:1"))
        _ = try await client(stub, defaults: ["login"], credentials: ["login": login]).send(Request<Empty>(method: .get, path: "/me", auth: .required))
        let expected = "Basic " + Data("ada:lövelace:1".utf8).base64EncodedString()
        #expect(stub.requests.first?.value(forHTTPHeaderField: "Authorization") == expected)
        #expect(expected == "Basic YWRhOmzDtnZlbGFjZTox")
    }

    /// A closure provider's credentials, and on a 401 its refreshed ones, are sent as basic auth.
    @Test func aClosureBasicProviderIsRefreshedOnA401() async throws {
        let fresh = "Basic " + BasicCredentials(user: "ada", password: "new").token
        let stub = StubTransport(handler: { request in
            request.value(forHTTPHeaderField: "Authorization") == fresh ? .json("{}") : .json("{}", status: 401)
        })
        let provider = ClosureBasicCredentialProvider(
            credentials: { BasicCredentials(user: "ada", password: "old") }, refresh: { BasicCredentials(user: "ada", password: "new") })
        _ = try await client(stub, defaults: ["login"], credentials: ["login": provider]).send(Request<Empty>(method: .get, path: "/me", auth: .required))
        #expect(stub.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Basic " + BasicCredentials(user: "ada", password: "old").token, fresh])
    }

    @Test func aCookieKeyJoinsTheRequestsOtherCookies() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = client(stub, defaults: ["session"], credentials: ["session": ClosureTokenProvider(token: { "s;1" })])
        _ = try await client.send(Request<Empty>(method: .get, path: "/me", cookies: [Cookie("theme", "dark")], auth: .required))
        #expect(stub.requests.first?.value(forHTTPHeaderField: "Cookie") == "theme=dark; sid=s%3B1")
    }

    @Test func aRequestUsesTheSchemeItNames() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = client(stub, credentials: ["user": ClosureTokenProvider(token: { "u1" }), "admin": ClosureTokenProvider(token: { "k1" })])
        _ = try await client.send(Request<Empty>(method: .get, path: "/me", auth: .required))
        _ = try await client.send(Request<Empty>(method: .get, path: "/admin", auth: .required, authSchemes: ["admin"]))
        let (user, admin) = (stub.requests[0], stub.requests[1])
        #expect(user.value(forHTTPHeaderField: "Authorization") == "Bearer u1")
        #expect(user.value(forHTTPHeaderField: "X-Admin-Key") == nil)
        #expect(admin.value(forHTTPHeaderField: "X-Admin-Key") == "k1")
        #expect(admin.value(forHTTPHeaderField: "Authorization") == nil)
    }

    /// "Either of": the first scheme whose provider has a credential is used, and only that one.
    @Test func alternativesUseTheFirstSchemeWithCredentials() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let signedOut = client(stub, credentials: ["user": ClosureTokenProvider(token: { nil }), "admin": ClosureTokenProvider(token: { "k1" })])
        _ = try await signedOut.send(Request<Empty>(method: .get, path: "/x", auth: .required, authSchemes: ["user", "admin"]))
        let signedIn = client(stub, credentials: ["user": ClosureTokenProvider(token: { "u1" }), "admin": ClosureTokenProvider(token: { "k1" })])
        _ = try await signedIn.send(Request<Empty>(method: .get, path: "/x", auth: .required, authSchemes: ["user", "admin"]))
        #expect(stub.requests[0].value(forHTTPHeaderField: "X-Admin-Key") == "k1")
        #expect(stub.requests[0].value(forHTTPHeaderField: "Authorization") == nil)
        #expect(stub.requests[1].value(forHTTPHeaderField: "Authorization") == "Bearer u1")
        #expect(stub.requests[1].value(forHTTPHeaderField: "X-Admin-Key") == nil)
    }

    @Test func requiredWithoutAnyOfItsSchemesIsNotSent() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = client(stub, credentials: ["user": ClosureTokenProvider(token: { nil })])
        await #expect(throws: EndpointError.invalidRequest("the endpoint requires authentication ('user' or 'admin') and no credentials are available")) {
            try await client.send(Request<Empty>(method: .get, path: "/x", auth: .required, authSchemes: ["user", "admin"]))
        }
        #expect(stub.requests.isEmpty)
    }

    /// A header or query item that carries a scheme's credential reads `<redacted>` in a summary even when the request
    /// carries it already (an app's own middleware that logs after the auth middleware, or a hand-set header).
    @Test func theNamesOfEverySchemeAreRedacted() async throws {
        let stub = StubTransport(handler: { _ in .json("{}", status: 403) })
        let summaries = Recorder<RequestSummary>()
        let client = client(stub, credentials: [:], onFailure: { _, summary in summaries.append(summary) })
        _ = try? await client.send(Request<Empty>(
            method: .get, path: "/x", query: [QueryItem("api_key", "q1")], headers: [HeaderField("X-Admin-Key", "k1")], auth: .none))
        let summary = try #require(summaries.values.first)
        #expect(summary.headers["X-Admin-Key"] == RequestSummary.redacted)
        #expect(summary.url == "https://api.example.com/x?api_key=<redacted>")
    }

    /// A 401 refreshes the scheme the request used, not another one.
    @Test func a401RefreshesTheSchemeThatWasUsed() async throws {
        let stub = StubTransport(handler: { request in
            request.value(forHTTPHeaderField: "X-Admin-Key") == "k2" ? .json("{}") : .json("{}", status: 401)
        })
        let user = TestTokens("u1", refreshesTo: "u2")
        let admin = TestTokens("k1", refreshesTo: "k2")
        let client = client(stub, credentials: ["user": user, "admin": admin])
        _ = try await client.send(Request<Empty>(method: .get, path: "/admin", auth: .required, authSchemes: ["admin"]))
        #expect(await admin.refreshes == 1)
        #expect(await user.refreshes == 0)
        #expect(stub.requests.map { $0.value(forHTTPHeaderField: "X-Admin-Key") } == ["k1", "k2"])
    }

    /// The credential of every scheme stays out of log lines and the failure hook's summary.
    @Test func everySchemesCredentialStaysOutOfLogsAndSummaries() async throws {
        let stub = StubTransport(handler: { _ in .json("{}", status: 403) })
        let lines = Recorder<String>()
        let summaries = Recorder<RequestSummary>()
        let login = BasicCredentialStore()
        login.set(BasicCredentials(user: "ada", password: "pw"))
        let client = client(
            stub,
            credentials: [
                "admin": ClosureTokenProvider(token: { "k1" }), "login": login, "session": ClosureTokenProvider(token: { "s1" }),
                "key": ClosureTokenProvider(token: { "q1" }),
            ],
            logSink: LogSink { lines.append($0) }, onFailure: { _, summary in summaries.append(summary) })
        for scheme in ["admin", "login", "session", "key"] {
            _ = try? await client.send(Request<Empty>(method: .get, path: "/x", auth: .required, authSchemes: [scheme]))
        }
        let summary = summaries.values
        #expect(summary.count == 4)
        #expect(lines.values.count == 4)
        for secret in ["k1", "s1", "q1", BasicCredentials(user: "ada", password: "pw").token] {
            #expect(!lines.values.joined().contains(secret))
            #expect(!summary.map { "\($0)" }.joined().contains(secret))
        }
        #expect("\(BasicCredentials(user: "ada", password: "pw"))" == "BasicCredentials(user: ada, password: <redacted>)")
    }
}
