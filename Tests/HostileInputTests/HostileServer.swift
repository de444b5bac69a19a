import EndpointRuntime
import Foundation

/// The misbehaving loopback server of `Resources/hostile_server.py`, started for one test; call `stop()` after.
final class HostileServer {
    private let process = Process()
    /// The port it listens on, at 127.0.0.1.
    let port: Int

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/hostile_server.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line of its output is the port; it prints nothing else.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure()
        }
        self.port = port
    }

    struct StartFailure: Error, CustomStringConvertible {
        var description: String { "hostile_server.py did not start (is python3 on the PATH?)" }
    }

    /// Kills the server. SIGKILL, because a child of the test runner may inherit a blocked SIGTERM.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A client of this server: 1 s timeout, no retries, a bearer token.
    func client() -> EndpointClient {
        let tokens = TokenStore()
        tokens.set("secret-token")
        let configuration = ClientConfiguration(
            server: ServerAddress(scheme: "http", host: "127.0.0.1", port: port), timeout: .seconds(1),
            auth: .header(name: "Authorization", prefix: "Bearer"), retry: .none
        )
        return EndpointClient(configuration: configuration, tokenProvider: tokens)
    }
}
