import EndpointRuntime
import Foundation
import S3API
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live moto S3 that `Tests/run.sh` serves on a loopback port (URL in `ENDPOINTGEN_S3`).
enum S3Server {
    static let variable = "ENDPOINTGEN_S3"
    /// The live suites' trait: they run when the server is there, and always in CI (where a missing one fails).
    static let needed = ConditionTrait.enabled(
        if: TestEnvironment.canRun(needingServer: variable),
        "needs moto's S3 on loopback (ENDPOINTGEN_S3): run bash Tests/run.sh, which needs python3 with venv and pip to install moto into .build/moto-venv")

    /// The generated client pointed at the live server; in CI a missing server fails here.
    static func client(transport: any Transport = URLSessionTransport()) throws -> S3Client {
        let url = try #require(TestEnvironment.serverURL(variable), "ENDPOINTGEN_S3 is not set")
        var configuration = S3Client.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        return S3Client(configuration: configuration, transport: transport)
    }

    /// A bucket name no other test uses (S3 wants 3 to 63 lowercase letters, digits and '-').
    static func bucketName(_ purpose: String) -> String {
        "\(purpose)-\(UUID().uuidString.lowercased().prefix(8))"
    }
}

/// A transport that records the URL of each request it passes on.
final class RecordingTransport: Transport {
    private let inner = URLSessionTransport()
    private let log = Locked<[URL]>([])

    func send(_ request: URLRequest, progress: (@Sendable (TransferProgress) -> Void)?) async throws -> HTTPResponse {
        if let url = request.url { log.withLock { $0.append(url) } }
        return try await inner.send(request, progress: progress)
    }

    /// The query item `name` of each request sent, `nil` where it had none.
    func queryValues(_ name: String) -> [String?] {
        log.withLock { $0 }.map { url in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value }
    }
}
