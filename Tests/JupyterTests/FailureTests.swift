import EndpointRuntime
import Foundation
import JupyterAPI
import Testing

/// Jupyter's refusals reach the caller as `.unacceptableStatus` with the server's own words as the message:
/// from the JSON `message` field, or (a missing path's 404) from the plain-text body Jupyter labels JSON.
@Suite(.enabled(if: JupyterServer.available, JupyterServer.why), .timeLimit(.minutes(5)))
struct FailureTests {
    /// The server's message of the error `body` throws, with its status.
    func refusal(_ body: () async throws(EndpointError) -> some Any) async -> (status: Int?, message: String?) {
        do {
            _ = try await body()
            return (nil, nil)
        } catch {
            guard case .unacceptableStatus(let status, let message, _) = error else { return (nil, "\(error)") }
            return (status, message)
        }
    }

    @Test func aMissingFileIs404WithThePlainTextMessage() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let failure = await refusal { () async throws(EndpointError) in try await client.file(path: "\(folder)/nope.txt") }
        #expect(failure.status == 404)
        #expect(failure.message == "file or directory '/\(folder)/nope.txt' does not exist")
    }

    @Test func renamingOntoAnExistingFileIs409() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        _ = try await client.saveFile(path: "\(folder)/a.txt", content: "a")
        _ = try await client.saveFile(path: "\(folder)/b.txt", content: "b")
        let failure = await refusal { () async throws(EndpointError) in try await client.rename(path: "\(folder)/a.txt", newPath: "\(folder)/b.txt") }
        #expect(failure.status == 409)
        #expect(failure.message == "File already exists: \(folder)/b.txt")
        #expect(try await client.file(path: "\(folder)/b.txt").content == "b")
    }

    @Test func readingAFolderAsAFileIs400() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let failure = await refusal { () async throws(EndpointError) in try await client.file(path: folder) }
        #expect(failure.status == 400)
        #expect(failure.message == "\(folder) is a directory, not a file")
    }

    @Test func withoutTheTokenIs403() async throws {
        let client = try JupyterServer.client(authenticated: false)
        let failure = await refusal { () async throws(EndpointError) in try await client.rootDirectory() }
        #expect(failure.status == 403)
        #expect(failure.message == "Forbidden")
    }
}
