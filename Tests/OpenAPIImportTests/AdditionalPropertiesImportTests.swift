import EndpointSpec
import OpenAPIImport
import Testing

/// An object's members beyond its `properties`: `additionalProperties` and `patternProperties` become the model's
/// typed `additionalProperties` map (or a map type when there are no properties), and a body's become a `flat` map
/// parameter, so a chat API's `identifier: {type: m.id.user, user: alice}` can be built and a sync response keyed by
/// room ID keeps its types.
@Suite struct AdditionalPropertiesImportTests {
    static let chat = """
        openapi: 3.1.0
        info: { title: Chat, version: 1.0.0 }
        servers: [{ url: "https://chat.example.org" }]
        paths:
          /login:
            post:
              operationId: login
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [identifier]
                      properties: { identifier: { $ref: '#/components/schemas/Identifier' } }
                      additionalProperties: { type: string }
              responses:
                '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Sync' } } } }
          /upload:
            post:
              operationId: upload
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties: { caption: { type: string } }
                      additionalProperties: { type: string, format: binary }
              responses: { '204': { description: done } }
          /tag:
            post:
              operationId: tag
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      properties: { name: { type: string } }
                      additionalProperties: { $ref: '#/components/schemas/Identifier' }
              responses: { '204': { description: done } }
        components:
          schemas:
            Identifier:
              type: object
              required: [type]
              properties: { type: { type: string } }
              additionalProperties: true
            Sync:
              type: object
              properties:
                rooms:
                  type: object
                  patternProperties: { "^!": { $ref: '#/components/schemas/Room' } }
                mixed:
                  type: object
                  properties: { a: { type: integer } }
                  patternProperties: { "^x-": { type: string } }
                  additionalProperties: { type: integer }
            Room:
              type: object
              properties: { name: { type: string } }
              patternProperties: { "^m\\\\.": { type: integer, nullable: true } }
        """

    @Test func membersBesideThePropertiesAreTheModelsTypedMap() throws {
        let fixture = try ImportFixture(Self.chat)
        #expect(fixture.propertyTypes("Identifier") == ["type: String"])
        #expect(fixture.spec.model(named: "Identifier")?.additionalProperties == .json)
        #expect(fixture.spec.model(named: "Room")?.additionalProperties == .optional(.int))
    }

    @Test func patternPropertiesAloneAreAMapOfTheirType() throws {
        let fixture = try ImportFixture(Self.chat)
        #expect(fixture.propertyTypes("Sync") == ["rooms: [String: Room]?", "mixed: SyncMixed?"])
    }

    @Test func membersOfDifferentTypesAreJSONWithALocatedWarning() throws {
        let fixture = try ImportFixture(Self.chat)
        #expect(fixture.spec.model(named: "SyncMixed")?.additionalProperties == .json)
        #expect(fixture.warnings.contains(
            "api.yaml:57:30: warning: the members beyond the properties of 'SyncMixed' are members of different types (by 'patternProperties' and 'additionalProperties'), which EndpointGen cannot type precisely; they are typed JSON"))
    }

    @Test func aBodysMembersBesideItsPropertiesAreAFlatMapParameter() throws {
        let fixture = try ImportFixture(Self.chat)
        let login = try #require(fixture.endpoint("login"))
        #expect(fixture.parameterSummary("login") == [
            "identifier: Identifier (body 'identifier')", "additionalProperties: [String: String] (body 'additionalProperties')",
        ])
        #expect(login.parameters.map(\.flat) == [false, true])
        #expect(login.parameters.last?.defaultValue == .object([]))
        #expect(fixture.parameterSummary("upload").last == "additionalProperties: [String: Data] (body 'additionalProperties')")
        #expect(fixture.endpoint("upload")?.parameters.last?.flat == true)
    }

    @Test func aFormCannotSendObjectsAsFieldsSoTheyAreLeftOutWithAWarning() throws {
        let fixture = try ImportFixture(Self.chat)
        #expect(fixture.parameterSummary("tag") == ["name: String? (body 'name')"])
        #expect(fixture.warnings.contains(
            "api.yaml:39:37: warning: the members beyond the properties of the body of operation 'tag' are 'Identifier', which a form body cannot send as text; they are left out"))
    }

    /// `allOf: [Named, {additionalProperties: …}]`: a document that declares the members beyond the properties in a part
    /// means them for the whole object, in a model and in a body alike; a part's `additionalProperties: false` allows
    /// none for that part only.
    @Test func membersDeclaredInAnAllOfPartAreTheWholeObjects() throws {
        let fixture = try ImportFixture("""
            openapi: 3.1.0
            info: { title: Parts, version: 1.0.0 }
            paths:
              /labelled:
                put:
                  operationId: label
                  requestBody:
                    content:
                      application/json:
                        schema:
                          allOf:
                            - { $ref: '#/components/schemas/Named' }
                            - { type: object, additionalProperties: { type: integer } }
                  responses:
                    '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Labelled' } } } }
            components:
              schemas:
                Labelled:
                  allOf:
                    - { $ref: '#/components/schemas/Named' }
                    - { type: object, additionalProperties: { type: string } }
                Named:
                  type: object
                  properties: { name: { type: string } }
                  additionalProperties: false
            """)
        #expect(fixture.propertyTypes("Labelled") == ["name: String?"])
        #expect(fixture.spec.model(named: "Labelled")?.additionalProperties == .string)
        #expect(fixture.spec.model(named: "Named")?.additionalProperties == nil)
        #expect(fixture.parameterSummary("label") == [
            "name: String? (body 'name')", "additionalProperties: [String: Int] (body 'additionalProperties')",
        ])
        try ClientCompiler.expectCleanCompile(fixture)
    }

    @Test func theClientCompilesWithoutWarningsAndTheSpecWritesBackTheSame() throws {
        let fixture = try ImportFixture(Self.chat)
        try ClientCompiler.expectCleanCompile(fixture)
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }
}
