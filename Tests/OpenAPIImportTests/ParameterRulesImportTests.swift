import EndpointGenCore
import EndpointSpec
import Foundation
import OpenAPIImport
import Testing

/// What a document states of a parameter beyond its type becomes the spec's rules, which the client checks, and
/// only that (issue 34 item 7): an empty required string stays a valid argument unless the document says otherwise.
@Suite struct ParameterRulesImportTests {
    static let paths = """
          /rooms/{roomId}/state/{stateKey}:
            put:
              operationId: setState
              parameters:
                - { name: roomId, in: path, required: true, schema: { type: string, minLength: 1 } }
                - { name: stateKey, in: path, required: true, schema: { type: string } }
                - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 200 } }
                - { name: ratio, in: query, schema: { type: number, minimum: 0, exclusiveMinimum: true, maximum: 1 } }
                - { name: ids, in: query, schema: { type: array, items: { type: integer }, minItems: 1, maxItems: 5 } }
                - { name: X-Pin, in: header, schema: { $ref: '#/components/schemas/Pin' } }
                - { name: odd, in: query, schema: { type: string, pattern: '[a-' } }
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema: { type: object, required: [name], properties: { name: { type: string, minLength: 2, maxLength: 20 } } }
              responses: { '204': { description: done } }
        """

    @Test func theDocumentsRulesBecomeTheParametersRulesAndOnlyThose() throws {
        let fixture = try ImportFixture(document(paths: Self.paths, components: "  schemas:\n    Pin: { type: string, pattern: '^[0-9]{4}$' }"))
        let rules = Dictionary(uniqueKeysWithValues: try #require(fixture.endpoint("setState")).parameters.map { ($0.wireName, $0.rules) })
        #expect(rules["roomId"] == ParameterRules(minLength: 1))
        #expect(rules["stateKey"]?.isEmpty == true)
        #expect(rules["limit"] == ParameterRules(minimum: .int(1), maximum: .int(200)))
        #expect(rules["ratio"] == ParameterRules(maximum: .int(1), exclusiveMinimum: .int(0)))
        #expect(rules["ids"] == ParameterRules(minItems: 1, maxItems: 5))
        #expect(rules["X-Pin"] == ParameterRules(pattern: "^[0-9]{4}$"))
        #expect(rules["name"] == ParameterRules(minLength: 2, maxLength: 20))
        #expect(rules["odd"]?.isEmpty == true)
        #expect(fixture.warnings.contains { $0.contains("the pattern of the parameter 'odd' of operation 'setState'") && $0.contains("it is not checked") })
        // The written spec states them, and loads back to the same rules.
        let written = try SpecLoader.load(text: SpecWriter.yaml(fixture.spec), path: "api.yaml") { _ in throw NoSuchFile() }.spec
        #expect(written.endpoints.first { $0.name == "setState" }?.parameters.map(\.rules) == fixture.endpoint("setState")?.parameters.map(\.rules))
    }

    @Test func openAPI31sExclusiveBoundsAreNumbers() throws {
        let fixture = try ImportFixture(document(paths: """
              /things:
                get:
                  operationId: things
                  parameters: [{ name: score, in: query, schema: { type: number, exclusiveMinimum: 0, exclusiveMaximum: 10.5 } }]
                  responses: { '204': { description: done } }
            """).replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: 3.1.0"))
        #expect(fixture.endpoint("things")?.parameters.first?.rules == ParameterRules(exclusiveMinimum: .int(0), exclusiveMaximum: .double(10.5)))
    }

    @Test func theGeneratedClientChecksTheRulesAndAcceptsAnEmptyKey() throws {
        let fixture = try ImportFixture(document(paths: Self.paths, components: "  schemas:\n    Pin: { type: string, pattern: '^[0-9]{4}$' }"))
        let generated = try Generator().generate(fixture.spec, specPath: "api.yaml").files.map(\.contents).joined()
        #expect(generated.contains(#"rules: [.length("roomId", roomId, min: 1), .bounds("limit", limit, min: 1, max: 200), "#))
        #expect(generated.contains(#".pattern("xPin", xPin, "^[0-9]{4}$")"#))
        #expect(!generated.contains(#""stateKey", stateKey"#))
        let result = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "")
    }
}
