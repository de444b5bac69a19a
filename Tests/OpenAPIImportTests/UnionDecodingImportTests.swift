import EndpointSpec
import Testing

/// How the alternatives of a union are told apart: by the discriminator (its mapping, the schema names, the values the
/// alternatives fix the discriminator property to), by a constant property, by required keys, and only then by the first
/// that decodes, with a warning.
@Suite struct UnionDecodingImportTests {
    /// The response of the fixtures' one operation.
    static let union = "{ $ref: '#/components/schemas/Union' }"

    /// OpenAI's tools: without a discriminator, `{"type": "function", ...}` decoded as the first alternative, the code interpreter.
    @Test func singleValueEnumsImplyADiscriminator() throws {
        let fixture = try ImportFixture(oneResponseDocument(Self.union, schemas: """
                CodeInterpreterTool:
                  type: object
                  required: [type]
                  properties: { type: { type: string, enum: [code_interpreter] } }
                FunctionTool:
                  type: object
                  required: [type, function]
                  properties: { type: { type: string, enum: [function] }, function: { type: object, properties: { name: { type: string } } } }
                FileSearchTool:
                  type: object
                  properties: { type: { type: string, const: file_search } }
                Union:
                  oneOf: [{ $ref: '#/components/schemas/CodeInterpreterTool' }, { $ref: '#/components/schemas/FunctionTool' }, { $ref: '#/components/schemas/FileSearchTool' }]
            """))
        let oneOf = try #require(fixture.oneOf("Union"))
        #expect(oneOf.discriminator == "type")
        #expect(oneOf.alternatives.map(oneOf.discriminatorValues) == [["code_interpreter"], ["function"], ["file_search"]])
        #expect(fixture.warnings.isEmpty)
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    /// Spotify: `discriminator: {propertyName: type}` without a mapping, while the data says `"track"`, not `TrackObject`.
    @Test func aDiscriminatorWithoutMappingAlsoTakesThePropertysOwnValue() throws {
        let fixture = try ImportFixture(oneResponseDocument(Self.union, schemas: """
                TrackObject:
                  type: object
                  properties: { type: { type: string, enum: [track] }, name: { type: string } }
                EpisodeObject:
                  type: object
                  properties: { type: { type: string, enum: [episode] } }
                Chapter:
                  type: object
                  properties: { type: { type: string } }
                Union:
                  oneOf: [{ $ref: '#/components/schemas/TrackObject' }, { $ref: '#/components/schemas/EpisodeObject' }, { $ref: '#/components/schemas/Chapter' }]
                  discriminator: { propertyName: type }
            """))
        let oneOf = try #require(fixture.oneOf("Union"))
        #expect(oneOf.discriminator == "type")
        #expect(oneOf.alternatives.map(oneOf.discriminatorValues) == [["TrackObject", "track"], ["EpisodeObject", "episode"], ["Chapter"]])
        #expect(fixture.warnings.isEmpty)
    }

    @Test func alternativesThatRequireMoreKeysAreTriedFirst() throws {
        let fixture = try ImportFixture(oneResponseDocument(Self.union, schemas: """
                Point: { type: object, required: [x], properties: { x: { type: integer } } }
                Point3D: { type: object, required: [x, y, z], properties: { x: { type: integer }, y: { type: integer }, z: { type: integer } } }
                Union:
                  anyOf: [{ $ref: '#/components/schemas/Point' }, { $ref: '#/components/schemas/Point3D' }]
            """))
        let oneOf = try #require(fixture.oneOf("Union"))
        #expect(oneOf.discriminator == nil)
        #expect(oneOf.alternatives.map(\.name) == ["Point3D", "Point"])
        #expect(fixture.warnings.isEmpty)
    }

    @Test func alternativesNothingSeparatesAreAWarning() throws {
        let fixture = try ImportFixture(oneResponseDocument(Self.union, schemas: """
                Cat: { type: object, properties: { name: { type: string } } }
                Dog: { type: object, required: [name], properties: { name: { type: string }, bark: { type: boolean } } }
                Union:
                  oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
            """))
        let oneOf = try #require(fixture.oneOf("Union"))
        #expect(oneOf.alternatives.map(\.name) == ["Dog", "Cat"])
        #expect(fixture.warnings == [
            "api.yaml:20:7: warning: the alternatives 'Dog' and 'Cat' of 'Union' cannot be told apart: no discriminator, constant property or required key separates them, so a value decodes as the one that keeps the most of its members ('Dog' when both keep them all); a value with members of both keeps only one's",
        ])
    }
}
