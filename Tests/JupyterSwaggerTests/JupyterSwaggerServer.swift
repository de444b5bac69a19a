import EndpointRuntime
import Foundation
import JupyterSwaggerAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live Jupyter Server of `Tests/run.sh` (`ENDPOINTGEN_JUPYTER`, `ENDPOINTGEN_JUPYTER_TOKEN`), called through the
/// client generated from the Swagger 2.0 document it ships (`Specs/JupyterSwagger.yaml`, converted unedited).
///
/// Two settings make up for what the shipped document does not say, as a user of it must: it has no
/// `securityDefinitions`, so the client sends no token of its own (`defaultHeaders` adds `Authorization: token T` to
/// every request); its error schema has `error` and `reason`, but Jupyter's message is under `message`
/// (`errorMessageFields`).
enum JupyterSwaggerServer {
    static let variable = "ENDPOINTGEN_JUPYTER"
    static let available = TestEnvironment.canRun(needingServer: variable)
    static let why: Comment = """
        needs Jupyter Server on loopback (ENDPOINTGEN_JUPYTER): run bash Tests/run.sh, which needs python3 with venv and pip \
        to install jupyter_server into .build/jupyter-venv
        """

    /// A client for the live server, sending the token unless `authenticated` is false; its session keeps no cookies
    /// (Jupyter answers with a login cookie that would authenticate later requests without the token).
    static func client(authenticated: Bool = true) throws -> JupyterSwaggerClient {
        let url = try #require(TestEnvironment.serverURL(variable), "ENDPOINTGEN_JUPYTER is not set")
        let token = try #require(ProcessInfo.processInfo.environment["ENDPOINTGEN_JUPYTER_TOKEN"], "ENDPOINTGEN_JUPYTER_TOKEN is not set")
        var configuration = JupyterSwaggerClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        configuration.errorMessageFields = ["message"]
        if authenticated { configuration.defaultHeaders = [ParameterTemplate(name: "Authorization", value: "token \(token)")] }
        let session = URLSessionConfiguration.ephemeral
        session.httpShouldSetCookies = false
        session.httpCookieAcceptPolicy = .never
        return JupyterSwaggerClient(configuration: configuration, transport: URLSessionTransport(configuration: session))
    }

    /// A new folder at the root for one test. (Its answer does not decode: see `disagreement`.)
    static func folder(_ client: JupyterSwaggerClient) async throws -> String {
        let name = "swagger-\(UUID().uuidString.prefix(8))"
        let created = try await disagreement(at: "mimetype", status: 201) { () async throws(EndpointError) in
            try await client.putApiContentsPath(pathPath: name, type: "directory")
        }
        #expect(created["type"] as? String == "directory")
        return name
    }

    /// Where the shipped document is wrong for the real server: it declares every `Contents` member required and
    /// typed `string`, but Jupyter sends `null` for `content`, `format` and `mimetype` when they do not apply (and a
    /// directory's `content` is an array). The client reports that as `decodingFailed` at the member, with the
    /// server's answer, never as a value with the member silently missing; this expects exactly that and returns the
    /// answer, so a scenario can go on from what the server said.
    static func disagreement(
        at member: String, status: Int, _ call: () async throws(EndpointError) -> some Any, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        do {
            _ = try await call()
            Issue.record("the answer decoded: the shipped document and the server agree about '\(member)' now", sourceLocation: sourceLocation)
            return [:]
        } catch {
            guard case .decodingFailed(let type, let path, _, let statusCode, let body) = error else {
                Issue.record("expected decodingFailed at '\(member)', got \(error)", sourceLocation: sourceLocation)
                return [:]
            }
            #expect(type == "Contents", sourceLocation: sourceLocation)
            #expect(path == member, sourceLocation: sourceLocation)
            #expect(statusCode == status, sourceLocation: sourceLocation)
            let answer = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], sourceLocation: sourceLocation)
            #expect(answer.keys.contains(member), "the server sent '\(member)'", sourceLocation: sourceLocation)
            return answer
        }
    }
}
