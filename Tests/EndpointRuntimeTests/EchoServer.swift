import EndpointRuntime
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loopback echo server that `Tests/run.sh` starts (Tests/Servers/echo_server.py).
enum EchoServer {
    static let variable = "ENDPOINTGEN_ECHO_SERVER"
    static let available = TestEnvironment.canRun(needingServer: variable)
    static let why: Comment = "needs the loopback echo server: run bash Tests/run.sh"

    /// The server's address; in CI a missing server fails here.
    static func address() throws -> ServerAddress {
        let url = try #require(TestEnvironment.serverURL(variable), "ENDPOINTGEN_ECHO_SERVER is not set")
        return try #require(ServerAddress(url: url))
    }

    /// A configuration for the echo server whose requests are counted in a fresh bucket (`X-Counter`).
    static func configuration(counter: String = UUID().uuidString) throws -> ClientConfiguration {
        ClientConfiguration(
            server: try address(), defaultHeaders: [ParameterTemplate(name: "X-Counter", value: counter)], retry: .none)
    }

    /// The bucket counts the server kept for `counter`.
    static func stats(_ counter: String) async throws -> Stats {
        let client = EndpointClient(configuration: ClientConfiguration(server: try address(), retry: .none))
        return try await client.send(Request<Stats>(method: .get, path: "/stats", query: [QueryItem("counter", counter)]))
    }
}

/// What the echo server saw of a request.
struct Echo: Decodable, Sendable {
    let method: String
    let path: String
    let query: String
    let headers: [String: String]
    let body: String
}

/// A counter bucket of the echo server.
struct Stats: Decodable, Sendable {
    let total: Int
    let peak: Int
    let arrivals: [Double]
}

/// Collects values from concurrent callbacks.
final class Recorder<Value: Sendable>: Sendable {
    private let lock = NSLock()
    // Safe: only touched under `lock`.
    nonisolated(unsafe) private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
