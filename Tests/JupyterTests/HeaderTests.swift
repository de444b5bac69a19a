import EndpointRuntime
import Foundation
import JupyterAPI
import Testing

/// Response headers read through the generated `…WithResponse` variants, typed as `Specs/Jupyter.yaml` declares them.
@Suite(.enabled(if: JupyterServer.available, JupyterServer.why), .timeLimit(.minutes(5)))
struct HeaderTests {
    @Test func creatingAFileAnswers201WithItsLocation() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let response = try await client.createUntitledWithResponse(path: folder)
        #expect(response.statusCode == 201)
        #expect(response.body.path == "\(folder)/untitled")
        #expect(response.declared.location == "/api/contents/\(folder)/untitled")
        #expect(response.header("location") == response.header("LOCATION"))
    }

    @Test func aCheckpointsLocationNamesIt() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        _ = try await client.saveFile(path: "\(folder)/a.txt", content: "a")
        let response = try await client.createCheckpointWithResponse(path: "\(folder)/a.txt")
        #expect(response.statusCode == 201)
        #expect(response.declared.location == "/api/contents/\(folder)/a.txt/checkpoints/\(response.body.id)")
    }

    /// `Last-Modified` is the file's modification time to the second (HTTP dates have no fractions).
    @Test func aFileHasItsLastModifiedDate() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        _ = try await client.saveFile(path: "\(folder)/a.txt", content: "a")
        let response = try await client.fileWithResponse(path: "\(folder)/a.txt")
        #expect(response.statusCode == 200)
        // Parsed by the runtime from the IMF-fixdate text, e.g. `Tue, 01 Dec 2026 12:00:00 GMT`.
        let date = response.declared.lastModified
        let header = response.header("Last-Modified") ?? "none"
        let modified = response.body.lastModified
        #expect(date <= modified && modified.timeIntervalSince(date) < 1, "Last-Modified \(header), last_modified \(modified)")
    }
}
