import Diagnostics
import EndpointSpec
import OpenAPIImport
import Testing

/// Several documents of one API made one client (`mergeSpecs`): what two documents both define is kept once, objects
/// that differ only by members one lacks are united, and what cannot be one type is a located error.
struct MergeSpecsTests {
    /// A document titled Shop with `paths` and `schemas` (YAML, indented for their places), imported as `path`.
    static func document(_ path: String, paths: String, schemas: String) throws -> (path: String, spec: Spec) {
        let text = """
            openapi: 3.0.3
            info: { title: Shop, version: '1' }
            servers: [{ url: 'https://shop.example.com' }]
            paths:
            \(paths)
            components:
              schemas:
            \(schemas)
            """
        return (path, try OpenAPIImporter.load(text: text, path: path) { _ in "" }.spec)
    }

    static func paths(_ operation: String, _ path: String) -> String {
        """
          \(path):
            get:
              operationId: \(operation)
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Meta' } } } }
        """
    }

    static let meta = """
            Meta:
              type: object
              required: [name]
              properties:
                name: { type: string }
        """

    @Test func identicalModelsAreKeptOnceAndEndpointsUnited() throws {
        let a = try Self.document("a.yaml", paths: Self.paths("listA", "/a"), schemas: Self.meta)
        let b = try Self.document("b.yaml", paths: Self.paths("listB", "/b"), schemas: Self.meta)
        let (merged, diagnostics) = mergeSpecs([a, b])
        #expect(diagnostics.isEmpty)
        #expect(merged.endpoints.map(\.name) == ["listA", "listB"])
        #expect(merged.models.filter { $0.name == "Meta" }.count == 1)
    }

    @Test func membersOneDocumentLacksAreUnitedARequiredOneMadeOptional() throws {
        let a = try Self.document("a.yaml", paths: Self.paths("listA", "/a"), schemas: Self.meta)
        let b = try Self.document("b.yaml", paths: Self.paths("listB", "/b"), schemas: """
                Meta:
                  type: object
                  required: [name, cluster]
                  properties:
                    name: { type: string }
                    cluster: { type: string }
            """)
        let (merged, diagnostics) = mergeSpecs([a, b])
        guard case .object(let members)? = merged.model(named: "Meta")?.kind else { Issue.record("no object Meta"); return }
        #expect(members.map(\.name) == ["name", "cluster"])
        #expect(members.map(\.type) == [.string, .optional(.string)])
        #expect(diagnostics.map(\.headline) == [
            "b.yaml:\(members[1].location.line):\(members[1].location.column): warning: member 'cluster' of model 'Meta' is required in b.yaml"
                + " but a.yaml has no such member; it is optional in the merged client",
        ])
    }

    @Test func aMemberOfAnotherTypeIsALocatedErrorWithANoteAtTheOther() throws {
        let a = try Self.document("a.yaml", paths: Self.paths("listA", "/a"), schemas: Self.meta)
        let b = try Self.document("b.yaml", paths: Self.paths("listB", "/b"), schemas: """
                Meta:
                  type: object
                  required: [name]
                  properties:
                    name: { type: integer }
            """)
        let (_, diagnostics) = mergeSpecs([a, b])
        #expect(diagnostics.count == 1)
        let error = try #require(diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.headline.hasPrefix("b.yaml:"))
        #expect(error.message == "model 'Meta' of b.yaml differs from the one of a.yaml (member 'name' differs: Int here, String there);"
            + " one client cannot hold both; give the documents different client names (--name, or the file names' first part for the"
            + " build tool plugin) to keep them apart")
        #expect(error.notes.map(\.headline).first?.hasPrefix("a.yaml:") == true)
        #expect(error.notes.first?.message == "the other 'Meta' is defined here")
    }

    @Test func twoEndpointsOfOneNameThatDifferAreAnErrorUnlessIdentical() throws {
        let a = try Self.document("a.yaml", paths: Self.paths("list", "/a"), schemas: Self.meta)
        let same = try Self.document("b.yaml", paths: Self.paths("list", "/a"), schemas: Self.meta)
        #expect(mergeSpecs([a, same]).diagnostics.isEmpty)
        #expect(mergeSpecs([a, same]).spec.endpoints.count == 1)
        let other = try Self.document("b.yaml", paths: Self.paths("list", "/b"), schemas: Self.meta)
        let diagnostics = mergeSpecs([a, other]).diagnostics
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.message.hasPrefix("endpoint 'list' of b.yaml differs from the one of a.yaml (GET /b, there GET /a)") == true)
        #expect(diagnostics.first?.location?.file == "b.yaml")
        #expect(diagnostics.first?.notes.first?.location?.file == "a.yaml")
    }

    @Test func aDifferentServerIsTheFirstDocumentsWithALocatedWarning() throws {
        let a = try Self.document("a.yaml", paths: Self.paths("listA", "/a"), schemas: Self.meta)
        var b = try Self.document("b.yaml", paths: Self.paths("listB", "/b"), schemas: Self.meta)
        b.spec.server.host = "other.example.com"
        let (merged, diagnostics) = mergeSpecs([a, b])
        #expect(merged.server.host == "shop.example.com")
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message == "the server (https://other.example.com) of b.yaml differs from the first document's, which the merged client keeps")
        #expect(diagnostics.first?.location?.file == "b.yaml")
    }
}
