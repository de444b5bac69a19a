import EndpointRuntime
import Foundation
import JupyterSwaggerAPI
import Testing

/// The scenarios of Tests/JupyterTests (files, folders, checkpoints, refusals, headers), through the client generated
/// from the Swagger 2.0 document Jupyter Server ships.
@Suite(.enabled(if: JupyterSwaggerServer.available, JupyterSwaggerServer.why), .timeLimit(.minutes(5)))
struct SwaggerContentsTests {
    @Test func theVersionNeedsNoToken() async throws {
        let client = try JupyterSwaggerServer.client(authenticated: false)
        #expect(try await client.getApi().version == "2.21.1")
    }

    @Test func textRoundTrips() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        let text = "Grüße, 世界 🌍\nline two\ttabbed\n"
        let saved = try await JupyterSwaggerServer.disagreement(at: "content", status: 201) { () async throws(EndpointError) in
            try await client.putApiContentsPath(pathPath: "\(folder)/notes.txt", type: "file", format: "text", content: text)
        }
        #expect(saved["path"] as? String == "\(folder)/notes.txt")
        #expect(saved["size"] as? Int == text.utf8.count)
        // A file read with its content is what the document says it is.
        let file = try await client.getApiContentsPath(path: "\(folder)/notes.txt", type: .file)
        #expect(file.content == text)
        #expect(file.format == "text")
        #expect(file.type == .file)
        #expect(file.name == "notes.txt")
        #expect(file.mimetype == "text/plain")
    }

    @Test func bytesRoundTripInBase64() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        let bytes = Data((0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init))
        _ = try await JupyterSwaggerServer.disagreement(at: "content", status: 201) { () async throws(EndpointError) in
            try await client.putApiContentsPath(pathPath: "\(folder)/bytes.bin", type: "file", format: "base64", content: bytes.base64EncodedString())
        }
        let file = try await client.getApiContentsPath(path: "\(folder)/bytes.bin", format: .base64)
        #expect(file.format == "base64")
        #expect(file.size == bytes.count)
        #expect(Data(base64Encoded: file.content, options: .ignoreUnknownCharacters) == bytes)
    }

    /// Create (untitled), save, read, rename, read under the new name, copy, delete: the whole life of a file.
    @Test func theWholeContentsRoundTrip() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        let created = try await JupyterSwaggerServer.disagreement(at: "content", status: 201) { () async throws(EndpointError) in
            try await client.postApiContentsPath(path: folder, ext: ".txt")
        }
        let path = try #require(created["path"] as? String)
        #expect(path == "\(folder)/untitled.txt")
        #expect(try await client.getApiContentsPath(path: path).content == "")

        _ = try await JupyterSwaggerServer.disagreement(at: "content", status: 200) { () async throws(EndpointError) in
            try await client.putApiContentsPath(pathPath: path, type: "file", format: "text", content: "first draft")
        }
        #expect(try await client.getApiContentsPath(path: path).content == "first draft")

        let renamed = try await JupyterSwaggerServer.disagreement(at: "content", status: 200) { () async throws(EndpointError) in
            try await client.patchApiContentsPath(pathPath: path, bodyPath: "\(folder)/final.txt")
        }
        #expect(renamed["name"] as? String == "final.txt")
        #expect(try await client.getApiContentsPath(path: "\(folder)/final.txt").content == "first draft")
        await #expect(throws: EndpointError.self) { try await client.getApiContentsPath(path: path) }

        let copy = try await JupyterSwaggerServer.disagreement(at: "content", status: 201) { () async throws(EndpointError) in
            try await client.postApiContentsPath(path: folder, copyFrom: "\(folder)/final.txt")
        }
        #expect(copy["path"] as? String == "\(folder)/final-Copy1.txt")
        #expect(try await client.getApiContentsPath(path: "\(folder)/final-Copy1.txt").content == "first draft")

        _ = try await client.deleteApiContentsPath(path: "\(folder)/final.txt")
        await #expect(throws: EndpointError.self) { try await client.getApiContentsPath(path: "\(folder)/final.txt") }
        // A folder's `content` is its entries, an array where the document says a string (its null `mimetype` comes first).
        let listing = try await JupyterSwaggerServer.disagreement(at: "mimetype", status: 200) { () async throws(EndpointError) in
            try await client.getApiContentsPath(path: folder, type: .directory)
        }
        let entries = try #require(listing["content"] as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == ["final-Copy1.txt"])
    }

    /// Characters that mean something in a URL and non-ASCII ones reach Jupyter as the name they are.
    @Test func pathsKeepEveryCharacter() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        let path = "\(folder)/ünï #1 ?100% a&b+c.txt"
        _ = try await JupyterSwaggerServer.disagreement(at: "content", status: 201) { () async throws(EndpointError) in
            try await client.putApiContentsPath(pathPath: path, type: "file", format: "text", content: "odd")
        }
        let file = try await client.getApiContentsPath(path: path)
        #expect(file.path == path)
        #expect(file.content == "odd")
    }

    @Test func aCheckpointRestoresTheFileAndIsDeleted() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        let path = "\(folder)/draft.txt"
        func save(_ text: String, status: Int) async throws {
            _ = try await JupyterSwaggerServer.disagreement(at: "content", status: status) { () async throws(EndpointError) in
                try await client.putApiContentsPath(pathPath: path, type: "file", format: "text", content: text)
            }
        }
        try await save("version 1", status: 201)
        #expect(try await client.getApiContentsPathCheckpoints(path: path).isEmpty)

        let checkpoint = try await client.postApiContentsPathCheckpoints(path: path)
        #expect(try await client.getApiContentsPathCheckpoints(path: path) == [checkpoint])

        try await save("version 2", status: 200)
        #expect(try await client.getApiContentsPath(path: path).content == "version 2")
        _ = try await client.postApiContentsPathCheckpointsCheckpointId(path: path, checkpointId: checkpoint.id)
        #expect(try await client.getApiContentsPath(path: path).content == "version 1")

        _ = try await client.deleteApiContentsPathCheckpointsCheckpointId(path: path, checkpointId: checkpoint.id)
        #expect(try await client.getApiContentsPathCheckpoints(path: path).isEmpty)
    }

    /// The `Location` and `Last-Modified` the document declares, read through the `…WithResponse` variants.
    @Test func declaredResponseHeadersAreRead() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        _ = try await JupyterSwaggerServer.disagreement(at: "content", status: 201) { () async throws(EndpointError) in
            try await client.putApiContentsPath(pathPath: "\(folder)/a.txt", type: "file", format: "text", content: "a")
        }
        let checkpoint = try await client.postApiContentsPathCheckpointsWithResponse(path: "\(folder)/a.txt")
        #expect(checkpoint.statusCode == 201)
        #expect(checkpoint.declared.location?.relativeString == "/api/contents/\(folder)/a.txt/checkpoints/\(checkpoint.body.id)")
        // `format: dateTime` is not a format EndpointGen knows, so the header is the text, e.g. `Tue, 01 Dec 2026 12:00:00 GMT`.
        let file = try await client.getApiContentsPathWithResponse(path: "\(folder)/a.txt")
        #expect(file.declared.lastModified?.hasSuffix(" GMT") == true)
        #expect(file.declared.lastModified == file.header("Last-Modified"))
    }
}

