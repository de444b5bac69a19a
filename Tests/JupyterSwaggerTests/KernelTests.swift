import EndpointRuntime
import Foundation
import JupyterSwaggerAPI
import Testing

/// Sessions and kernels, started from the kernel spec `idle` that `Tests/run.sh` gives the server.
@Suite(.enabled(if: JupyterSwaggerServer.available, JupyterSwaggerServer.why), .timeLimit(.minutes(5)))
struct SwaggerKernelTests {
    @Test func aStartedKernelIsListedUntilItIsShutDown() async throws {
        let client = try JupyterSwaggerServer.client()
        let kernel = try await client.postApiKernels(name: "idle")
        #expect(kernel.name == "idle")
        let listed = try await client.getApiKernels().first { $0.id == kernel.id }
        #expect(listed?.name == "idle")
        #expect(listed?.lastActivity != nil)
        #expect(try await client.getApiKernelsKernelId(kernelId: kernel.id).id == kernel.id)
        _ = try await client.deleteApiKernelsKernelId(kernelId: kernel.id)
        #expect(try await !client.getApiKernels().contains { $0.id == kernel.id })
    }

    /// The document's session body is its `Session` model, whose `kernel` is a `Kernel` with a required `id`: the
    /// session names a kernel started first, by spec name and id. Foundation writes a UUID in JSON in upper case, and
    /// Jupyter, which keeps ids as lower-case text, does not find that kernel: it starts the session's own kernel,
    /// under the id as sent (path parameters go in lower case). Both are the same `UUID` to Swift, so both go before
    /// the kernel counts as gone.
    @Test func aSessionIsListedWithItsKernelUntilItIsDeleted() async throws {
        let client = try JupyterSwaggerServer.client()
        let folder = try await JupyterSwaggerServer.folder(client)
        let started = try await client.postApiKernels(name: "idle")
        let session = try await client.postApiSessions(path: "\(folder)/notes.txt", name: "notes", type: "file", kernel: started)
        #expect(session.path == "\(folder)/notes.txt")
        let kernel = try #require(session.kernel)
        #expect(kernel.name == "idle")
        let id = try #require(session.id)

        let listed = try await client.getApiSessions().first { $0.id == id }
        #expect(listed?.path == "\(folder)/notes.txt")
        #expect(listed?.kernel?.id == kernel.id)
        #expect(try await client.getApiSessionsSession(session: id).name == "notes")
        #expect(try await client.getApiKernels().contains { $0.id == kernel.id })

        _ = try await client.deleteApiSessionsSession(session: id)
        #expect(try await !client.getApiSessions().contains { $0.id == id })
        // The kernel started first, unless the session took it (then it is gone already).
        _ = try? await client.deleteApiKernelsKernelId(kernelId: started.id)
        #expect(try await !client.getApiKernels().contains { $0.id == kernel.id })
    }
}
