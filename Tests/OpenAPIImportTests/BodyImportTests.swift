import EndpointSpec
import OpenAPIImport
import Testing

/// Request bodies on any method that may have one, sent whole when they are not an object with properties, with the
/// document's media type kept; response media types narrowed to JSON where the document offers others.
@Suite struct BodyImportTests {
    /// Spotify's "remove tracks from playlist": a DELETE whose only argument is its body.
    @Test func aDeleteBodyIsKept() throws {
        let fixture = try ImportFixture(document(paths: """
              /playlists/{id}/tracks:
                delete:
                  operationId: removeTracks
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, required: [tracks], properties: { tracks: { type: array, items: { type: string } } } }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.parameterSummary("removeTracks") == ["id: String (path 'id')", "tracks: [String] (body 'tracks')"])
        #expect(fixture.endpoint("removeTracks")?.bodyEncoding == .json)
        #expect(fixture.warnings.isEmpty)
        // The converted spec says `body: json` so the DELETE keeps its body when loaded back.
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
    }

    /// A GET body cannot be sent (URLSession on Apple platforms refuses one): left out, with a warning naming it.
    @Test func aGetBodyIsLeftOutWithAWarning() throws {
        let fixture = try ImportFixture(document(paths: """
              /search:
                get:
                  operationId: search
                  requestBody:
                    content: { application/json: { schema: { type: object, properties: { q: { type: string } } } } }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.endpoint("search")?.parameters == [])
        #expect(fixture.warnings == [
            "api.yaml:10:9: warning: the request body of operation 'search' is not supported on a GET request (URLSession on Apple platforms refuses one); it is left out",
        ])
    }

    /// petstore 3's `createUsersWithListInput`: an array body, once the reason the whole operation was dropped.
    @Test func arrayMapAndFreeFormBodiesAreOneWholeValue() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /users/createWithList:
                post:
                  operationId: createUsersWithListInput
                  requestBody:
                    required: true
                    content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/User' } } } }
                  responses: { '200': { description: OK } }
              /labels:
                put:
                  operationId: putLabels
                  requestBody:
                    content: { application/json: { schema: { type: object, additionalProperties: { type: string } } } }
                  responses: { '204': { description: Done } }
              /deployments/{name}:
                patch:
                  operationId: patchDeployment
                  parameters: [{ name: name, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    required: true
                    content:
                      application/json-patch+json: { schema: { $ref: '#/components/schemas/Patch' } }
                      application/merge-patch+json: { schema: { $ref: '#/components/schemas/Patch' } }
                  responses: { '200': { description: OK } }
            """,
            components: """
              schemas:
                User: { type: object, properties: { name: { type: string } } }
                Patch: { type: object, description: A patch. }
            """))
        #expect(fixture.spec.endpoints.map(\.name) == ["createUsersWithListInput", "putLabels", "patchDeployment"])
        let list = try #require(fixture.endpoint("createUsersWithListInput")?.bodyValue)
        #expect("\(list.name): \(list.type)" == "body: [User]")
        let labels = try #require(fixture.endpoint("putLabels")?.bodyValue)
        #expect("\(labels.name): \(labels.type)" == "body: [String: String]?")
        let patch = try #require(fixture.endpoint("patchDeployment"))
        #expect(patch.bodyValue.map { "\($0.name): \($0.type)" } == "body: JSON")
        #expect(patch.bodyValue?.description == "A patch.")
        #expect(patch.contentType == "application/json-patch+json")
        #expect(patch.bodyEncoding == .json)
        #expect(fixture.warnings.isEmpty)
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
        let result = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml")
        #expect(result.status == 0)
        #expect(result.output == "")
    }

    /// Object bodies are spread by default (the methods existing clients call); `spreadsObjectBodies: false` passes
    /// the model whole.
    @Test func anObjectBodyIsSpreadUnlessTheOptionsSayWhole() throws {
        let text = document(
            paths: """
              /pets:
                post:
                  operationId: addPet
                  requestBody:
                    required: true
                    content: { application/merge-patch+json: { schema: { $ref: '#/components/schemas/Pet' } } }
                  responses: { '200': { description: OK } }
            """,
            components: """
              schemas:
                Pet: { type: object, required: [name], properties: { name: { type: string }, tag: { type: string } } }
            """)
        let spread = try ImportFixture(text)
        #expect(spread.parameterSummary("addPet") == ["name: String (body 'name')", "tag: String? (body 'tag')"])
        #expect(spread.endpoint("addPet")?.bodyValue == nil)
        #expect(spread.endpoint("addPet")?.contentType == "application/merge-patch+json")
        let whole = try ImportFixture(text, options: ImportOptions(spreadsObjectBodies: false))
        #expect(whole.parameterSummary("addPet") == [])
        #expect(whole.endpoint("addPet")?.bodyValue.map { "\($0.name): \($0.type)" } == "pet: Pet")
        #expect(whole.endpoint("addPet")?.contentType == "application/merge-patch+json")
        let reloaded = try roundTrip(whole.spec)
        #expect(reloaded.spec.withoutLocations == whole.spec.withoutLocations)
    }

    /// A text body is a whole `String` (once "no media type EndpointGen can send"); a binary body keeps its media type.
    @Test func textAndBinaryBodiesKeepTheirMediaType() throws {
        let fixture = try ImportFixture(document(paths: """
              /notes:
                post:
                  operationId: addNote
                  requestBody: { required: true, content: { text/plain: { schema: { type: string } } } }
                  responses: { '200': { description: OK } }
              /notes/csv:
                post:
                  operationId: addCSV
                  requestBody: { required: true, content: { text/csv: { schema: { type: string } } } }
                  responses: { '200': { description: OK } }
              /avatar:
                put:
                  operationId: putAvatar
                  requestBody: { required: true, content: { image/png: { schema: { type: string, format: binary } } } }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.endpoint("addNote")?.bodyValue.map { "\($0.name): \($0.type)" } == "body: String")
        #expect(fixture.endpoint("addNote")?.contentType == nil)
        #expect(fixture.endpoint("addNote")?.requestMediaType == "text/plain; charset=utf-8")
        #expect(fixture.endpoint("addCSV")?.contentType == "text/csv")
        #expect(fixture.parameterSummary("putAvatar") == ["body: Data (body 'body')"])
        #expect(fixture.endpoint("putAvatar")?.contentType == "image/png")
        #expect(fixture.warnings.isEmpty)
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
    }

    /// A JSON response offered beside XML asks for JSON only, which the client decodes.
    @Test func aJSONResponseBesideOthersIsAskedForAlone() throws {
        let fixture = try ImportFixture(document(paths: """
              /pet:
                get:
                  operationId: getPet
                  responses:
                    '200':
                      description: OK
                      content: { application/xml: { schema: { type: string } }, application/json: { schema: { type: string } } }
              /plain:
                get:
                  operationId: getPlain
                  responses: { '200': { description: OK, content: { application/json: { schema: { type: string } } } } }
            """))
        #expect(fixture.endpoint("getPet")?.accept == ["application/json"])
        #expect(fixture.endpoint("getPlain")?.accept == nil)
    }
}
