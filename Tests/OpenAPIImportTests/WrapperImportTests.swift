import EndpointSpec
import Testing

/// `allOf` with one schema (kube-openapi's references with a default) is that schema's type, and nullability is kept in
/// every spelling.
@Suite struct WrapperImportTests {
    /// kube-openapi's shape: each reference to a model beside a `default: {}` is `allOf: [{$ref}]`.
    @Test func anAllOfOfOneReferenceIsTheReferencedType() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/DeploymentList' }", schemas: """
                DeploymentList:
                  type: object
                  properties:
                    metadata: { allOf: [{ $ref: '#/components/schemas/ListMeta' }], default: {}, description: Standard list metadata. }
                    items: { type: array, items: { $ref: '#/components/schemas/Deployment' } }
                Deployment:
                  type: object
                  required: [metadata]
                  properties:
                    metadata: { allOf: [{ $ref: '#/components/schemas/ObjectMeta' }], default: {} }
                ObjectMeta:
                  type: object
                  properties:
                    name: { type: string }
                    list: { allOf: [{ $ref: '#/components/schemas/ListMeta' }], default: {} }
                ListMeta:
                  type: object
                  description: ListMeta describes a list.
                  properties:
                    continue: { type: string }
            """))
        #expect(fixture.propertyTypes("DeploymentList") == ["metadata: ListMeta?", "items: [Deployment]?"])
        #expect(fixture.propertyTypes("Deployment") == ["metadata: ObjectMeta"])
        #expect(fixture.propertyTypes("ObjectMeta") == ["name: String?", "list: ListMeta?"])
        #expect(fixture.spec.models.map(\.name) == ["Deployment", "DeploymentList", "ListMeta", "ObjectMeta"])
        #expect(fixture.properties("DeploymentList").first?.description == "Standard list metadata.")
        #expect(fixture.properties("ObjectMeta").last?.description == "ListMeta describes a list.")
        // One warning for the three defaults that a model cannot take, at the first.
        #expect(fixture.warnings == [
            "api.yaml:20:82: warning: the default of property 'metadata' of 'DeploymentList' does not fit its type 'ListMeta?'; it is left out, and so are 2 other defaults of this document that do not fit theirs",
        ])
    }

    @Test func nullableInEverySpelling() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Box' }", schemas: """
                Box:
                  type: object
                  required: [a, b, c, d, e, f, g]
                  properties:
                    a: { allOf: [{ $ref: '#/components/schemas/Thing' }, { nullable: true }] }
                    b: { anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: "null" }] }
                    c: { type: [string, "null"] }
                    d: { $ref: '#/components/schemas/Thing', nullable: true }
                    e: { allOf: [{ $ref: '#/components/schemas/Thing' }], nullable: true }
                    f: { $ref: '#/components/schemas/MaybeThing' }
                    g: { $ref: '#/components/schemas/Thing' }
                    h: { allOf: [{ $ref: '#/components/schemas/Code' }, { type: "null" }] }
                Thing: { type: object, properties: { id: { type: integer } } }
                MaybeThing: { type: object, nullable: true, properties: { id: { type: integer } } }
                Code: { type: string, enum: [a, b] }
            """))
        #expect(fixture.propertyTypes("Box") == [
            "a: Thing?", "b: Thing?", "c: String?", "d: Thing?", "e: Thing?", "f: MaybeThing?", "g: Thing", "h: Code?",
        ])
        #expect(fixture.spec.models.map(\.name) == ["Box", "Code", "MaybeThing", "Thing"])
        #expect(fixture.warnings.isEmpty)
    }
}
