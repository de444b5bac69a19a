import EndpointSpec
import Testing

/// `oneOf`/`anyOf` with array alternatives (issue #23 item 1): an LLM API's embedding input and a chat message's content
/// become `oneOf` models with a case per alternative, never a member left out or typed JSON.
@Suite struct ArrayUnionImportTests {
    static let embeddings = document(
        paths: """
          /embeddings:
            post:
              operationId: createEmbedding
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [input, model]
                      properties:
                        model: { type: string }
                        input:
                          description: The text to embed, as one string, several, or tokens.
                          oneOf:
                            - { type: string }
                            - { type: array, items: { type: string } }
                            - { type: array, items: { type: integer } }
                            - { type: array, items: { type: array, items: { type: integer } } }
              responses: { '200': { description: OK } }
          /chat:
            post:
              operationId: createChat
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [messages]
                      properties:
                        messages: { type: array, items: { $ref: '#/components/schemas/Message' } }
              responses: { '200': { description: OK } }
        """,
        components: """
          schemas:
            Message:
              type: object
              required: [role, content]
              properties:
                role: { type: string }
                content:
                  oneOf:
                    - { type: string }
                    - { type: array, items: { $ref: '#/components/schemas/Part' } }
            Part:
              oneOf:
                - { $ref: '#/components/schemas/TextPart' }
                - { $ref: '#/components/schemas/ImagePart' }
            TextPart:
              type: object
              required: [type, text]
              properties: { type: { type: string, enum: [text] }, text: { type: string } }
            ImagePart:
              type: object
              required: [type, image_url]
              properties: { type: { type: string, enum: [image_url] }, image_url: { type: string } }
        """)

    @Test func aRequiredUnionOfAStringAndArraysIsAOneOfWithACasePerAlternative() throws {
        let fixture = try ImportFixture(Self.embeddings)
        #expect(fixture.parameterSummary("createEmbedding") == [
            "model: String (body 'model')", "input: CreateEmbeddingInput (body 'input')",
        ])
        let oneOf = try #require(fixture.oneOf("CreateEmbeddingInput"))
        // A string never decodes as an array, nor an array of strings as one of integers: the shapes order nothing but
        // integers before the arrays of them.
        #expect(oneOf.alternatives.map(\.name) == ["String", "[Int]", "[String]", "[[Int]]"])
        #expect(oneOf.alternatives.map(\.caseName) == ["string", "ints", "strings", "intArrays"])
        #expect(fixture.spec.model(named: "CreateEmbeddingInput")?.description == "The text to embed, as one string, several, or tokens.")
        #expect(fixture.warnings == [])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func chatContentIsAStringOrAnArrayOfPartsToldApartByTheirType() throws {
        let fixture = try ImportFixture(Self.embeddings)
        #expect(fixture.propertyTypes("Message") == ["role: String", "content: MessageContent"])
        #expect(fixture.oneOf("MessageContent")?.alternatives.map(\.name) == ["String", "[Part]"])
        let part = try #require(fixture.oneOf("Part"))
        #expect(part.discriminator == "type")
        #expect(part.mapping.map { "\($0.value): \($0.model)" } == ["text: TextPart", "image_url: ImagePart"])
        #expect(fixture.warnings == [])
    }

    @Test func theClientCompilesWithoutWarnings() throws {
        try ClientCompiler.expectCleanCompile(ImportFixture(Self.embeddings))
    }

    @Test func anArrayOfMapsStaysJSONWithAWarningNamingTheMember() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Thing' }", schemas: """
                Thing:
                  type: object
                  required: [value]
                  properties:
                    value:
                      oneOf: [{ type: string }, { type: array, items: { type: object, additionalProperties: { type: string } } }]
            """))
        #expect(fixture.propertyTypes("Thing") == ["value: JSON"])
        #expect(fixture.warnings.count == 1)
        #expect(fixture.warnings.first?.contains("property 'value' of 'Thing'") == true)
    }

    @Test func aJSONBodyMemberThatCannotBeTypedPreciselyIsJSONNotLeftOut() throws {
        let fixture = try ImportFixture(document(paths: """
              /things:
                post:
                  operationId: createThing
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema:
                          type: object
                          required: [value]
                          properties:
                            value: { oneOf: [{ type: string }, { type: object, additionalProperties: { type: integer } }] }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.parameterSummary("createThing") == ["value: JSON (body 'value')"])
        #expect(fixture.warnings == [
            "api.yaml:17:17: warning: the body member 'value' of operation 'createThing' is a 'oneOf' of a string, an object, which EndpointGen cannot type precisely; it is typed JSON",
        ])
    }

    /// In a query a scalar and an array of scalars are both repeated items: such a union is `[String]`; a union with an
    /// array of arrays keeps its type (its nested arrays go in bracket notation), so nothing is left out or warned.
    @Test func aQueryUnionOfAScalarAndAnArrayIsAnArrayOfText() throws {
        let fixture = try ImportFixture(document(paths: """
              /search:
                get:
                  operationId: search
                  parameters:
                    - { name: ids, in: query, schema: { oneOf: [{ type: integer }, { type: array, items: { type: integer } }] } }
                    - { name: grid, in: query, schema: { oneOf: [{ type: string }, { type: array, items: { type: array, items: { type: integer } } }] } }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.parameterSummary("search") == ["ids: [String]? (query 'ids')", "grid: SearchGrid? (query 'grid')"])
        #expect(fixture.warnings == [])
    }
}
