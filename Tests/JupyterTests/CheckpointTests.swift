import EndpointRuntime
import Foundation
import JupyterAPI
import Testing

/// A file's checkpoints: create, list, restore, delete.
@Suite(.enabled(if: JupyterServer.available, JupyterServer.why), .timeLimit(.minutes(5)))
struct CheckpointTests {
    @Test func aCheckpointRestoresTheFileAndIsDeleted() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        let path = "\(folder)/draft.txt"
        _ = try await client.saveFile(path: path, content: "version 1")
        #expect(try await client.checkpoints(path: path).isEmpty)

        let checkpoint = try await client.createCheckpoint(path: path)
        #expect(try await client.checkpoints(path: path) == [checkpoint])

        _ = try await client.saveFile(path: path, content: "version 2")
        #expect(try await client.file(path: path).content == "version 2")
        try await client.restoreCheckpoint(path: path, checkpointID: checkpoint.id)
        #expect(try await client.file(path: path).content == "version 1")

        try await client.deleteCheckpoint(path: path, checkpointID: checkpoint.id)
        #expect(try await client.checkpoints(path: path).isEmpty)
    }
}
