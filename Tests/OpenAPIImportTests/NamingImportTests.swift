import EndpointSpec
import Foundation
import OpenAPIImport
import Testing

/// Names of imported types, parameters and clients: from the schema that owns a type, by location for clashing
/// parameters, and a short client name (or the one `--name` gives).
@Suite struct NamingImportTests {
    /// swagger-petstore 3's `updatePet` sends `Pet`'s properties as its body before any response names `Pet`.
    @Test func inlineTypesAreNamedAfterTheSchemaThatOwnsThem() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /pet:
                put:
                  operationId: updatePet
                  requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
                  responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
              /pet/findByStatus:
                get:
                  operationId: findPets
                  parameters: [{ name: filter, in: query, schema: { $ref: '#/components/schemas/Filter' } }]
                  responses: { '204': { description: Done } }
            """,
            components: """
              schemas:
                Pet:
                  type: object
                  properties:
                    status: { type: string, enum: [available, sold] }
                    owner: { type: object, properties: { kind: { type: string, enum: [person, shop] } } }
                Filter:
                  allOf:
                    - { $ref: '#/components/schemas/Base' }
                Base:
                  type: object
                  properties:
                    sort: { type: string, enum: [asc, desc] }
            """))
        #expect(fixture.parameterSummary("updatePet") == ["status: PetStatus? (body 'status')", "owner: PetOwner? (body 'owner')"])
        #expect(fixture.propertyTypes("Pet") == ["status: PetStatus?", "owner: PetOwner?"])
        #expect(fixture.propertyTypes("PetOwner") == ["kind: PetOwnerKind?"])
        #expect(fixture.parameterSummary("findPets") == ["sort: BaseSort? (query 'sort')"])
        #expect(!fixture.spec.models.map(\.name).contains { $0.hasPrefix("UpdatePet") || $0.hasPrefix("FindPets") })
    }

    /// Spotify's `PUT /me/tracks` takes `ids` in the query and in the body.
    @Test func clashingParametersAreNamedByWhereTheyGo() throws {
        let fixture = try ImportFixture(document(paths: """
              /items/{id}:
                put:
                  operationId: saveItems
                  parameters:
                    - { name: id, in: path, required: true, schema: { type: string } }
                    - { name: id, in: header, schema: { type: string } }
                    - { name: uris, in: query, schema: { type: string } }
                    - { name: a-b, in: query, schema: { type: string } }
                    - { name: a_b, in: query, schema: { type: string } }
                  requestBody:
                    content: { application/json: { schema: { type: object, properties: { uris: { type: array, items: { type: string } } } } } }
                  responses: { '204': { description: Done } }
            """))
        #expect(fixture.parameterSummary("saveItems") == [
            "pathId: String (path 'id')", "headerId: String? (header 'id')", "queryUris: String? (query 'uris')", "aB: String? (query 'a-b')",
            "aB2: String? (query 'a_b')", "bodyUris: [String]? (body 'uris')",
        ])
        #expect(fixture.endpoint("saveItems")?.path == "/items/{pathId}")
        #expect(fixture.warnings == [
            "api.yaml:14:11: warning: the parameters 'a-b' and 'a_b' of operation 'saveItems' both become the Swift name 'aB'; the second is generated as 'aB2'",
        ])
    }

    @Test(arguments: [
        ("Spotify Web API with fixes and improvements from sonallux", "SpotifyWebAPI"),
        ("Swagger Petstore - OpenAPI 3.0", "SwaggerPetstore"),
        ("Twilio - Api", "Twilio"),
        ("Stripe API", "StripeAPI"),
        ("Redocly Museum API", "RedoclyMuseumAPI"),
        ("The Very Long Named Service Of Things", "TheVeryLongNamedServiceOfThings"),
        ("Acme Corporation Enterprise Resource Planning Platform", "AcmeCorporationEnterprise"),
        ("Kubernetes", "Kubernetes"),
        ("with", "With"),
    ])
    func clientNamesAreShortTitles(title: String, name: String) throws {
        let fixture = try ImportFixture("openapi: 3.0.3\ninfo: { title: '\(title)', version: '1' }\npaths: {}")
        #expect(fixture.spec.name == name)
    }

    @Test func theNameOptionNamesTheClient() throws {
        let fixture = try ImportFixture("openapi: 3.0.3\ninfo: { title: Spotify Web API, version: '1' }\npaths: {}", options: .init(name: "Spotify"))
        #expect(fixture.spec.name == "Spotify")
    }
}
