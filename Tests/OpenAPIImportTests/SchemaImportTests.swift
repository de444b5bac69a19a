import EndpointSpec
import Testing

/// How `components/schemas` and inline schemas become models and types.
@Suite struct SchemaImportTests {
    /// One GET endpoint answering `schema`, with `schemas` under `components/schemas`.
    func fixture(response schema: String, schemas: String) throws -> ImportFixture {
        try ImportFixture(oneResponseDocument(schema, schemas: schemas))
    }

    @Test func objectsKeepRequiredPropertiesAndMakeTheOthersOptional() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Pet' }", schemas: """
                Pet:
                  type: object
                  description: A pet.
                  required: [id, name]
                  properties:
                    id: { type: integer, format: int64 }
                    name: { type: string, description: The name. }
                    born: { type: string, format: date-time }
                    chip: { type: string, format: uuid }
                    home: { type: string, format: uri }
                    photo: { type: string, format: byte }
                    weight: { type: number, format: float }
                    height: { type: number }
                    count: { type: integer, format: int32 }
                    birthday: { type: string, format: date }
                    me$sage: { type: string }
            """)
        #expect(fixture.endpoint("getThing")?.response == .type(.model("Pet")))
        #expect(fixture.propertyTypes("Pet") == [
            "id: Int64", "name: String", "born: Date?", "chip: UUID?", "home: URL?", "photo: Data?", "weight: Float?",
            "height: Double?", "count: Int32?", "birthday: String?", "meSage: String?",
        ])
        #expect(fixture.properties("Pet").last?.wireName == "me$sage")
        #expect(fixture.properties("Pet")[1].description == "The name.")
        #expect(fixture.spec.model(named: "Pet")?.description == "A pet.")
        #expect(fixture.warnings.isEmpty)
    }

    @Test func nullableIn30And31BothBecomeOptional() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Box' }", schemas: """
                Box:
                  type: object
                  required: [a, b, c]
                  properties:
                    a: { type: string, nullable: true }
                    b: { type: [integer, "null"] }
                    c: { oneOf: [{ type: boolean }, { type: "null" }] }
            """)
        #expect(fixture.propertyTypes("Box") == ["a: String?", "b: Int?", "c: Bool?"])
    }

    @Test func aliasesArraysAndDictionariesAreInlined() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Pets' }", schemas: """
                Pets: { type: array, items: { $ref: '#/components/schemas/Pet' } }
                Pet:
                  type: object
                  properties:
                    born: { $ref: '#/components/schemas/DOB' }
                    labels: { type: object, additionalProperties: { type: string } }
                    scores: { type: object, additionalProperties: { type: array, items: { type: integer } } }
                DOB: { type: string, format: date-time }
            """)
        #expect(fixture.endpoint("getThing")?.response == .type(.array(.model("Pet"))))
        #expect(fixture.propertyTypes("Pet") == ["born: Date?", "labels: [String: String]?", "scores: [String: [Int]]?"])
        #expect(fixture.spec.models.map(\.name) == ["Pet"])
    }

    @Test func allOfMergesThePropertiesOfItsParts() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Dog' }", schemas: """
                Animal:
                  type: object
                  required: [kind]
                  properties: { kind: { type: string } }
                Dog:
                  allOf:
                    - $ref: '#/components/schemas/Animal'
                    - type: object
                      required: [bark]
                      properties: { bark: { type: boolean } }
            """)
        #expect(fixture.propertyTypes("Dog") == ["kind: String", "bark: Bool"])
        #expect(!fixture.spec.models.contains { $0.name == "Animal" })
    }

    @Test func enumerationsDropTheEmptyStringAndCasesThatClash() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Kind' }", schemas: """
                Kind:
                  type: string
                  enum: [cat, "", dog, DOG, cat]
            """)
        guard case .enumeration(let cases, _)? = fixture.spec.model(named: "Kind")?.kind else {
            Issue.record("Kind is not an enumeration")
            return
        }
        #expect(cases.map(\.value) == ["cat", "dog"])
        #expect(fixture.warnings == [
            "api.yaml:18:7: warning: the empty string is not supported as a case of enum 'Kind'; it is left out of the known values (the open enum still accepts it)",
            "api.yaml:19:28: warning: the cases 'dog' and 'DOG' of enum 'Kind' both become the Swift name 'dog'; 'DOG' is left out of the known values (the open enum still accepts it)",
        ])
    }

    @Test func aOneOfOfObjectsIsAOneOfModelWithTheDiscriminator() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Exercise' }", schemas: """
                Walk:
                  type: object
                  required: [kind, length]
                  properties: { kind: { type: string }, length: { type: integer } }
                swim-session:
                  type: object
                  required: [kind]
                  properties: { kind: { type: string }, depth: { type: number } }
                Exercise:
                  oneOf:
                    - $ref: '#/components/schemas/Walk'
                    - $ref: '#/components/schemas/swim-session'
                    - { title: Rest, type: object, properties: { minutes: { type: integer } } }
                  discriminator:
                    propertyName: kind
                    mapping: { walking: '#/components/schemas/Walk', flying: '#/components/schemas/Fly' }
                Fly: { type: object, properties: { height: { type: number } } }
            """)
        let oneOf = try #require(fixture.oneOf("Exercise"))
        #expect(oneOf.alternatives.map(\.name) == ["Walk", "SwimSession", "Rest"])
        #expect(oneOf.discriminator == "kind")
        // The implicit value of a referenced schema is its component name, which differs from the model's here.
        #expect(oneOf.alternatives.map(oneOf.discriminatorValues) == [["walking"], ["swim-session"], ["Rest"]])
        #expect(fixture.propertyTypes("Rest") == ["minutes: Int?"])
        #expect(fixture.warnings == [
            "api.yaml:32:58: warning: the discriminator value 'flying' of 'Exercise' maps to '#/components/schemas/Fly', which is not one of its alternatives; the value decodes as unknown",
        ])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func anyOfWithoutDiscriminatorTriesTheAlternativesInOrder() throws {
        let fixture = try fixture(response: "{ anyOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }, { $ref: '#/components/schemas/A' }] }", schemas: """
                A: { type: object, properties: { a: { type: string } } }
                B: { type: object, properties: { b: { type: string } } }
            """)
        let oneOf = try #require(fixture.oneOf("GetThingResponse"))
        #expect(oneOf.alternatives.map(\.name) == ["A", "B"])
        #expect(oneOf.discriminator == nil)
        #expect(fixture.warnings == [
            "api.yaml:14:23: warning: the alternatives 'A' and 'B' of 'GetThingResponse' cannot be told apart: no discriminator, constant property or required key separates them, so a value decodes as the one that keeps the most of its members ('A' when both keep them all); a value with members of both keeps only one's",
        ])
    }

    @Test func alternativesWithOneCaseNameAreMergedIntoOneStructWithAWarning() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Either' }", schemas: """
                ABC: { type: object, required: [x], properties: { x: { type: string } } }
                Abc: { type: object, required: [x], properties: { x: { type: string }, y: { type: integer } } }
                Either:
                  oneOf: [{ $ref: '#/components/schemas/ABC' }, { $ref: '#/components/schemas/Abc' }]
            """)
        #expect(fixture.propertyTypes("Either") == ["x: String", "y: Int?"])
        #expect(fixture.warnings == [
            "api.yaml:20:7: warning: 'oneOf' of objects ('ABC', 'Abc') cannot be an enum of its alternatives: the alternatives 'ABC' and 'Abc' both become the case 'abc'; it is generated as one struct 'Either' with the properties of every alternative, optional unless all require them",
        ])
    }

    @Test func whatCannotBeTypedPreciselyIsJSONWithAWarning() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Thing' }", schemas: """
                Thing:
                  type: object
                  properties:
                    id: { type: string }
                    value: { oneOf: [{ type: string }, { type: object, additionalProperties: { type: integer } }] }
                    extra: { type: object }
                    anything: {}
                    parent: { $ref: '#/components/schemas/Thing' }
                    children: { type: array, items: { $ref: '#/components/schemas/Thing' } }
            """)
        // `parent` is kept: the generator stores a property through which a model holds itself out of line.
        #expect(fixture.propertyTypes("Thing") == ["id: String?", "value: JSON?", "extra: JSON?", "anything: JSON?", "parent: Thing?", "children: [Thing]?"])
        #expect(fixture.warnings == [
            "api.yaml:21:9: warning: property 'value' of 'Thing' is a 'oneOf' of a string, an object, which EndpointGen cannot type precisely; it is typed JSON",
        ])
    }

    @Test func defaultsAreKeptWhenTheyFitTheirType() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Page' }", schemas: """
                Page:
                  type: object
                  properties:
                    size: { type: integer, default: 20 }
                    order: { type: string, enum: [asc, desc], default: asc }
                    wrong: { type: integer, default: many }
            """)
        #expect(fixture.properties("Page").map(\.defaultValue) == [.int(20), .string("asc"), nil])
        #expect(fixture.propertyTypes("Page") == ["size: Int?", "order: PageOrder?", "wrong: Int?"])
        #expect(fixture.warnings == [
            "api.yaml:22:42: warning: the default of property 'wrong' of 'Page' does not fit its type 'Int?'; it is left out",
        ])
    }

    @Test func namesThatClashOrAreReservedAreMadeUnique() throws {
        let fixture = try fixture(response: "{ $ref: '#/components/schemas/Pair' }", schemas: """
                Pair:
                  type: object
                  properties:
                    first: { $ref: '#/components/schemas/user.profile' }
                    second: { $ref: '#/components/schemas/user_profile' }
                    third: { $ref: '#/components/schemas/String' }
                    fourth_name: { type: string }
                    fourthName: { type: string }
                user.profile: { type: object, properties: { a: { type: string } } }
                user_profile: { type: object, properties: { b: { type: string } } }
                String: { type: object, properties: { c: { type: string } } }
            """)
        #expect(fixture.propertyTypes("Pair") == [
            "first: UserProfile?", "second: UserProfile2?", "third: StringModel?", "fourthName: String?", "fourthName2: String?",
        ])
        #expect(fixture.warnings == [
            "api.yaml:26:19: warning: the schema 'user_profile' becomes the Swift name 'UserProfile', which another schema has; it is generated as 'UserProfile2'",
            "api.yaml:27:13: warning: the schema name 'String' is reserved (a built-in type or Swift keyword); it is generated as 'StringModel'",
        ])
    }
}
