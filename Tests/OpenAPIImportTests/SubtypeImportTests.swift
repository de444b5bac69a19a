import EndpointSpec
import Testing

/// Polymorphism by `allOf` (issue "Lossless", item 5): where a base schema with a discriminator is declared, a value is
/// any of its subtypes, so `{"className": "Dog", "breed": "b"}` keeps its `breed`.
@Suite struct SubtypeImportTests {
    /// The subtypes that extend the base with `allOf` (directly or through another subtype) are the alternatives of a union
    /// that takes the base's name; each subtype keeps the base's properties; a body of the base type is sent whole.
    @Test func aDiscriminatedBaseIsAUnionOfTheSubtypesThatExtendIt() throws {
        let fixture = try ImportFixture(document(paths: """
              /animal:
                get:
                  operationId: getAnimal
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Zoo' } } } }
                put:
                  operationId: putAnimal
                  requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Animal' } } } }
                  responses: { "204": { description: stored } }
            """, components: """
              schemas:
                Animal:
                  type: object
                  required: [className]
                  properties: { className: { type: string }, color: { type: string } }
                  discriminator: { propertyName: className }
                Dog:
                  allOf:
                    - $ref: '#/components/schemas/Animal'
                    - { type: object, required: [breed], properties: { breed: { type: string } } }
                Cat:
                  allOf: [{ $ref: '#/components/schemas/Animal' }, { type: object, properties: { declawed: { type: boolean } } }]
                Puppy:
                  allOf: [{ $ref: '#/components/schemas/Dog' }, { type: object, properties: { ageInWeeks: { type: integer } } }]
                Zoo:
                  type: object
                  properties: { star: { $ref: '#/components/schemas/Animal' } }
            """))
        let animal = try #require(fixture.oneOf("Animal"))
        #expect(animal.alternatives.map(\.name) == ["Dog", "Cat", "Puppy"])
        #expect(animal.discriminator == "className")
        #expect(animal.alternatives.map(animal.discriminatorValues) == [["Dog"], ["Cat"], ["Puppy"]])
        #expect(fixture.propertyTypes("Dog") == ["className: String", "color: String?", "breed: String"])
        #expect(fixture.propertyTypes("Puppy") == ["className: String", "color: String?", "breed: String", "ageInWeeks: Int?"])
        #expect(fixture.propertyTypes("Zoo") == ["star: Animal?"])
        #expect(fixture.parameterSummary("putAnimal").isEmpty)
        #expect(fixture.endpoint("putAnimal")?.bodyValue.map { "\($0.name): \($0.type)" } == "animal: Animal")
        #expect(fixture.warnings.isEmpty)
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// A mapping names the subtypes and their values; when it names the base itself, the base's own struct
    /// (`AnimalBase`) is an alternative too, so a plain animal can be sent and read.
    @Test func aMappingThatNamesTheBaseMakesItsStructAnAlternative() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Animal' }", schemas: """
                Animal:
                  type: object
                  required: [kind]
                  properties: { kind: { type: string }, name: { type: string } }
                  discriminator:
                    propertyName: kind
                    mapping: { animal: '#/components/schemas/Animal', dog: Dog }
                Dog:
                  allOf: [{ $ref: '#/components/schemas/Animal' }, { type: object, properties: { breed: { type: string } } }]
            """))
        let animal = try #require(fixture.oneOf("Animal"))
        #expect(animal.alternatives.map(\.name) == ["AnimalBase", "Dog"])
        #expect(animal.alternatives.map(animal.discriminatorValues) == [["animal"], ["dog"]])
        #expect(fixture.propertyTypes("AnimalBase") == ["kind: String", "name: String?"])
        #expect(fixture.warnings.isEmpty)
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// A discriminator with nothing that extends the base or that its mapping names leaves the base a struct.
    @Test func aDiscriminatorWithoutSubtypesLeavesTheBaseAStruct() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Animal' }", schemas: """
                Animal:
                  type: object
                  properties: { kind: { type: string } }
                  discriminator: { propertyName: kind }
            """))
        #expect(fixture.propertyTypes("Animal") == ["kind: String?"])
    }
}
