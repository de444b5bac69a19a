import Foundation
import Testing
import TestSupport

/// An OpenAPI document's import options on the command line and in a config file (`--config`, what the build tool
/// plugin passes for `endpointgen-config.yaml`), run as a user runs them.
@Suite struct ConfigFileCommandTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Mini Pets, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /pets:
            post:
              operationId: addPet
              tags: [pets]
              requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
          /ping:
            get: { operationId: ping, tags: [health], responses: { '204': { description: Done } } }
        components:
          schemas:
            Pet: { type: object, required: [name], properties: { name: { type: string }, tag: { type: string } } }
        """

    /// Runs `endpointgen` in a fresh folder holding `openapi.yaml` and, when given, `endpointgen-config.yaml`.
    func run(config: String? = nil, _ arguments: String...) throws -> (status: Int32, output: String, errors: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.document.utf8).write(to: folder.appendingPathComponent("openapi.yaml"))
        if let config { try Data(config.utf8).write(to: folder.appendingPathComponent("endpointgen-config.yaml")) }
        let result = try ProcessRunner.endpointgen(arguments, in: folder)
        return (result.status, result.output, result.errors, folder)
    }

    func text(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func objectBodiesAreSpreadUnlessAnOptionSaysWhole() throws {
        let spread = try run("convert", "openapi.yaml", "--output", "Pets.yaml")
        let whole = try run("convert", "openapi.yaml", "--output", "Pets.yaml", "--no-spread-object-bodies")
        let configured = try run(config: "spreadsObjectBodies: false\n", "convert", "openapi.yaml", "--output", "Pets.yaml", "--config", "endpointgen-config.yaml")
        defer { [spread, whole, configured].forEach { try? FileManager.default.removeItem(at: $0.folder) } }
        #expect([spread.status, whole.status, configured.status] == [0, 0, 0])
        #expect(try !text("Pets.yaml", in: spread.folder).contains(#"body: { type: "Pet" }"#))
        #expect(try text("Pets.yaml", in: whole.folder).contains(#"body: { type: "Pet" }"#))
        #expect(try text("Pets.yaml", in: configured.folder) == text("Pets.yaml", in: whole.folder))
    }

    /// The config file names the client and its files, sets the access level and filters; the command line wins.
    @Test func aConfigFileNamesFiltersAndSetsTheAccessLevel() throws {
        let config = "name: Pets\naccess: internal\ninclude:\n  tags: [pets]\n"
        let result = try run(config: config, "generate", "openapi.yaml", "--output", "Generated", "--config", "endpointgen-config.yaml", "--quiet")
        defer { try? FileManager.default.removeItem(at: result.folder) }
        #expect(result.status == 0, "\(result.errors)")
        let client = try text("Generated/Pets/PetsClient.swift", in: result.folder)
        #expect(client.contains("\nstruct PetsClient: PetsClientProtocol {"))
        #expect(client.contains("func addPet(") && !client.contains("func ping("))

        let overridden = try run(config: config, "generate", "openapi.yaml", "--output", "Generated", "--config", "endpointgen-config.yaml", "--access", "public", "--name", "Shop", "--quiet")
        defer { try? FileManager.default.removeItem(at: overridden.folder) }
        #expect(try text("Generated/Shop/ShopClient.swift", in: overridden.folder).contains("\npublic struct ShopClient: ShopClientProtocol {"))
    }

    @Test func aConfigFilesMistakesAreLocated() throws {
        let result = try run(config: "name: Pets\nacces: internal\nspreadsObjectBodies: no\n", "lint", "openapi.yaml", "--config", "endpointgen-config.yaml")
        defer { try? FileManager.default.removeItem(at: result.folder) }
        #expect(result.status == 1)
        #expect(result.errors == """
            endpointgen-config.yaml:2:1: error: unknown key 'acces' in a config file; did you mean 'access'?
            acces: internal
            ^~~~~
            endpointgen-config.yaml:3:22: error: 'spreadsObjectBodies' must be true or false, not 'no'
            spreadsObjectBodies: no
                                 ^~
            2 errors; nothing was written

            """)
    }
}
