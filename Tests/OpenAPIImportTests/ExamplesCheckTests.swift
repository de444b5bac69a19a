import EndpointSpec
import Foundation
import OpenAPIImport
import Testing
import TestSupport

/// The document's examples: what the import widens to take them, which examples are collected with which type, and
/// `endpointgen lint --check-examples`, which decodes them with the generated client's decoder.
@Suite struct ExamplesCheckTests {
    /// Twilio's habits in miniature: a number sent as a string, an empty URI, a required member left out, a
    /// `date-time` parameter whose examples are dates, a boolean parameter example written as text.
    static let widened = """
        openapi: 3.0.3
        info: { title: Calls, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /calls:
            get:
              operationId: listCalls
              parameters:
                - { name: StartTime, in: query, schema: { type: string, format: date-time }, examples: { day: { value: "2008-01-02" } } }
                - { name: Beta, in: query, schema: { type: boolean }, example: "true" }
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Call' }
                      examples:
                        one: { value: { sid: CA1, price: "-0.0025", callback: "", started: "2024-05-01T12:00:00Z" } }
        components:
          schemas:
            Call:
              type: object
              required: [sid, direction]
              properties:
                sid: { type: string }
                direction: { type: string }
                price: { type: number, nullable: true }
                callback: { type: string, format: uri }
                started: { type: string, format: date-time }
        """

