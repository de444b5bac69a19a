import EndpointRuntime
import Foundation
import JupyterAPI
import Testing

/// Files and folders through the generated client against live Jupyter Server: each test works in a folder of its
/// own, so every path it sends holds a `/` (sent as `%2F` in one segment, which Jupyter's router decodes).
@Suite(.enabled(if: JupyterServer.available, JupyterServer.why), .timeLimit(.minutes(5)))
struct ContentsTests {
    @Test func theVersionNeedsNoToken() async throws {
        let client = try JupyterServer.client(authenticated: false)
        #expect(try await client.version().version == "2.21.1")
    }

    @Test func textRoundTrips() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let text = "Grüße, 世界 🌍\nline two\ttabbed\n"
        let saved = try await client.saveFile(path: "\(folder)/notes.txt", content: text)
        #expect(saved.path == "\(folder)/notes.txt")
        #expect(saved.type == .file)
        #expect(saved.size == text.utf8.count)
        let file = try await client.file(path: "\(folder)/notes.txt")
        #expect(file.content == text)
        #expect(file.format == .text)
        #expect(file.name == "notes.txt")
    }

    @Test func bytesRoundTripInBase64() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let bytes = Data((0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init))
        let saved = try await client.saveFile(path: "\(folder)/bytes.bin", content: bytes.base64EncodedString(), format: .base64)
        #expect(saved.size == bytes.count)
        let file = try await client.file(path: "\(folder)/bytes.bin", format: .base64)
        #expect(file.format == .base64)
        // Jupyter breaks base64 into lines.
        #expect(Data(base64Encoded: file.content, options: .ignoreUnknownCharacters) == bytes)

        // Text comes as base64 too when asked (without a format, Jupyter sends what decodes as UTF-8 as text).
        _ = try await client.saveFile(path: "\(folder)/hello.txt", content: "hello")
        let text = try await client.file(path: "\(folder)/hello.txt", format: .base64)
        #expect(text.format == .base64)
        #expect(Data(base64Encoded: text.content, options: .ignoreUnknownCharacters) == Data("hello".utf8))
    }

    /// Create (untitled), save, read, rename, read under the new name, delete: the whole life of a file.
    @Test func theWholeContentsRoundTrip() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let created = try await client.createUntitled(path: folder, ext: ".txt")
        #expect(created.path == "\(folder)/untitled.txt")
        #expect(created.size == 0)
        #expect(try await client.file(path: created.path).content == "")

        _ = try await client.saveFile(path: created.path, content: "first draft")
        #expect(try await client.file(path: created.path).content == "first draft")

        let renamed = try await client.rename(path: created.path, newPath: "\(folder)/final.txt")
        #expect(renamed.path == "\(folder)/final.txt")
        #expect(renamed.name == "final.txt")
        #expect(try await client.file(path: "\(folder)/final.txt").content == "first draft")
        await #expect(throws: EndpointError.self) { try await client.file(path: created.path) }

        let copy = try await client.copy(path: folder, copyFrom: "\(folder)/final.txt")
        #expect(copy.path == "\(folder)/final-Copy1.txt")
        #expect(try await client.file(path: copy.path).content == "first draft")

        try await client.delete(path: "\(folder)/final.txt")
        await #expect(throws: EndpointError.self) { try await client.file(path: "\(folder)/final.txt") }
        #expect(try await client.directory(path: folder).content.map(\.name) == ["final-Copy1.txt"])
    }

    @Test func aDirectoryListsItsEntries() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        _ = try await client.saveFile(path: "\(folder)/a.txt", content: "a")
        _ = try await client.saveFile(path: "\(folder)/b.txt", content: "bb")
        _ = try await client.createDirectory(path: "\(folder)/sub")
        let untitled = try await client.createUntitled(path: "\(folder)/sub", type: .directory)
        #expect(untitled.path == "\(folder)/sub/Untitled Folder")

        let listing = try await client.directory(path: folder)
        #expect(listing.path == folder)
        let entries = listing.content.sorted { $0.name < $1.name }
        #expect(entries.map(\.name) == ["a.txt", "b.txt", "sub"])
        #expect(entries.map(\.type) == [.file, .file, .directory])
        #expect(entries.map(\.size) == [1, 2, nil])
        #expect(try await client.directory(path: "\(folder)/sub").content.map(\.path) == ["\(folder)/sub/Untitled Folder"])

        let root = try await client.rootDirectory()
        #expect(root.path == "")
        #expect(root.content.contains { $0.name == folder && $0.type == .directory })
    }

    /// Characters that mean something in a URL (`#`, `?`, `%`, `&`, `+`, blanks) and non-ASCII ones reach Jupyter
    /// as the name they are, in a folder whose own name has a blank.
    @Test func pathsKeepEveryCharacter() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let path = "\(folder)/my dir/ünï #1 ?100% a&b+c.txt"
        _ = try await client.createDirectory(path: "\(folder)/my dir")
        let saved = try await client.saveFile(path: path, content: "odd")
        #expect(saved.path == path)
        #expect(try await client.file(path: path).content == "odd")
        #expect(try await client.directory(path: "\(folder)/my dir").content.map(\.name) == ["ünï #1 ?100% a&b+c.txt"])
    }

    @Test func anUntitledFileInTheRootAndItsDeletion() async throws {
        let client = try JupyterServer.client()
        let created = try await client.createUntitledInRoot(ext: ".\(UUID().uuidString.prefix(8))")
        #expect(!created.path.contains("/"))
        #expect(try await client.rootDirectory().content.contains { $0.path == created.path })
        try await client.delete(path: created.path)
        #expect(try await !client.rootDirectory().content.contains { $0.path == created.path })
    }
}
