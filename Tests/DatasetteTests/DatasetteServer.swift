import DatasetteAPI
import EndpointRuntime
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live Datasette that `Tests/run.sh` serves on a loopback port (URL in `ENDPOINTGEN_DATASETTE`), over a fixture
/// database `fixtures` whose table `items` holds the rows 1...3000 (`name` "item N", `score` N * 7 % 100).
enum DatasetteServer {
    static let variable = "ENDPOINTGEN_DATASETTE"
    /// The live suites' trait: they run when the server is there, and always in CI (where a missing one fails).
    static let needed = ConditionTrait.enabled(
        if: TestEnvironment.canRun(needingServer: variable),
        "needs Datasette on loopback (ENDPOINTGEN_DATASETTE): run bash Tests/run.sh, which needs python3 with venv and pip to install datasette into .build/datasette-venv")
    /// The number of rows of the fixture table.
    static let rowCount = 3000

    /// The spec's configuration pointed at the live server; in CI a missing server fails here.
    static func configuration() throws -> ClientConfiguration {
        let url = try #require(TestEnvironment.serverURL(variable), "ENDPOINTGEN_DATASETTE is not set")
        var configuration = DatasetteClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        return configuration
    }
}

/// A transport that records the URL and start time of each request it passes on.
final class RecordingTransport: Transport {
    private let inner = URLSessionTransport()
    private let log = Locked<[(url: URL, at: ContinuousClock.Instant)]>([])

    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        if let url = request.url { log.withLock { $0.append((url, .now)) } }
        return try await inner.send(request, progress: progress)
    }

    /// The URLs sent so far, in order.
    var urls: [URL] { log.withLock { $0.map(\.url) } }
    /// When each request was handed to URLSession, in order.
    var starts: [ContinuousClock.Instant] { log.withLock { $0.map(\.at) } }

    /// The query item `name` of each request sent, `nil` where it had none.
    func queryValues(_ name: String) -> [String?] {
        urls.map { url in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value }
    }
}
