import EndpointGenCore
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

    /// `deprecated: true` on a property marks the generated property deprecated: an app's use warns, the model's own
    /// init and coding do not (the client compiles without a warning), and the spec format says it too.
    @Test func aDeprecatedPropertyIsMarkedAndOnlyItsUsersAreWarned() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Pet' }", schemas: """
                Pet:
                  type: object
                  required: [id, legacyId]
                  properties:
                    id: { type: integer }
                    legacyId: { type: integer, deprecated: true }
                    tag: { type: string, deprecated: true, default: none }
            """))
        #expect(fixture.properties("Pet").map(\.deprecated) == [false, true, true])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        let client = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml")
        #expect(client.status == 0)
        #expect(client.output == "")
        let use = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            import Foundation

            func use(_ pet: Pet) throws -> Int {
                let copy = try JSONDecoder().decode(Pet.self, from: JSONEncoder().encode(Pet(id: 1, legacyId: 2)))
                return pet.legacyId + copy.id
            }
            """)
        #expect(use.status == 0)
        #expect(use.output.contains("warning: 'legacyId' is deprecated"))
        #expect(!use.output.contains("'tag' is deprecated"))
    }

    /// `deprecated: true` on a component schema marks what an app writes to make a value (an object's `init`, an enum's
    /// cases) and says so in the doc comment; the client itself, which names the types and an enum default, compiles
    /// without a warning, and the spec format says it too.
    @Test func aDeprecatedSchemaWarnsWhereAnAppMakesAValue() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Owner' }", schemas: """
                Owner:
                  type: object
                  properties:
                    pet: { $ref: '#/components/schemas/LegacyPet' }
                    role: { $ref: '#/components/schemas/OldRole' }
                    either: { $ref: '#/components/schemas/OldEither' }
                LegacyPet:
                  type: object
                  deprecated: true
                  required: [id]
                  properties:
                    id: { type: integer }
                    role: { allOf: [{ $ref: '#/components/schemas/OldRole' }], default: member }
                OldRole: { type: string, enum: [admin, member], deprecated: true }
                OldEither: { oneOf: [{ type: string }, { type: integer }], deprecated: true }
            """))
        #expect(fixture.spec.models.filter(\.deprecated).map(\.name).sorted() == ["LegacyPet", "OldEither", "OldRole"])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        let client = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml")
        #expect(client.status == 0)
        #expect(client.output == "")
        let use = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            func use(_ owner: Owner) -> Bool {
                let pet = LegacyPet(id: 1)
                return owner.pet?.id == pet.id && owner.role == .admin && OldRole.knownValues.count == 2
            }
            """)
        #expect(use.status == 0)
        #expect(use.output.contains("warning: 'init(id:role:)' is deprecated: LegacyPet is deprecated in the API spec"))
        #expect(use.output.contains("warning: 'admin' is deprecated: OldRole is deprecated in the API spec"))
        // Nothing else warns: the generated code's own uses of the types, the default and `knownValues`.
        let warnings = use.output.split(separator: "\n").filter { $0.contains(".swift:") && $0.contains(": warning: ") }
        #expect(warnings.count == 2, Comment(rawValue: use.output))
    }

    /// OpenAPI 3.1 makes `paths` optional: a document of shared types (`components` alone) imports as models.
    @Test func aDocumentWithComponentsAndNoPathsImportsItsModels() throws {
        let fixture = try ImportFixture("""
            openapi: 3.1.0
            info: { title: Pet Types, version: 1.0.0 }
            components:
              schemas:
                Pet: { type: object, required: [id], properties: { id: { type: integer }, owner: { $ref: '#/components/schemas/Owner' } } }
                Owner: { type: object, properties: { name: { type: string } } }
                Kind: { type: string, enum: [cat, dog] }
            """)
        #expect(fixture.spec.endpoints.isEmpty)
        #expect(fixture.spec.models.map(\.name).sorted() == ["Kind", "Owner", "Pet"])
        #expect(fixture.propertyTypes("Pet") == ["id: Int", "owner: Owner?"])
        #expect(fixture.warnings.first == "api.yaml:1:1: warning: the document has no 'paths': its component schemas are imported as models, with no endpoints")
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// A nullable member: required, its `nil` is sent as `null` (`required: true`); optional, absent, `null` and a value
    /// are three states (`nullable: true`: the model's `nulls` keeps a `null`, and an app inserts a key to send one). A member that is only
    /// optional stays as it was, and the spec format says the same.
    @Test func nullableMembersKeepNullApartFromAbsent() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Patch' }", schemas: """
                Patch:
                  type: object
                  required: [id, closedAt]
                  properties:
                    id: { type: string, format: uuid }
                    closedAt: { type: string, format: date-time, nullable: true }
                    nickname: { type: string, nullable: true }
                    note: { type: string }
            """))
        #expect(fixture.propertyTypes("Patch") == ["id: UUID", "closedAt: Date?", "nickname: String?", "note: String?"])
        #expect(fixture.properties("Patch").map(\.null) == [.absent, .sent, .kept, .absent])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        let models = try generated("Models", of: fixture)
        #expect(models.contains("    public var nickname: String?\n"))
        #expect(models.contains("    public var nulls = NullMembers()\n"))
        #expect(models.contains("self.nickname = try fields.decodeNullable(\"nickname\")"))
        #expect(models.contains("self.nulls = fields.nulls"))
        #expect(models.contains("try fields.encodeIfPresent(self.nickname, \"nickname\", nulls: self.nulls)"))
        #expect(models.contains("try fields.encodeOrNull(self.closedAt, \"closedAt\")"))
        #expect(models.contains("try fields.encodeIfPresent(self.note, \"note\")"))
        let use = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            import EndpointRuntime
            import Foundation

            func clear(_ patch: Patch) -> Patch {
                var copy = patch
                copy.nickname = nil
                copy.nulls.insert("nickname")
                if copy.nulls.contains("nickname") { copy.note = "cleared" }
                return copy
            }
            """)
        #expect(use.status == 0)
        #expect(use.output == "")
    }

    /// A multipart body's `encoding`: a part's headers are parameters sent in that part (named after it, `Content-Type`
    /// left to `contentType`), and a file part's `contentType` is what it is sent with; `convert` writes both.
    @Test func aPartsEncodingHeadersAndContentTypeAreSent() throws {
        let fixture = try ImportFixture(document(paths: """
              /upload:
                post:
                  operationId: upload
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            photo: { type: string, format: binary }
                            note: { type: string }
                        encoding:
                          photo:
                            contentType: image/png, image/jpeg
                            headers:
                              X-Checksum: { required: true, schema: { type: string } }
                              X-Rate: { schema: { type: integer } }
                              Content-Type: { schema: { type: string } }
                          note:
                            headers:
                              X-Checksum: { schema: { type: string } }
                  responses: { '204': { description: done } }
            """))
        let parameters = try #require(fixture.spec.endpoints.first).parameters
        #expect(parameters.map(\.name) == ["photo", "photoXChecksum", "photoXRate", "note", "noteXChecksum"])
        #expect(parameters.map(\.part) == [nil, "photo", "photo", nil, "note"])
        #expect(parameters.map(\.type) == [.optional(.data), .string, .optional(.int), .optional(.string), .optional(.string)])
        #expect(parameters.first?.contentType == "image/png")
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        let endpoints = try generated("Endpoints", of: fixture)
        #expect(endpoints.contains(#".multipart(MultipartPart.files("photo", photo, contentType: "image/png", headers: [HeaderField("X-Checksum", photoXChecksum), HeaderField("X-Rate", photoXRate)]) + MultipartPart.fields("note", note, headers: [HeaderField("X-Checksum", noteXChecksum)]))"#))
        #expect(endpoints.contains("headers: [],"))
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// A multipart response is read as its parts (`response: Multipart`, a `MultipartBody`), asked for by its media
    /// types; before, its bytes were `Data` for the app to split.
    @Test func aMultipartResponseIsItsParts() throws {
        let fixture = try ImportFixture(document(paths: """
              /report:
                get:
                  operationId: report
                  responses:
                    '200':
                      description: the summary and the file
                      content:
                        multipart/mixed:
                          schema:
                            type: object
                            properties: { summary: { type: string }, file: { type: string, format: binary } }
            """))
        let endpoint = try #require(fixture.spec.endpoints.first)
        #expect(endpoint.response == .multipart)
        #expect(endpoint.accept == ["multipart/mixed"])
        #expect(fixture.warnings.isEmpty)
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        let endpoints = try generated("Endpoints", of: fixture)
        #expect(endpoints.contains("-> Request<MultipartBody> {"))
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// A property of the document named `nulls` keeps its name; the model's `NullMembers` is `nulls2` then, and both
    /// are coded and compile.
    @Test func aPropertyNamedNullsLeavesTheNullMembersANumberedName() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Row' }", schemas: """
                Row:
                  type: object
                  properties:
                    nulls: { type: integer }
                    bio: { type: string, nullable: true }
            """))
        let models = try generated("Models", of: fixture)
        #expect(models.contains("    public var nulls: Int?\n"))
        #expect(models.contains("    public var nulls2 = NullMembers()\n"))
        #expect(models.contains("try fields.encodeIfPresent(self.bio, \"bio\", nulls: self.nulls2)"))
        let use = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            func clear(_ row: Row) -> Row {
                var copy = row
                copy.nulls = 3
                copy.nulls2.insert("bio")
                return copy
            }
            """)
        #expect(use.status == 0)
        #expect(use.output == "")
    }

    /// A nullable member through which a model holds itself is `@Indirect`, its `null` kept in `nulls`.
    @Test func aNullableMemberThatClosesACycleIsIndirectAndNullable() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Node' }", schemas: """
                Node:
                  type: object
                  properties:
                    parent: { $ref: '#/components/schemas/Node', nullable: true }
            """))
        let models = try generated("Models", of: fixture)
        #expect(models.contains("@Indirect public var parent: Node?"))
        #expect(models.contains("self.parent = try fields.decodeNullable(\"parent\")"))
        #expect(models.contains("try fields.encodeIfPresent(self.parent, \"parent\", nulls: self.nulls)"))
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// `format: decimal` (a fixed-point number of any precision) is a `Decimal`, which keeps every digit; other
    /// numbers stay `Double` and `Float`.
    @Test func aDecimalNumberIsADecimal() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Price' }", schemas: """
                Price:
                  type: object
                  required: [amount]
                  properties:
                    amount: { type: number, format: decimal, default: 2.5 }
                    rate: { type: number }
                    ratio: { type: number, format: float }
            """))
        #expect(fixture.propertyTypes("Price") == ["amount: Decimal", "rate: Double?", "ratio: Float?"])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// A `default` response with no 2xx beside it answers success too: its body is the return type (and still the error
    /// model), not `Empty`. A body for any media type (`*/*`) with a schema is that schema's type, decoded by the media
    /// type the server answers with; a string there may be any bytes, so it stays `Data`.
    @Test func aDefaultOnlyResponseAndAnAnyMediaTypeSchemaAreTyped() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /status:
                get:
                  operationId: status
                  responses:
                    default: { description: Any code, content: { application/json: { schema: { $ref: '#/components/schemas/Status' } } } }
              /any:
                get:
                  operationId: any
                  responses:
                    '200': { description: OK, content: { '*/*': { schema: { $ref: '#/components/schemas/Status' } } } }
                    '404': { description: No, content: { application/json: { schema: { $ref: '#/components/schemas/Status' } } } }
              /log:
                get:
                  operationId: log
                  responses:
                    '200': { description: OK, content: { '*/*': { schema: { type: string } } } }
            """,
            components: """
              schemas:
                Status: { type: object, required: [code], properties: { code: { type: integer }, message: { type: string } } }
            """))
        #expect(fixture.spec.endpoints.map(\.response) == [.type(.model("Status")), .type(.model("Status")), .data])
        #expect(fixture.spec.endpoints.map(\.errorModel) == [.model("Status"), .model("Status"), nil])
        #expect(fixture.warnings.isEmpty)
        try ClientCompiler.expectCleanCompile(fixture)
    }

    /// An integer or number enum is an open enum of its raw type (`type: integer, enum: [0, 10, 20]` keeps its values,
    /// sends `10` as a number), so is an `enum` of numbers without a `type`; `const: 42` without a type is an `Int`. The
    /// spec format says the same (`type: Int`).
    @Test func numberEnumsAreOpenEnumsOfTheirTypeAndAConstIsItsType() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Setting' }", schemas: """
                Setting:
                  type: object
                  required: [level, answer]
                  properties:
                    level: { type: integer, enum: [0, 10, 20], default: 10 }
                    weight: { type: number, enum: [0.5, 1.25] }
                    code: { enum: [1, 2] }
                    wide: { type: integer, format: int64, enum: [-1, 9007199254740993] }
                    answer: { const: 42 }
            """))
        #expect(fixture.propertyTypes("Setting") == [
            "level: SettingLevel", "weight: SettingWeight?", "code: SettingCode?", "wide: SettingWide?", "answer: Int",
        ])
        #expect(fixture.enumeration("SettingLevel")?.rawType == .int)
        #expect(fixture.enumeration("SettingLevel")?.values == ["0", "10", "20"])
        #expect(fixture.enumeration("SettingWeight")?.rawType == .double)
        #expect(fixture.enumeration("SettingCode")?.rawType == .int)
        #expect(fixture.enumeration("SettingWide")?.rawType == .int64)
        #expect(fixture.enumeration("SettingWide")?.values == ["-1", "9007199254740993"])
        #expect(fixture.properties("Setting").first?.defaultValue == .int(10))
        #expect(fixture.warnings.isEmpty)
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
        let use = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            func levels() -> [Int] {
                [SettingLevel._10.rawValue, SettingLevel(rawValue: 30).rawValue] + SettingLevel.knownValues.map(\\.rawValue)
            }

            func wide() -> Int64 { SettingWide._minus1.rawValue }

            func weight() -> Double { SettingWeight._1_25.rawValue }
            """)
        #expect(use.status == 0)
        #expect(use.output == "")
    }

    /// OpenAPI 3.1's tuples (`prefixItems`): positions of one type are an array of it; positions of different types are
    /// `JSON`, which keeps each element, with a warning that says it is a tuple (not "an array without items").
    @Test func aTupleIsAnArrayOfItsOneTypeElseJSONWithAWarning() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Point' }", schemas: """
                Point:
                  type: object
                  required: [at, label]
                  properties:
                    at: { type: array, prefixItems: [{ type: number }, { type: number }], items: { type: number } }
                    label: { type: array, prefixItems: [{ type: number }, { type: string }] }
            """))
        #expect(fixture.propertyTypes("Point") == ["at: [Double]", "label: JSON"])
        #expect(fixture.warnings == [
            "api.yaml:22:9: warning: property 'label' of 'Point' is a tuple ('prefixItems') whose positions have different types, which EndpointGen cannot type precisely; it is typed JSON",
        ])
    }
}

private extension ImportFixture {
    /// An enumeration model's raw type and values.
    func enumeration(_ model: String) -> (rawType: TypeRef, values: [String])? {
        guard case .enumeration(let cases, let rawType)? = spec.model(named: model)?.kind else { return nil }
        return (rawType, cases.map(\.value))
    }
}

/// The text of the generated file of `fixture` whose name ends in `kind` and `.swift` (`Models`, `Endpoints`).
private func generated(_ kind: String, of fixture: ImportFixture) throws -> String {
    try Generator().generate(fixture.spec, specPath: "api.yaml").files.first { $0.path.hasSuffix(kind + ".swift") }?.contents ?? ""
}
