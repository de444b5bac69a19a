import EndpointRuntime
import Foundation
import HTTPBinAPI
import Testing

/// Bearer and basic auth against live httpbin, and the token refresh a 401 triggers.
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct AuthTests {
    @Test func bearerSendsTheToken() async throws {
        let client = try HTTPBinServer.client(tokenProvider: ClosureTokenProvider(token: { "t0k3n" }))
        let result = try await client.bearer()
        #expect(result == BearerResult(authenticated: true, token: "t0k3n"))
    }

    /// The endpoint requires the token: a client made without a provider does not send it (httpbin would answer 401).
    @Test func bearerWithoutTokenProviderIsNotSent() async throws {
        let transport = CountingTransport()
        let client = try HTTPBinServer.client(transport: transport)
        await #expect(throws: EndpointError.invalidRequest("the endpoint requires authentication and no token is available")) {
            try await client.bearer()
        }
        #expect(transport.sent.values.isEmpty)
    }

    /// httpbin accepts any bearer token but an empty one, so the stale token is empty: the 401 refreshes it once.
    @Test func a401RefreshesTheTokenOnceAndRetries() async throws {
        let (provider, refreshes) = Self.emptyToken(refreshingTo: "fresh")
        let transport = CountingTransport()
        let client = try HTTPBinServer.client(transport: transport, tokenProvider: provider)
        let result = try await client.bearer()
        #expect(result == BearerResult(authenticated: true, token: "fresh"))
        #expect(refreshes.values.count == 1)
        #expect(transport.sent.values.count == 2)
    }

    /// A blank token is refused too (the server trims `Bearer ` to `Bearer`): no second refresh, the 401 stands.
    @Test func aRefreshThatDoesNotHelpIsTriedOnce() async throws {
        let (provider, refreshes) = Self.emptyToken(refreshingTo: " ")
        let client = try HTTPBinServer.client(tokenProvider: provider)
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 401, message: "httpbin refused the request", body: Data())) {
            try await client.bearer()
        }
        #expect(refreshes.values.count == 1)
    }

    @Test func basicAuthWithTheRightPassword() async throws {
        let client = try HTTPBinServer.client()
        let result = try await client.basicAuth(user: "ada", passwd: "lovelace", authorization: Self.basic("ada", "lovelace"))
        #expect(result == BasicAuthResult(authenticated: true, user: "ada"))
    }

    /// httpbin's 401 carries `WWW-Authenticate: Basic`, which FoundationNetworking turns into a challenge that,
    /// unanswered, used to hang the request forever; it must come back as the 401 instead.
    @Test func basicAuthWithAWrongPasswordIs401() async throws {
        let client = try HTTPBinServer.client()
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 401, message: "httpbin refused the request", body: Data())) {
            try await client.basicAuth(user: "ada", passwd: "lovelace", authorization: Self.basic("ada", "babbage"))
        }
    }

    /// The same with a progress handler, which takes the transport's other path (a task the session delegate tracks).
    @Test func basicAuthWithAWrongPasswordIs401AlsoWhenTracked() async throws {
        let client = try HTTPBinServer.client()
        let request = HTTPBinEndpoints.basicAuth(user: "ada", passwd: "lovelace", authorization: Self.basic("ada", "babbage"))
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 401, message: "httpbin refused the request", body: Data())) {
            try await client.client.send(request, progress: { _ in })
        }
    }

    /// A provider whose token is empty and whose refresh returns `fresh`, with the log of its refreshes.
    private static func emptyToken(refreshingTo fresh: String) -> (ClosureTokenProvider, Recorder<String>) {
        let refreshes = Recorder<String>()
        let provider = ClosureTokenProvider(token: { "" }, refresh: {
            refreshes.append(fresh)
            return fresh
        })
        return (provider, refreshes)
    }

    /// The `Authorization` value for HTTP basic auth.
    private static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
