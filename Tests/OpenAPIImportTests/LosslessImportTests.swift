import EndpointSpec
import Testing

/// Values a document allows that the generated client must keep (issue "Lossless"): each mapping, at import.
@Suite struct LosslessImportTests {
    /// A required name without an entry in `properties` (here, and in an `allOf` part) must still be there: a required
    /// `JSON` member, warned about where it is named.
    @Test func aRequiredNameWithoutAPropertyIsARequiredJSONMember() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Job' }", schemas: """
                Base: { type: object, required: [owner], properties: { kind: { type: string } } }
                Job:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - type: object
                      required: [id, state, kind]
                      properties:
                        id: { type: integer }
            """))
        #expect(fixture.propertyTypes("Job") == ["kind: String", "id: Int", "owner: JSON", "state: JSON"])
        #expect(fixture.warnings == [
            "api.yaml:17:38: warning: 'owner' is required in 'Base' but has no entry in 'properties'; it is a required member typed JSON (any value)",
            "api.yaml:22:26: warning: 'state' is required in 'Job' but has no entry in 'properties'; it is a required member typed JSON (any value)",
        ])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }
}
