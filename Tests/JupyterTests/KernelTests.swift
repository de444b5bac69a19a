import EndpointRuntime
import Foundation
import JupyterAPI
import Testing

/// Sessions and kernels, started from the kernel spec `idle` that `Tests/run.sh` gives the server (its kernel sleeps).
@Suite(.enabled(if: JupyterServer.available, JupyterServer.why), .timeLimit(.minutes(5)))
struct KernelTests {
    @Test func aStartedKernelIsListedUntilItIsShutDown() async throws {
        let client = try JupyterServer.client()
        let kernel = try await client.startKernel(name: "idle")
        #expect(kernel.name == "idle")
        let listed = try await client.kernels().first { $0.id == kernel.id }
        #expect(listed?.name == "idle")
        #expect(listed?.lastActivity != nil)
        try await client.shutdownKernel(kernelID: kernel.id)
        #expect(try await !client.kernels().contains { $0.id == kernel.id })
    }

    @Test func aSessionIsListedWithItsKernelUntilItIsDeleted() async throws {
        let client = try JupyterServer.client()
        let folder = try await JupyterServer.folder(client)
        _ = try await client.saveFile(path: "\(folder)/notes.txt", content: "notes")
        let session = try await client.createSession(path: "\(folder)/notes.txt", name: "notes", type: "file", kernel: KernelChoice(name: "idle"))
        #expect(session.path == "\(folder)/notes.txt")
        let kernel = try #require(session.kernel)
        #expect(kernel.name == "idle")

        let listed = try await client.sessions().first { $0.id == session.id }
        #expect(listed?.path == "\(folder)/notes.txt")
        #expect(listed?.kernel?.id == kernel.id)
        #expect(try await client.kernels().contains { $0.id == kernel.id })

        try await client.deleteSession(sessionID: session.id)
        #expect(try await !client.sessions().contains { $0.id == session.id })
        #expect(try await !client.kernels().contains { $0.id == kernel.id })
    }
}
