import AuthAPI
import EndpointRuntime
import Foundation
import Testing

/// The README's "Using a generated client" example, kept compiling and true.
@Suite struct ReadmeExampleTests {
    @Test func ownClientWithVariablesTokenAndFailureHook() async throws {
        let stub = StubTransport()
        stub.enqueue(.json(#"{"message": "expired"}"#, status: 401), .json(#"{"message": "expired"}"#, status: 401))
        let failures = Failures()
        var configuration = AuthClient.defaultConfiguration
        configuration.server = ServerAddress(host: "staging.apitesting.dev", basePath: "/api")
        configuration.variables["deviceType"] = "ios"
        let client = AuthClient(
            configuration: configuration,
            transport: stub,
            tokenProvider: ClosureTokenProvider(token: { "old" }, refresh: { nil }),
            logSink: LogSink { _ in },
            onFailure: { error, _ in if error.statusCode == 401 { failures.record() } })
        do {
            _ = try await client.deleteUser(id: 3)
            Issue.record("expected a 401")
        } catch {
            #expect(error.statusCode == 401)
            #expect(error.failureReason.contains("expired"))
        }
        #expect(failures.count == 1)
        #expect(stub.requests.first?.url?.host == "staging.apitesting.dev")
    }

    @Test func sharedClientReadsTheTokenStore() async throws {
        AuthClient.tokens.set("t0")
        #expect(try await AuthClient.tokens.token() == "t0")
        AuthClient.tokens.set(nil)
    }

    /// Counts failure-hook calls from any thread.
    ///
    /// `@unchecked Sendable` is safe: `calls` is private and only read or written while `lock` is held.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        func record() { lock.withLock { calls += 1 } }
        var count: Int { lock.withLock { calls } }
    }
}