    @Test func membersWhoseExamplesTheyRejectAreWidenedWithAWarning() throws {
        let fixture = try ImportFixture(Self.widened)
        let types = Dictionary(uniqueKeysWithValues: fixture.properties("Call").map { ($0.wireName, $0.type) })
        #expect(types["price"] == .optional(.string))
        #expect(types["callback"] == .optional(.string))
        #expect(types["direction"] == .optional(.string))
        #expect(types["sid"] == .string)
        #expect(types["started"] == .optional(.date))
        let parameters = Dictionary(uniqueKeysWithValues: (fixture.endpoint("listCalls")?.parameters ?? []).map { ($0.wireName, $0.type) })
        #expect(parameters["StartTime"] == .optional(.string))
        #expect(parameters["Beta"] == .optional(.bool))
        #expect(fixture.warnings.contains(
            "api.yaml:27:9: warning: property 'price' of 'Call' is declared a number but is the string '-0.0025' in the document's example at 18:31; it is typed 'String?' so that the API's own data decodes"))
        #expect(fixture.warnings.contains(
            "api.yaml:26:9: warning: property 'direction' of 'Call' is required but missing in the document's example at 18:31; it is typed 'String?' so that the API's own data decodes"))
        #expect(fixture.warnings.contains(
            "api.yaml:9:112: warning: the parameter 'StartTime' of operation 'listCalls' is declared a date-time but its example '2008-01-02' is not one; it is generated as a String, sent as written"))
    }

    /// A `date-time` example in a form servers write beside RFC 3339 (a blank for the `T`, no zone) is one the client
    /// reads (issue #34 item 9): the member stays a `Date`, without a warning; a date alone is not one, and widens it.
    @Test func dateTimeExamplesInTheFormsTheClientReadsKeepTheMemberADate() throws {
        let fixture = try ImportFixture("""
            openapi: 3.0.3
            info: { title: Events, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /events:
                get:
                  operationId: listEvents
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Event' }
                          example: { sent: "2013-08-01 12:41:48", seen: "2013-08-01T12:41:48", read: "2013-08-01" }
            components:
              schemas:
                Event:
                  type: object
                  properties:
                    sent: { type: string, format: date-time }
                    seen: { type: string, format: date-time }
                    read: { type: string, format: date-time }
            """)
        let types = Dictionary(uniqueKeysWithValues: fixture.properties("Event").map { ($0.wireName, $0.type) })
        #expect(types["sent"] == .optional(.date))
        #expect(types["seen"] == .optional(.date))
        #expect(types["read"] == .optional(.string))
        #expect(!fixture.warnings.contains { $0.contains("'sent'") || $0.contains("'seen'") })
        #expect(fixture.warnings.contains { $0.contains("property 'read' of 'Event'") })
    }

    @Test func examplesAreCollectedWithTheTypesTheClientDecodesThemAs() throws {
        let found = try OpenAPIImporter.examples(text: Self.widened, path: "api.yaml") { _ in throw CocoaError(.fileNoSuchFile) }
        let collected = found.examples.map { "\($0.location.line):\($0.location.column) \($0.type) \($0.json)" }
        #expect(collected == [
            // The parameter's type as widened to its example: a String.
            "9:112 String \"2008-01-02\"",
            // Text as sent: the boolean parameter's "true" is the boolean.
            "10:72 Bool true",
            #"18:31 Call {"sid":"CA1","price":"-0.0025","callback":"","started":"2024-05-01T12:00:00Z"}"#,
        ])
        #expect(found.checkedSpec.endpoints.isEmpty)
        #expect(found.checkedSpec.models.map(\.name) == ["Call"])
    }

    /// An example no widening can make fit (a number where a string goes), beside one that fits.
    static let rejected = """
        openapi: 3.1.0
        info: { title: Pets, version: "1" }
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Pet' }
                      example: { name: Rex, tags: [{ label: 7 }], born: "2020-01-01T00:00:00.5Z" }
        components:
          schemas:
            Pet:
              type: object
              required: [name]
              properties:
                name: { type: string, examples: [Rex, Fido] }
                born: { type: string, format: date-time }
                tags: { type: array, items: { $ref: '#/components/schemas/Tag' } }
            Tag:
              type: object
              properties: { label: { type: string } }
        """

    @Test func anExampleThatDoesNotDecodeIsAnErrorAtTheExample() throws {
        let result = try Self.lintCheckingExamples(document: Self.rejected)
        #expect(result.status == 1)
        // Up to the decoder's own words, which differ between Foundation's platforms ("found number", "found a number").
        #expect(result.errors.contains("""
            api.yaml:14:24: error: the example does not decode as Pet: $.tags[0].label: Expected to decode String but found
            """))
        #expect(result.errors.contains(
            "\n" + String(repeating: " ", count: 14) + #"example: { name: Rex, tags: [{ label: 7 }], born: "2020-01-01T00:00:00.5Z" }"#
                + "\n" + String(repeating: " ", count: 23) + "^\n"))
        #expect(result.errors.components(separatedBy: "error:").count - 1 == 1)
        #expect(result.output.contains("api.yaml: 3 examples checked, 1 did not decode"))
    }

    /// Every document of `../shared/testdata/openapi`: its examples decode as the generated types (compiled once per
    /// document, the types the examples reach only).
    @Test(
        .enabled(if: TestEnvironment.canRun(needingTestdata: "openapi"), "needs ../shared/testdata/openapi; set ENDPOINTGEN_TESTDATA"),
        arguments: ["petstore.yaml", "museum.yaml", "swagger-petstore3.yaml", "spotify.yml", "k8s-apps-v1.json", "twilio-api-v2010.json", "stripe-spec3-2023-09-12.yaml"])
    func theExamplesOfEveryRealDocumentDecode(file: String) throws {
        let path = TestEnvironment.testdata("openapi").appendingPathComponent(file).path
        let result = try Self.lintCheckingExamples(path: path)
        #expect(result.status == 0, "\(result.errors.split(separator: "\n").filter { $0.contains("error:") }.prefix(20).joined(separator: "\n"))")
        #expect(result.output.contains("\(path): no examples to check") || result.output.contains(" did not decode") && result.output.contains(", 0 did not decode"))
    }

    /// `endpointgen lint --check-examples` on `document` (written as `api.yaml` in a fresh folder) or on `path`.
    static func lintCheckingExamples(document: String? = nil, path: String? = nil) throws -> (status: Int32, output: String, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if let document { try Data(document.utf8).write(to: folder.appendingPathComponent("api.yaml")) }
        let result = try ProcessRunner.endpointgen(["lint", "--check-examples", path ?? "api.yaml"], in: folder)
        return (result.status, result.output, result.errors)
    }
}