/// Jupyter's refusals reach the caller as `.unacceptableStatus` with the server's own words (from `message`, or the
/// plain-text body of a missing path's 404).
@Suite(.enabled(if: JupyterSwaggerServer.available, JupyterSwaggerServer.why), .timeLimit(.minutes(5)))
struct SwaggerFailureTests {
    @Test func aMissingFileIs404WithThePlainTextMessage() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        let error = await #expect(throws: EndpointError.self) { try await client.getApiContentsPath(path: "\(folder)/nope.txt") }
        #expect(error?.failureReason == "The server answered 404: file or directory '/\(folder)/nope.txt' does not exist")
    }

    @Test func renamingOntoAnExistingFileIs409() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        for name in ["a", "b"] {
            _ = try await JupyterSwaggerServer.disagreement(at: "content", status: 201) { () async throws(EndpointError) in
                try await client.putApiContentsPath(pathPath: "\(folder)/\(name).txt", type: "file", format: "text", content: name)
            }
        }
        let error = await #expect(throws: EndpointError.self) {
            try await client.patchApiContentsPath(pathPath: "\(folder)/a.txt", bodyPath: "\(folder)/b.txt")
        }
        #expect(error?.failureReason == "The server answered 409: File already exists: \(folder)/b.txt")
        #expect(try await client.getApiContentsPath(path: "\(folder)/b.txt").content == "b")
    }

    @Test func withoutTheTokenIs403() async throws {
        let client = try JupyterSwaggerServer.client(authenticated: false)
        let error = await #expect(throws: EndpointError.self) { try await client.getApiKernels() }
        #expect(error?.failureReason == "The server answered 403: Forbidden")
    }
}
