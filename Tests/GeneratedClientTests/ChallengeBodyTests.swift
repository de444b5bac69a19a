import AuthAPI
import EndpointRuntime
import Foundation
import Testing
import TestSupport

/// The generated `AuthClient` against a server whose 401 is an HTTP authentication challenge with a JSON message (the
/// echo server's `/challenge/TOKEN` route, which answers any path below it): the error carries the message the
/// spec's `errors.messageField` names, not the fallback.
@Suite(.enabled(if: TestEnvironment.canRun(needingServer: "ENDPOINTGEN_ECHO_SERVER"), "needs the loopback echo server: run bash Tests/run.sh"), .timeLimit(.minutes(5)))
struct ChallengeBodyTests {
    @Test func a401ChallengesMessageReachesTheCaller() async throws {
        let echo = try #require(TestEnvironment.serverURL("ENDPOINTGEN_ECHO_SERVER"), "ENDPOINTGEN_ECHO_SERVER is not set")
        var configuration = AuthClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: echo.appendingPathComponent("challenge/open-sesame/api")))
        let client = AuthClient(configuration: configuration, tokenProvider: ClosureTokenProvider(token: { "wrong" }))
        let body = Data(#"{"message": "Wrong credentials."}"#.utf8)
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 401, message: "Wrong credentials.", body: body)) {
            try await client.user(id: 3)
        }
    }
}
