import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// The log line, redaction, and the failure hook.
@Suite(.timeLimit(.minutes(2))) struct LoggingMiddlewareTests {
    let server = ServerAddress(host: "api.example.com")

    /// The line with its duration replaced by `D`, since time is the one thing a test cannot fix.
    func withoutDuration(_ line: String) -> String {
        line.replacingOccurrences(of: #"in [0-9]+\.[0-9] ms"#, with: "in D ms", options: .regularExpression)
    }

    @Test func oneLinePerRequestWithSecretsRedacted() async throws {
        let lines = Recorder<String>()
        let stub = StubTransport(responses: [.json(#"{"ok":1}"#), .json("{}", status: 500)])
        let client = EndpointClient(
            configuration: ClientConfiguration(server: server, retry: .none), transport: stub, logSink: LogSink(lines.append))
        let request = Request<Empty>(
            method: .post, path: "/login", query: [QueryItem("user", "ada"), QueryItem("password", "hunter2")], secretParameters: ["password"])
        _ = try await client.send(request)
        _ = try? await client.send(Request<Empty>(method: .get, path: "/boom"))
        #expect(lines.values.map(withoutDuration) == [
            "POST https://api.example.com/login?user=ada&password=<redacted> -> 200 in D ms, 8 bytes",
            "GET https://api.example.com/boom -> 500 in D ms, 2 bytes",
        ])
    }

    @Test func failureHookSeesEveryFailureWithCredentialsRedacted() async throws {
        let failures = Recorder<String>()
        let stub = StubTransport(responses: [.failure(.notConnectedToInternet), .json("{}", status: 401)])
        let client = EndpointClient(
            configuration: ClientConfiguration(server: server, retry: .none), transport: stub,
            onFailure: { error, summary in
                failures.append("\(error.statusCode.map(String.init) ?? "-") \(summary.url) \(summary.headers["Authorization"] ?? "") \(summary.headers["X-Pin"] ?? "")")
            })
        let headers = [HeaderField("Authorization", "Bearer secret"), HeaderField("X-Pin", "1234")]
        for path in ["/offline", "/unauthorized"] {
            _ = try? await client.send(Request<Empty>(method: .get, path: path, headers: headers, secretParameters: ["X-Pin"]))
        }
        _ = try? await client.send(Request<Empty>(method: .get, path: "/users/{id}"))
        #expect(failures.values == [
            "- https://api.example.com/offline <redacted> <redacted>",
            "401 https://api.example.com/unauthorized <redacted> <redacted>",
            "- https://api.example.com  ",
        ])
        #expect(stub.requests.count == 2)
    }
}
