import EndpointRuntime
import Foundation
import HTTPBinAuthAPI
import TestSupport
import Testing

/// Every kind of auth scheme, and several named schemes with a per-endpoint choice, against live httpbin through the
/// generated `HTTPBinAuthClient` (Specs/HTTPBinAuth.yaml: `user` bearer by default, `login` basic, `adminKey` in a
/// header, `queryKey` in the query, `session` in a cookie).
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct AuthSchemeTests {
    /// A client for the live server with the given credentials by scheme name.
    private func client(
        _ credentials: [String: any TokenProvider], logSink: LogSink? = nil,
        onFailure: (@Sendable (EndpointError, RequestSummary) -> Void)? = nil
    ) throws -> HTTPBinAuthClient {
        let url = try #require(TestEnvironment.serverURL(HTTPBinServer.variable), "ENDPOINTGEN_HTTPBIN is not set")
        var configuration = HTTPBinAuthClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        // An ephemeral session: no cookie that another suite made httpbin set reaches these requests.
        return HTTPBinAuthClient(
            configuration: configuration, transport: URLSessionTransport(configuration: .ephemeral), credentials: credentials,
            logSink: logSink, onFailure: onFailure)
    }

    private static func basic(_ user: String, _ password: String) -> BasicCredentialStore {
        let store = BasicCredentialStore()
        store.set(BasicCredentials(user: user, password: password))
        return store
    }

    @Test func basicAuthSendsTheUserAndPassword() async throws {
        let client = try client(["login": Self.basic("ada", "lovelace")])
        #expect(try await client.basicAuth(user: "ada", passwd: "lovelace") == BasicAuthResult(authenticated: true, user: "ada"))
        #expect(try await client.hiddenBasicAuth(user: "ada", passwd: "lovelace") == BasicAuthResult(authenticated: true, user: "ada"))
    }

    @Test func basicAuthWithAWrongPasswordIs401() async throws {
        let client = try client(["login": Self.basic("ada", "babbage")])
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 401, message: "httpbin refused the request", body: Data())) {
            try await client.basicAuth(user: "ada", passwd: "lovelace")
        }
    }

    @Test func theDefaultSchemeSendsTheBearerToken() async throws {
        let client = try client(["user": ClosureTokenProvider(token: { "t0k3n" })])
        #expect(try await client.bearer() == BearerResult(authenticated: true, token: "t0k3n"))
    }

    @Test func anAPIKeyGoesInItsHeaderQueryItemOrCookie() async throws {
        let client = try client([
            "adminKey": ClosureTokenProvider(token: { "admin-1" }), "queryKey": ClosureTokenProvider(token: { "query-1" }),
            "session": ClosureTokenProvider(token: { "session-1" }),
        ])
        let admin = try await client.adminEcho()
        #expect(admin.headers["X-Admin-Key"] == "admin-1")
        #expect(admin.headers["Authorization"] == nil)
        let query = try await client.queryKeyEcho()
        #expect(query.args == ["api_key": "query-1"])
        #expect(query.headers["X-Admin-Key"] == nil)
        #expect(try await client.cookies() == Cookies(cookies: ["session": "session-1"]))
        let none = try await client.publicEcho()
        #expect(none.headers["X-Admin-Key"] == nil && none.headers["Cookie"] == nil && none.args.isEmpty)
    }

    /// `auth: [user, adminKey]`: the user's token when there is one, else the admin key; never both.
    @Test func alternativesSendTheFirstSchemeWithCredentials() async throws {
        let admin = ClosureTokenProvider(token: { "admin-1" })
        let signedIn = try await client(["user": ClosureTokenProvider(token: { "u1" }), "adminKey": admin]).eitherEcho()
        #expect(signedIn.headers["Authorization"] == "Bearer u1")
        #expect(signedIn.headers["X-Admin-Key"] == nil)
        let signedOut = try await client(["user": ClosureTokenProvider(token: { nil }), "adminKey": admin]).eitherEcho()
        #expect(signedOut.headers["Authorization"] == nil)
        #expect(signedOut.headers["X-Admin-Key"] == "admin-1")
    }

    /// A 401 of the basic endpoint refreshes the `login` credentials (not the `user` token), and the retry passes.
    @Test func a401RefreshesTheSchemeThatWasUsed() async throws {
        let loginRefreshes = Recorder<String>()
        let userRefreshes = Recorder<String>()
        let login = Self.basic("ada", "babbage")
        login.onRefresh {
            loginRefreshes.append("login")
            return BasicCredentials(user: "ada", password: "lovelace")
        }
        let user = ClosureTokenProvider(token: { "u1" }, refresh: {
            userRefreshes.append("user")
            return "u2"
        })
        let client = try client(["login": login, "user": user])
        #expect(try await client.basicAuth(user: "ada", passwd: "lovelace") == BasicAuthResult(authenticated: true, user: "ada"))
        #expect(loginRefreshes.values == ["login"])
        #expect(userRefreshes.values.isEmpty)
        #expect(login.credentials == BasicCredentials(user: "ada", password: "lovelace"))
    }

    /// No credential of any scheme appears in log lines or in the failure hook's summary and error (both see the request
    /// as the endpoint built it, before the auth middleware adds the credential; the scheme's names are redacted too, for
    /// a middleware of the app's that logs later).
    @Test func everyCredentialIsRedacted() async throws {
        let lines = Recorder<String>()
        let failures = Recorder<String>()
        let client = try client(
            [
                "login": Self.basic("ada", "s3cret-pw"), "adminKey": ClosureTokenProvider(token: { "s3cret-admin" }),
                "queryKey": ClosureTokenProvider(token: { "s3cret-query" }), "session": ClosureTokenProvider(token: { "s3cret-cookie" }),
            ],
            logSink: LogSink { lines.append($0) },
            onFailure: { error, summary in failures.append("\(error) \(summary)") })
        _ = try await client.adminEcho()
        _ = try await client.queryKeyEcho()
        _ = try await client.cookies()
        _ = try? await client.basicAuth(user: "ada", passwd: "other")  // 401: reaches the failure hook
        #expect(lines.values.count == 4)
        #expect(failures.values.count == 1)
        let basicToken = BasicCredentials(user: "ada", password: "s3cret-pw").token
        for text in lines.values + failures.values {
            for secret in ["s3cret", basicToken] { #expect(!text.contains(secret), "\(secret) in: \(text)") }
        }
    }
}
