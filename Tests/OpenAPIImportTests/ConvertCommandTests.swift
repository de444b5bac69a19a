import Foundation
import Testing
import TestSupport

/// `endpointgen convert` and `generate` on OpenAPI documents, run as a user runs them.
@Suite struct ConvertCommandTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Mini, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /ping:
            get:
              operationId: ping
              tags: [health]
              responses: { '200': { description: OK, content: { text/plain: { schema: { type: string } } } } }
          /pong:
            post: { operationId: pong, responses: { '204': { description: Done } } }
        """

    /// Runs `endpointgen` in a fresh folder holding `api.yaml`: exit status, stdout, stderr, and the folder.
    func run(_ arguments: String...) throws -> (status: Int32, output: String, errors: String, folder: URL) {
        try run(document: Self.document, arguments)
    }

    /// Runs `endpointgen` with `document` as `api.yaml`.
    func run(document: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(document.utf8).write(to: folder.appendingPathComponent("api.yaml"))
        try Data("name: Native\nserver: { host: a.com }\nendpoints: { ping: { GET: /ping } }\n".utf8).write(to: folder.appendingPathComponent("native.yaml"))
        let result = try ProcessRunner.endpointgen(arguments, in: folder)
        return (result.status, result.output, result.errors, folder)
    }

    @Test func convertWritesOurSpec() throws {
        let result = try run("convert", "api.yaml", "--output", "Mini.yaml")
        defer { try? FileManager.default.removeItem(at: result.folder) }
        #expect(result.status == 0)
        #expect(result.output == "wrote Mini.yaml (2 endpoints, 0 models)\n")
        #expect(try String(contentsOf: result.folder.appendingPathComponent("Mini.yaml"), encoding: .utf8) == """
            # Converted from api.yaml by endpointgen convert; edit freely.
            name: Mini
            version: "1"
            server: { scheme: https, host: "api.example.com" }
            endpoints:
              ping:
                GET: "/ping"
                response: String
              pong:
                POST: "/pong"

            """)
    }

    @Test func convertFiltersAndRefusesOtherSpecs() throws {
        let filtered = try run("convert", "api.yaml", "--output", "Mini.yaml", "--include-tag", "health")
        defer { try? FileManager.default.removeItem(at: filtered.folder) }
        #expect(filtered.output == "wrote Mini.yaml (1 endpoints, 0 models)\n")
        let native = try run("convert", "native.yaml", "--output", "x.yaml")
        defer { try? FileManager.default.removeItem(at: native.folder) }
        #expect(native.status == 1)
        #expect(native.errors == "error: 'native.yaml' is not an OpenAPI document (it has no top-level 'openapi' or 'swagger' key); convert reads OpenAPI 3.0 and 3.1 and Swagger 2.0\n1 error; nothing was written\n")
        let usage = try run("convert", "api.yaml", "native.yaml", "--output", "x.yaml")
        defer { try? FileManager.default.removeItem(at: usage.folder) }
        #expect(usage.status == 2)
        #expect(usage.errors == "error: convert takes exactly one OpenAPI document\n\nRun 'endpointgen convert --help' for usage.\n")
    }

    @Test func generateRecognisesOpenAPIDocuments() throws {
        let result = try run("generate", "api.yaml", "--output", "Generated")
        defer { try? FileManager.default.removeItem(at: result.folder) }
        #expect(result.status == 0)
        #expect(result.errors == "")
        // Named after the client (Mini, from info.title), not the document's file, so the file matches its type.
        let client = try String(contentsOf: result.folder.appendingPathComponent("Generated/Mini/MiniClient.swift"), encoding: .utf8)
        #expect(client.contains("public struct MiniClient: MiniClientProtocol {"))
    }

    /// A document with one operation left out and warnings of two kinds.
    static let warned = """
        openapi: 3.0.3
        info: { title: Warned API with extras, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /a:
            get:
              operationId: getA
              parameters: [{ name: q, in: query, schema: { oneOf: [{ type: object, additionalProperties: { type: string } }, { type: integer }] } }]
              responses: { '200': { description: OK, content: { application/json: { schema: { type: object, properties: { x: { oneOf: [{ type: object, additionalProperties: { type: string } }, { type: integer }] } } } } } } }
            post:
              operationId: postA
              requestBody: { required: true, content: { multipart/mixed: { schema: { type: string } } } }
              responses: { '204': { description: Done } }
        """

    @Test func lintAndGenerateEndTheImportWithTheSameWarningsAndASummary() throws {
        let lint = try run(document: Self.warned, ["lint", "api.yaml"])
        defer { try? FileManager.default.removeItem(at: lint.folder) }
        let generate = try run(document: Self.warned, ["generate", "api.yaml", "--output", "Generated"])
        defer { try? FileManager.default.removeItem(at: generate.folder) }
        #expect(lint.status == 0)
        #expect(generate.status == 0)
        let summary = "api.yaml: imported 1 of 2 operations (1 left out); 3 warnings: 2 untyped values, 1 request body\n"
        #expect(lint.output == "api.yaml: 1 endpoint, 1 model, 3 warnings\n" + summary)
        #expect(generate.output.hasPrefix(summary))
        #expect(lint.errors == generate.errors)
        #expect(lint.errors.components(separatedBy: "warning:").count == 4)
    }

    @Test func theNameOptionNamesTheClient() throws {
        let result = try run("generate", "api.yaml", "--output", "Generated", "--name", "Tiny", "--quiet")
        defer { try? FileManager.default.removeItem(at: result.folder) }
        #expect(result.status == 0)
        let client = try String(contentsOf: result.folder.appendingPathComponent("Generated/Tiny/TinyClient.swift"), encoding: .utf8)
        #expect(client.contains("public struct TinyClient: TinyClientProtocol {"))
        let bad = try run("lint", "api.yaml", "--name", "tiny-client")
        defer { try? FileManager.default.removeItem(at: bad.folder) }
        #expect(bad.status == 2)
        #expect(bad.errors == "error: --name must be a Swift type name such as Spotify, not 'tiny-client'; did you mean 'TinyClient'?\n\nRun 'endpointgen lint --help' for usage.\n")
        let native = try run("lint", "native.yaml", "--name", "Other")
        defer { try? FileManager.default.removeItem(at: native.folder) }
        #expect(native.status == 1)
        #expect(native.errors.hasPrefix("error: --name names the client of an OpenAPI document; 'native.yaml' is an EndpointGen spec, which names itself with 'name:'\n"))
    }
}
