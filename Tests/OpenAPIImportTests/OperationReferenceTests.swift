import EndpointSpec
import Testing

/// Operations written as a `$ref` to another file (not standard OpenAPI, but a large cloud provider's document does it for
/// every operation) are followed, with one warning per document.
@Suite struct OperationReferenceTests {
    @Test func operationReferencesAreFollowedWithOneWarning() throws {
        let fixture = try ImportFixture(
            document(paths: """
                  /droplets:
                    get: { $ref: 'resources/droplets/droplets_list.yml' }
                    post: { $ref: 'resources/droplets/droplets_create.yml' }
                """),
            files: [
                "resources/droplets/droplets_list.yml": """
                    operationId: droplets_list
                    tags: [Droplets]
                    parameters: [{ $ref: '../../shared/parameters.yml#/per_page' }]
                    responses: { '200': { description: OK, content: { application/json: { schema: { $ref: 'models/droplet.yml' } } } } }
                    """,
                "resources/droplets/droplets_create.yml": """
                    operationId: droplets_create
                    tags: [Droplets]
                    requestBody: { content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } } } }
                    responses: { '202': { description: Accepted } }
                    """,
                "resources/droplets/models/droplet.yml": "type: object\nproperties:\n  id: { type: integer }",
                "shared/parameters.yml": "per_page: { name: per_page, in: query, schema: { type: integer } }",
            ],
            options: .init(tags: ["Droplets"]))
        #expect(fixture.spec.endpoints.map(\.name) == ["dropletsList", "dropletsCreate"])
        #expect(fixture.parameterSummary("dropletsList") == ["perPage: Int? (query 'per_page')"])
        #expect(fixture.endpoint("dropletsList")?.response == .type(.model("Droplet")))
        #expect(fixture.parameterSummary("dropletsCreate") == ["name: String (body 'name')"])
        #expect(fixture.warnings == [
            "api.yaml:7:10: warning: 2 operations are written as a '$ref', which OpenAPI does not define (it allows '$ref' for a whole path item, not an operation); the references are followed",
        ])
    }

    @Test func anOperationReferenceThatLeadsNowhereIsLeftOutWithAWarning() throws {
        let fixture = try ImportFixture(document(paths: """
              /a:
                get: { $ref: 'missing.yml' }
                put: { operationId: putA, responses: { '204': { description: Done } } }
            """))
        #expect(fixture.spec.endpoints.map(\.name) == ["putA"])
        #expect(fixture.warnings == [
            "api.yaml:7:10: warning: cannot read the referenced file 'missing.yml': no such file",
            "api.yaml:7:10: warning: the 'get' operation of '/a' is the reference 'missing.yml', which cannot be resolved; it is left out",
        ])
    }
}
