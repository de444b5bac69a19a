import EndpointRuntime
import Foundation
import JupyterAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live Jupyter Server that `Tests/run.sh` starts on a loopback port (URL in `ENDPOINTGEN_JUPYTER`, its token in
/// `ENDPOINTGEN_JUPYTER_TOKEN`), serving a scratch root folder and the sleeping kernel spec `idle`.
enum JupyterServer {
    static let variable = "ENDPOINTGEN_JUPYTER"
    static let available = TestEnvironment.canRun(needingServer: variable)
    static let why: Comment = """
        needs Jupyter Server on loopback (ENDPOINTGEN_JUPYTER): run bash Tests/run.sh, which needs python3 with venv and pip \
        to install jupyter_server into .build/jupyter-venv
        """

    /// The token the server was started with; in CI a missing one fails here.
    static func token() throws -> String {
        try #require(ProcessInfo.processInfo.environment["ENDPOINTGEN_JUPYTER_TOKEN"], "ENDPOINTGEN_JUPYTER_TOKEN is not set")
    }

    /// A generated client for the live server, sending the server's token, or with `authenticated: false` a token it refuses.
    ///
    /// Its session keeps no cookies: Jupyter answers an authenticated request with a login cookie, which a shared
    /// cookie store would send with every later request of the process, token or not.
    static func client(authenticated: Bool = true) throws -> JupyterClient {
        let url = try #require(TestEnvironment.serverURL(variable), "ENDPOINTGEN_JUPYTER is not set")
        var configuration = JupyterClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        let token = try token()
        let session = URLSessionConfiguration.ephemeral
        session.httpShouldSetCookies = false
        session.httpCookieAcceptPolicy = .never
        return JupyterClient(
            configuration: configuration, transport: URLSessionTransport(configuration: session),
            tokenProvider: ClosureTokenProvider(token: { authenticated ? token : "not-the-token" }))
    }

    /// A new folder at the root for one test, so that tests sharing the server never see each other's files.
    static func folder(_ client: JupyterClient) async throws -> String {
        let name = "test-\(UUID().uuidString.prefix(8))"
        let created = try await client.createDirectory(path: name)
        #expect(created.type == .directory)
        return name
    }
}
