import EndpointRuntime
import Foundation
import HTTPBinAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live httpbin that `Tests/run.sh` serves with gunicorn on a loopback port (URL in `ENDPOINTGEN_HTTPBIN`).
enum HTTPBinServer {
    static let variable = "ENDPOINTGEN_HTTPBIN"
    static let available = TestEnvironment.canRun(needingServer: variable)
    static let why: Comment = """
        needs httpbin on loopback (ENDPOINTGEN_HTTPBIN): run bash Tests/run.sh, which needs python3 with venv and pip \
        to install httpbin and gunicorn into .build/httpbin-venv
        """

    /// The spec's configuration pointed at the live server, with the `platform` variable set; in CI a missing server fails here.
    static func configuration() throws -> ClientConfiguration {
        let url = try #require(TestEnvironment.serverURL(variable), "ENDPOINTGEN_HTTPBIN is not set")
        var configuration = HTTPBinClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        configuration.variables = ["platform": "linux"]
        return configuration
    }

    /// A generated client for the live server.
    static func client(transport: any Transport = URLSessionTransport(), tokenProvider: (any TokenProvider)? = nil) throws -> HTTPBinClient {
        HTTPBinClient(configuration: try configuration(), transport: transport, tokenProvider: tokenProvider)
    }
}

/// A transport that records each request it passes on (method and URL), to see how often the client tried.
final class CountingTransport: Transport {
    private let inner = URLSessionTransport()
    /// `GET http://...` for every request sent so far.
    let sent = Recorder<String>()

    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        sent.append("\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")")
        return try await inner.send(request, progress: progress)
    }
}

/// Collects values from concurrent callbacks, in arrival order.
final class Recorder<Value: Sendable>: Sendable {
    private let lock = NSLock()
    // Safe: only touched under `lock`.
    nonisolated(unsafe) private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
