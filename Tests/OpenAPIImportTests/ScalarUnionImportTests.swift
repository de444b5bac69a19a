import EndpointSpec
import Testing

/// How a `oneOf`/`anyOf` of scalars and objects (Stripe's expandable fields, `string | integer`) becomes a `oneOf` model.
@Suite struct ScalarUnionImportTests {
    /// One GET endpoint answering `Thing`, with `schemas` under `components/schemas`.
    func fixture(_ schemas: String) throws -> ImportFixture {
        try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Thing' }", schemas: schemas))
    }

    @Test func anExpandableFieldBecomesAOneOfWithTheObjectsBeforeTheStringTheMostDemandingFirst() throws {
        let fixture = try fixture("""
                Thing:
                  type: object
                  required: [customer]
                  properties:
                    customer:
                      description: The customer, or its id.
                      anyOf:
                        - { type: string, maxLength: 5000 }
                        - { $ref: '#/components/schemas/Customer' }
                        - { $ref: '#/components/schemas/DeletedCustomer' }
                Customer: { type: object, required: [id], properties: { id: { type: string } } }
                DeletedCustomer: { type: object, required: [id, deleted], properties: { id: { type: string }, deleted: { type: boolean } } }
            """)
        #expect(fixture.propertyTypes("Thing") == ["customer: ThingCustomer"])
        let oneOf = try #require(fixture.oneOf("ThingCustomer"))
        // `DeletedCustomer` requires more keys than `Customer`: tried first, so a deleted customer does not decode as a customer.
        #expect(oneOf.alternatives.map(\.name) == ["DeletedCustomer", "Customer", "String"])
        #expect(oneOf.discriminator == nil)
        #expect(fixture.spec.model(named: "ThingCustomer")?.description == "The customer, or its id.")
        #expect(fixture.spec.models.map(\.name) == ["Customer", "DeletedCustomer", "Thing", "ThingCustomer"])
        #expect(fixture.warnings == [])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func scalarsAreOrderedNarrowestFirst() throws {
        let fixture = try fixture("""
                Thing:
                  type: object
                  properties:
                    id: { oneOf: [{ type: string }, { type: integer }] }
                    amount: { anyOf: [{ type: number }, { type: integer, format: int64 }, { type: boolean }] }
                    when: { anyOf: [{ type: string }, { type: string, format: date-time }, { type: integer }] }
                    level: { anyOf: [{ type: string, enum: [low, high] }, { type: integer }] }
            """)
        #expect(fixture.propertyTypes("Thing") == ["id: ThingId?", "amount: ThingAmount?", "when: ThingWhen?", "level: ThingLevel?"])
        #expect(fixture.oneOf("ThingId")?.alternatives.map(\.name) == ["Int", "String"])
        #expect(fixture.oneOf("ThingAmount")?.alternatives.map(\.name) == ["Int64", "Double", "Bool"])
        #expect(fixture.oneOf("ThingWhen")?.alternatives.map(\.name) == ["Int", "Date", "String"])
        #expect(fixture.oneOf("ThingLevel")?.alternatives.map(\.name) == ["Int", "ThingLevelOption1"])
        #expect(fixture.warnings == [])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func nullableUnionsAreOptionalAndTheEmptyStringStaysDropped() throws {
        let fixture = try fixture("""
                Thing:
                  type: object
                  required: [a, b, c]
                  properties:
                    a: { nullable: true, anyOf: [{ type: string }, { $ref: '#/components/schemas/Customer' }] }
                    b: { anyOf: [{ type: integer }, { type: string }, { type: 'null' }] }
                    c: { anyOf: [{ type: string }, { $ref: '#/components/schemas/Customer' }, { type: string, enum: [''] }] }
                Customer: { type: object, properties: { id: { type: string } } }
            """)
        #expect(fixture.propertyTypes("Thing") == ["a: ThingA?", "b: ThingB?", "c: ThingA"])
        #expect(fixture.oneOf("ThingA")?.alternatives.map(\.name) == ["Customer", "String"])
        #expect(fixture.oneOf("ThingB")?.alternatives.map(\.name) == ["Int", "String"])
        #expect(fixture.warnings == [
            "api.yaml:23:12: warning: the 'anyOf' alternative that allows only the empty string is not supported; the value is generated without it, so the empty string cannot be sent",
        ])
    }

    @Test func scalarUnionsAreTextInParametersAndFormsAndTheRestKeepsItsType() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /things:
                post:
                  operationId: createThing
                  parameters:
                    - { name: created, in: query, schema: { anyOf: [{ type: integer }, { $ref: '#/components/schemas/Range' }] } }
                    - { name: limit, in: query, schema: { anyOf: [{ type: integer }, { type: string, enum: [all] }] } }
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            size: { anyOf: [{ type: string }, { type: integer }] }
                            owner: { anyOf: [{ type: boolean }, { $ref: '#/components/schemas/Range' }] }
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Thing' }
            """,
            components: """
              schemas:
                Range: { type: object, properties: { gt: { type: integer } } }
                Thing:
                  type: object
                  properties:
                    tags: { anyOf: [{ type: string }, { type: array, items: { type: string } }] }
                    kind:
                      oneOf: [{ type: string }, { $ref: '#/components/schemas/Range' }]
                      discriminator: { propertyName: type }
                    span:
                      oneOf: [{ $ref: '#/components/schemas/Range' }, { $ref: '#/components/schemas/Either' }]
                      discriminator: { propertyName: type }
                Either: { anyOf: [{ type: integer }, { $ref: '#/components/schemas/Range' }] }
            """))
        #expect(fixture.propertyTypes("Thing") == ["tags: ThingTags?", "kind: ThingKind?", "span: ThingSpan?"])
        #expect(fixture.oneOf("ThingTags")?.alternatives.map(\.name) == ["String", "[String]"])
        #expect(fixture.oneOf("ThingSpan")?.alternatives.map(\.name) == ["Range", "Either"])
        #expect(fixture.oneOf("ThingSpan")?.discriminator == nil)
        #expect(fixture.oneOf("ThingKind")?.discriminator == nil)
        #expect(fixture.oneOf("ThingKind")?.alternatives.map(\.name) == ["Range", "String"])
        // What can be sent as text is a String: every alternative of a scalar union is sent as its text; a union with an
        // object keeps its type and goes in bracket notation (`created[gt]=1`), so nothing is left out.
        #expect(fixture.parameterSummary("createThing") == [
            "created: CreateThingCreated? (query 'created')", "limit: String? (query 'limit')", "size: String? (body 'size')",
            "owner: CreateThingOwner? (body 'owner')",
        ])
        #expect(fixture.warnings == [
            "api.yaml:35:26: warning: the discriminator 'type' of 'ThingKind' is ignored: its alternative 'String' is not an object, so the first alternative that decodes wins",
            "api.yaml:38:26: warning: the discriminator 'type' of 'ThingSpan' is ignored: its alternative 'Either' is not an object, so the first alternative that decodes wins",
        ])
    }

    @Test func identicalUnionsShareOneModel() throws {
        let fixture = try fixture("""
                Thing:
                  type: object
                  properties:
                    owner: { anyOf: [{ type: string }, { $ref: '#/components/schemas/Customer' }] }
                    other: { $ref: '#/components/schemas/Other' }
                Other:
                  type: object
                  properties:
                    owner: { anyOf: [{ type: string }, { $ref: '#/components/schemas/Customer' }] }
                Customer: { type: object, properties: { id: { type: string } } }
            """)
        #expect(fixture.propertyTypes("Thing") == ["owner: ThingOwner?", "other: Other?"])
        #expect(fixture.propertyTypes("Other") == ["owner: ThingOwner?"])
        #expect(fixture.spec.models.map(\.name) == ["Customer", "Other", "Thing", "ThingOwner"])
    }
}
