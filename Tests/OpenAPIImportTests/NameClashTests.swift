@testable import EndpointGenCore
import Foundation
import Testing
import TestSupport

/// Generated code compiles whatever a document names things (issue 34 item 2): schemas named after every type the
/// generated code uses, Swift keywords as property and parameter names, an enum value `none` as an optional's default;
/// and importing the runtime leaves an app's own code as it was.
@Suite struct NameClashTests {
    /// The public types the runtime's sources declare at the top level.
    static func declaredRuntimeTypes() throws -> Set<String> {
        Set(try RuntimePublicAPI.declarations().filter { $0.isTopLevel && $0.declaresType }.compactMap(\.name))
    }

    @Test func theReservedNamesAreEveryPublicTypeOfTheRuntime() throws {
        let declared = try Self.declaredRuntimeTypes()
        #expect(declared.count > 50)
        #expect(declared.subtracting(GeneratedCodeNames.runtime).sorted() == [], "public runtime types a model could shadow")
        #expect(GeneratedCodeNames.runtime.subtracting(declared).sorted() == [], "names listed that the runtime no longer declares")
    }

    @Test func aDocumentNamingWhatTheGeneratedCodeUsesCompilesWithoutAWarning() throws {
        let taken = try Self.declaredRuntimeTypes().union(GeneratedCodeNames.swiftAndFoundation).sorted()
        let keywords = ["self", "Self", "Type", "Protocol", "init", "class", "default", "true", "nil", "Any", "in", "is", "as", "super",
                        "func", "let", "var", "import", "static", "subscript", "inout", "some", "any", "description", "hashValue"]
        var schemas = taken.map { "    \($0): { type: object, properties: { id: { type: integer } } }" }
        let members = keywords.map { "\"\($0)\": { type: integer }" }.joined(separator: ", ")
        schemas.append("    Keywords: { type: object, required: [ok], properties: { ok: { type: boolean }, \(members) } }")
        schemas.append("    Sticky: { type: string, enum: [none, some, cookies] }")
        schemas.append("""
                Balancer:
                  type: object
                  properties:
                    sticky: { allOf: [{ $ref: '#/components/schemas/Sticky' }], default: none }
                    fallback: { allOf: [{ $ref: '#/components/schemas/Sticky' }], default: some }
            """)
        let references = (taken + ["Keywords", "Balancer"]).map { "\"p\($0)\": { $ref: '#/components/schemas/\($0)' }" }.joined(separator: ", ")
        let queries = ["self", "Type", "init", "in", "default"].map { "{ name: \"\($0)\", in: query, schema: { type: integer } }" }
        let document = """
            openapi: 3.0.3
            info: { title: Names, version: '1' }
            servers: [{ url: 'https://api.example.com' }]
            paths:
              /all:
                post:
                  operationId: all
                  parameters: [\(queries.joined(separator: ", "))]
                  requestBody:
                    content: { application/json: { schema: { type: object, properties: { \(members) } } } }
                  responses:
                    '200':
                      description: OK
                      content: { application/json: { schema: { type: object, properties: { \(references) } } } }
            components:
              schemas:
            \(schemas.joined(separator: "\n"))
            """
        let fixture = try ImportFixture(document)
        let result = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            import EndpointRuntime
            // An app's own code beside the runtime: nothing the runtime adds to standard types makes it ambiguous.
            let numbers = ["1", "x"].compactMap(Int.init)
            let links = Keywords(ok: true, self: 3, init: 4)
            let balancer = Balancer()
            let sticky: Sticky? = balancer.sticky
            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "")
        let generated = try Generator().generate(fixture.spec, specPath: "api.yaml").files.map(\.contents).joined()
        #expect(generated.contains("struct ClientSettingsModel"))
        #expect(generated.contains("sticky: Sticky? = Sticky.none"))
    }
}
