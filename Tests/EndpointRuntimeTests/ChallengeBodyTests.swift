@testable import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A 401 that is an HTTP authentication challenge (`WWW-Authenticate: Basic`) and carries a JSON message, as real APIs
/// send it (the echo server's `/challenge/TOKEN` route): the session delegate refuses the challenge so the request
/// cannot hang (swift-corelibs-foundation#5456), and the caller still gets the 401 with its body.
@Suite(.enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct ChallengeBodyTests {
    private static let body = Data(#"{"message": "Sign in again."}"#.utf8)

    private func challengeRequest() throws -> URLRequest {
        let url = try #require(URL(string: try EchoServer.address().baseURLString + "/challenge/open-sesame?message=Sign%20in%20again."))
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        return request
    }

    @Test func a401ChallengeKeepsItsBodyThroughTheTransport() async throws {
        let response = try await URLSessionTransport().send(try challengeRequest(), progress: nil)
        #expect(response.statusCode == 401)
        #expect(response.response.value(forHTTPHeaderField: "WWW-Authenticate") == #"Basic realm="echo""#)
        #expect(response.data == Self.body)
    }

    /// The same with a progress handler (on Darwin the transport's other path).
    @Test func a401ChallengeKeepsItsBodyWhenProgressIsReported() async throws {
        let response = try await URLSessionTransport().send(try challengeRequest(), progress: { _ in })
        #expect(response.statusCode == 401)
        #expect(response.data == Self.body)
    }

    /// A download to a file answered by the challenge's 401 gives that 401 (its body stays in URLSession's file), not a
    /// cancelled transfer.
    @Test func a401ChallengeToADownloadIsThe401() async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("challenge-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let response = try await URLSessionTransport().send(try challengeRequest(), uploading: nil, delivery: .file(destination), progress: nil)
        #expect(response.statusCode == 401)
        #expect(response.response.value(forHTTPHeaderField: "WWW-Authenticate") == #"Basic realm="echo""#)
    }

    @Test func theClientsErrorCarriesTheServersMessage() async throws {
        var configuration = try EchoServer.configuration()
        configuration.errorMessageField = "message"
        configuration.fallbackErrorMessage = "fallback text"
        let client = EndpointClient(configuration: configuration)
        await #expect(throws: EndpointError.unacceptableStatus(statusCode: 401, message: "Sign in again.", body: Self.body)) {
            try await client.send(Request<Echo>(method: .get, path: "/challenge/open-sesame", query: [QueryItem("message", "Sign in again.")]))
        }
    }

    /// The challenge's 401 reaches the token refresh, and the retry with the fresh token passes.
    @Test func a401ChallengeRefreshesTheToken() async throws {
        var configuration = try EchoServer.configuration()
        configuration.auth = .header(name: "Authorization", prefix: "Bearer")
        let refreshes = Recorder<String>()
        let provider = ClosureTokenProvider(token: { "stale" }, refresh: {
            refreshes.append("open-sesame")
            return "open-sesame"
        })
        let client = EndpointClient(configuration: configuration, tokenProvider: provider)
        let echo = try await client.send(Request<Echo>(method: .get, path: "/challenge/open-sesame", auth: .required))
        #expect(echo.headers["authorization"] == "Bearer open-sesame")
        #expect(refreshes.values == ["open-sesame"])
    }
}
