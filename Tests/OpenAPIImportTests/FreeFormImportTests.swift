import EndpointSpec
import OpenAPIImport
import Testing

/// Free-form schemas (no type, `type: object` alone, `additionalProperties: true`) become `JSON` instead of being
/// left out, so no operation or required member is dropped for them.
@Suite struct FreeFormImportTests {
    @Test func freeFormObjectsAndUntypedSchemasBecomeJSON() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Tool' }", schemas: """
                Tool:
                  type: object
                  required: [name, parameters]
                  properties:
                    name: { type: string }
                    parameters: { type: object, description: A JSON schema. }
                    example: {}
                    labels: { type: object, additionalProperties: true }
                    extras: { type: object, additionalProperties: {} }
                    history: { type: array, items: { type: object } }
            """))
        #expect(fixture.propertyTypes("Tool") == [
            "name: String", "parameters: JSON", "example: JSON?", "labels: [String: JSON]?", "extras: [String: JSON]?", "history: [JSON]?",
        ])
        #expect(fixture.warnings.isEmpty)
    }

    /// A property that cannot be typed precisely (a `oneOf` of a map and an integer) is kept as `JSON`, with a warning.
    @Test func aPropertyThatCannotBeTypedIsKeptAsJSONWithAWarning() throws {
        let text = oneResponseDocument("{ $ref: '#/components/schemas/Thing' }", schemas: """
                Thing:
                  type: object
                  required: [value]
                  properties:
                    value: { oneOf: [{ type: object, additionalProperties: { type: string } }, { type: integer }] }
            """)
        let fixture = try ImportFixture(text)
        #expect(fixture.propertyTypes("Thing") == ["value: JSON"])
        #expect(fixture.warnings == [
            "api.yaml:21:9: warning: property 'value' of 'Thing' is a 'oneOf' of an object, an integer, which EndpointGen cannot type precisely; it is typed JSON",
        ])
        let summary = try OpenAPIImporter.importDocument(text: text, path: "api.yaml") { _ in throw NoSuchFile() }.summary
        #expect(summary.warnings.map { "\($0.count) \($0.kind)" } == ["1 untyped values"])
    }

    /// The generated client of a document with `JSON` members and a `JSON` body compiles without a warning.
    @Test func aClientWithJSONMembersCompilesWithoutWarnings() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /tools:
                patch:
                  operationId: patchTool
                  requestBody:
                    required: true
                    content: { application/merge-patch+json: { schema: { type: object } } }
                  responses:
                    '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Tool' } } } }
            """,
            components: """
              schemas:
                Tool:
                  type: object
                  properties: { parameters: { type: object }, labels: { type: object, additionalProperties: true } }
            """))
        let result = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml")
        #expect(result.status == 0)
        #expect(result.output == "")
    }
}
