import AuthAPI
import DatasetteAPI
import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing
import TestSupport

/// The README's "Using a generated client" block, run as written: `DocumentationTests` checks that the region
/// between `// README: …` and `// README end` below is that block, line for line. What the block takes as given
/// (an app's `session`, `keychain`, `renewToken()`, `signOut()`, `isPad`, `stagingURL` and `datasetteConfiguration`) is
/// set up before it: the shared client answers from a stub, "staging" is the loopback echo server, and Datasette the
/// live one `Tests/run.sh` serves over its fixture table. In `SharedClientTests`'
/// suite, which serializes every test of the global shared client.
extension SharedClientTests {
    @Test(
        .enabled(
            if: TestEnvironment.canRun(needingServer: "ENDPOINTGEN_ECHO_SERVER") && TestEnvironment.canRun(needingServer: "ENDPOINTGEN_DATASETTE"),
            "needs the loopback echo server and Datasette: run bash Tests/run.sh"))
    func theReadmesClientSectionRunsAsWritten() async throws {
        let sharedStub = StubTransport()
        sharedStub.enqueue(.json(#"{"id": 3, "name": "Ann"}"#))
        sharedStub.enqueue(
            StubTransport.Reply(
                status: 203, headers: ["Content-Type": "application/json", "etag": "\"u3\"", "Cache-Control": "max-age=60"],
                body: Data(#"{"id": 3, "name": "Ann"}"#.utf8)))
        let saved = AuthClient.sharedSettingsForTests
        AuthClient.configureShared { $0.transport = sharedStub }
        defer {
            AuthClient.configureShared { $0 = saved }
            AuthClient.tokens.set(nil)
        }
        let echo = try #require(TestEnvironment.serverURL("ENDPOINTGEN_ECHO_SERVER"), "ENDPOINTGEN_ECHO_SERVER is not set")
        let stagingURL = echo.appendingPathComponent("api")
        let tables = try #require(TestEnvironment.serverURL("ENDPOINTGEN_DATASETTE"), "ENDPOINTGEN_DATASETTE is not set")
        var datasetteConfiguration = DatasetteClient.defaultConfiguration
        datasetteConfiguration.server = try #require(ServerAddress(url: tables))
        let session = (token: "t0", expires: Date.distantFuture)
        let keychain = (token: "k1", account: "ann")
        let isPad = false
        let signOuts = Lines()
        @Sendable func renewToken() async throws -> String? { nil }
        @Sendable func signOut() { signOuts.append("signed out") }

        // README: Using a generated client
        // Once, at app start: the shared client's run-time variables (a closure is read for every request) and its log.
        AuthClient.configureShared { shared in
            shared.configuration.computedVariables["deviceType"] = { isPad ? "tablet" : "phone" }
            shared.logSink = .standardError
        }

        // After signing in, give it the token; then call it from anywhere.
        AuthClient.tokens.set(session.token)
        let user = try await AuthClient.shared.user(id: 3, include: ["teams"])

        // The status and headers too: every call has a `WithResponse` variant (with `responseHeaders:` in the spec, typed).
        let answer = try await AuthClient.shared.userWithResponse(id: 3)
        print(answer.statusCode, answer.body.name, answer.header("ETag") ?? "no ETag")

        // Or a client of your own: another server, another token source, one failure hook.
        var configuration = AuthClient.defaultConfiguration
        configuration.server = ServerAddress(url: stagingURL)!
        let client = AuthClient(
            configuration: configuration,
            tokenProvider: ClosureTokenProvider(token: { keychain.token }, refresh: { try await renewToken() }),
            onFailure: { error, _ in if error.statusCode == 401 { signOut() } })

        do {
            try await client.deleteUser(id: 3)
        } catch {  // always an EndpointError: switch on it, or read error.statusCode and error.failureReason
            print(error.failureReason)
        }

        // In tests: the same client over a stub transport (`import EndpointRuntimeTesting`, a product for test targets), or the fake.
        let stub = StubTransport()
        stub.enqueue(.json(#"{"valid": true, "scopes": []}"#))
        let tested = AuthClient(transport: stub, tokenProvider: ClosureTokenProvider(token: { "test-token" }))
        var fake = FakeAuthClient()
        fake.userHandler = { id, _ in User(id: id, name: "Ann") }

        // A paginated endpoint (`paginate:`, as in Specs/Datasette.yaml) also gives its pages' items as one sequence:
        // each page is a request sent when the loop reaches it; leaving the loop early sends no more.
        let datasette = DatasetteClient(configuration: datasetteConfiguration)
        var names: [String] = []
        for try await row in datasette.tableRowsItems(database: "fixtures", table: "items", size: 1000) where row.score == 0 {
            names.append(row.name)
        }
        // README end

        // The shared client sent what the spec and the configuration say.
        #expect(user == User(id: 3, name: "Ann", role: .member, bio: nil))
        let sent = try #require(sharedStub.requests.first)
        let query = URLComponents(url: try #require(sent.url), resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.contains(URLQueryItem(name: "device_type", value: "phone")))
        #expect(query.contains(URLQueryItem(name: "include", value: "teams")))
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "JWT t0")
        // The second call gave its status and headers (a header's name's case aside).
        #expect(answer.statusCode == 203 && answer.body.name == "Ann")
        #expect(answer.header("ETag") == "\"u3\"" && answer.header("cache-control") == "max-age=60")
        // The own client reached "staging" (the echo server answers 200), so the failure hook stayed quiet.
        #expect(signOuts.values.isEmpty)
        // The test doubles work as shown.
        #expect(try await tested.tokenCheck() == TokenStatus(valid: true, scopes: []))
        #expect(try await fake.user(id: 9, include: nil).name == "Ann")
        // Every page of the fixture table was read: its rows with score 0 are those of ids 100, 200, ..., 3000.
        #expect(names == (1...30).map { "item \($0 * 100)" })
    }
}
