import Foundation
import Testing
import TestSupport

/// `endpointgen generate a.yaml b.yaml`: documents whose clients have one name make one client, as a user runs it.
@Suite struct MultiDocumentCommandTests {
    static func document(path: String, operation: String, members: String) -> String {
        """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: "https://shop.example.com" }]
        paths:
          \(path):
            get:
              operationId: \(operation)
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Meta' } } } } }
        components:
          schemas:
            Meta: { type: object, properties: { \(members) } }
        """
    }

    /// Runs `endpointgen` in a fresh folder holding `a.yaml` and `b.yaml`.
    func run(b members: String = "name: { type: string }, cluster: { type: string }", _ arguments: String...) throws
        -> (status: Int32, output: String, errors: String, folder: URL)
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-documents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.document(path: "/a", operation: "listA", members: "name: { type: string }").utf8).write(to: folder.appendingPathComponent("a.yaml"))
        try Data(Self.document(path: "/b", operation: "listB", members: members).utf8).write(to: folder.appendingPathComponent("b.yaml"))
        let result = try ProcessRunner.endpointgen(arguments, in: folder)
        return (result.status, result.output, result.errors, folder)
    }

    @Test func twoDocumentsOfOneTitleMakeOneClientAndTheSummarySaysSo() throws {
        let result = try run("generate", "a.yaml", "b.yaml", "--output", "Generated", "--split", "never")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Shop: one client made of a.yaml, b.yaml"))
        let client = try String(contentsOf: result.folder.appendingPathComponent("Generated/Shop/ShopClient.swift"), encoding: .utf8)
        #expect(client.contains("func listA(") && client.contains("func listB("))
        let models = try String(contentsOf: result.folder.appendingPathComponent("Generated/Shop/ShopModels.swift"), encoding: .utf8)
        #expect(models.components(separatedBy: "public struct Meta").count == 2)
        #expect(models.contains("public var cluster: String?"))
        let lint = try run("lint", "a.yaml", "b.yaml")
        #expect(lint.status == 0)
        #expect(lint.output.contains("Shop: one client made of a.yaml, b.yaml"))
    }

    @Test func nameNamesTheOneClientOfSeveralDocuments() throws {
        let result = try run("generate", "a.yaml", "b.yaml", "--output", "Generated", "--name", "Store", "--quiet")
        #expect(result.status == 0, "\(result.errors)")
        #expect(FileManager.default.fileExists(atPath: result.folder.appendingPathComponent("Generated/Store/StoreClient.swift").path))
        #expect(!FileManager.default.fileExists(atPath: result.folder.appendingPathComponent("Generated/Shop").path))
    }

    @Test func aModelOfAnotherShapeIsALocatedErrorAndNothingIsWritten() throws {
        for command in ["generate", "check", "lint"] {
            let arguments = command == "lint" ? [command, "a.yaml", "b.yaml"] : [command, "a.yaml", "b.yaml", "--output", "Generated"]
            let folder = try run(b: "name: { type: integer }", "--version").folder
            let result = try ProcessRunner.endpointgen(arguments, in: folder)
            #expect(result.status == 1, "\(command)")
            #expect(result.errors.contains("b.yaml:11:41: error: model 'Meta' of b.yaml differs from the one of a.yaml (member 'name' differs: Int? here, String? there)"), "\(command): \(result.errors)")
            #expect(result.errors.contains("a.yaml:11:41: note: the other 'Meta' is defined here"), "\(command)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
        }
    }
}
