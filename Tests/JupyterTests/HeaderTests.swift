import EndpointRuntime
import Foundation
import JupyterAPI
import Testing

/// Response headers read through the response-metadata API (`EndpointClient.response(for:)`).
@Suite(.enabled(if: JupyterServer.available, JupyterServer.why))
struct HeaderTests {
    @Test func creatingAFileAnswers201WithItsLocation() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let response = try await client.client.response(for: JupyterEndpoints.createUntitled(path: folder))
        #expect(response.statusCode == 201)
        #expect(response.body.path == "\(folder)/untitled")
        #expect(response.header("Location") == "/api/contents/\(folder)/untitled")
        #expect(response.header("location") == response.header("LOCATION"))
    }

    @Test func aCheckpointsLocationNamesIt() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        _ = try await client.saveFile(path: "\(folder)/a.txt", content: "a")
        let response = try await client.client.response(for: JupyterEndpoints.createCheckpoint(path: "\(folder)/a.txt"))
        #expect(response.statusCode == 201)
        #expect(response.header("Location") == "/api/contents/\(folder)/a.txt/checkpoints/\(response.body.id)")
    }

    /// `Last-Modified` is the file's modification time to the second (HTTP dates have no fractions).
    @Test func aFileHasItsLastModifiedDate() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        _ = try await client.saveFile(path: "\(folder)/a.txt", content: "a")
        let response = try await client.client.response(for: JupyterEndpoints.file(path: "\(folder)/a.txt"))
        #expect(response.statusCode == 200)
        let header = try #require(response.header("Last-Modified"))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let date = try #require(formatter.date(from: header), "'\(header)' is not an HTTP date")
        let modified = response.body.lastModified
        #expect(date <= modified && modified.timeIntervalSince(date) < 1, "Last-Modified \(header), last_modified \(modified)")
    }
}
