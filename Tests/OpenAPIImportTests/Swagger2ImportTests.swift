import EndpointSpec
import Foundation
import OpenAPIImport
import Testing

/// Swagger 2.0 documents import as the OpenAPI 3.0 documents they mean: each construct is checked against the 3.0
/// document written by hand, which must give the same spec, and warnings point into the 2.0 text.
@Suite struct Swagger2ImportTests {
    /// A 2.0 document: `paths` and anything else at the top level (`extra`), indented as written below.
    func swagger(paths: String, extra: String = "host: api.example.com\nbasePath: /v1\nschemes: [https]") -> String {
        """
        swagger: "2.0"
        info: { title: Test API, version: 2.1.0 }
        \(extra)
        paths:
        \(paths)
        """
    }

    /// Expects the 2.0 document and the 3.0 one to import as the same spec (locations aside), and returns the 2.0 import.
    @discardableResult
    func expectSame(_ swagger: String, as openAPI: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ImportFixture {
        let translated = try ImportFixture(swagger)
        let expected = try ImportFixture(openAPI)
        #expect(translated.spec.withoutLocations == expected.spec.withoutLocations, sourceLocation: sourceLocation)
        return translated
    }

    /// `x-nullable` makes even a required property optional.
    @Test func definitionsAreComponentSchemasAndXNullableIsOptional() throws {
        let fixture = try expectSame(swagger(paths: """
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters: [{ name: id, in: path, required: true, type: integer, format: int64 }]
                  responses: { '200': { description: OK, schema: { $ref: '#/definitions/Pet' } } }
            definitions:
              Pet:
                type: object
                required: [id, name, tag]
                properties:
                  id: { type: integer, format: int64 }
                  name: { type: string }
                  tag: { type: string, x-nullable: true }
                  owner: { $ref: '#/definitions/Owner' }
              Owner:
                properties: { name: { type: string } }
            """), as: document(
                paths: """
                  /pets/{id}:
                    get:
                      operationId: getPet
                      parameters: [{ name: id, in: path, required: true, schema: { type: integer, format: int64 } }]
                      responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
                """,
                components: """
                  schemas:
                    Pet:
                      type: object
                      required: [id, name, tag]
                      properties:
                        id: { type: integer, format: int64 }
                        name: { type: string }
                        tag: { type: string, nullable: true }
                        owner: { $ref: '#/components/schemas/Owner' }
                    Owner:
                      properties: { name: { type: string } }
                """))
        #expect(fixture.propertyTypes("Pet") == ["id: Int64", "name: String", "tag: String?", "owner: Owner?"])
        #expect(fixture.endpoint("getPet")?.response == .type(.model("Pet")))
        #expect(fixture.spec.server.host == "api.example.com")
        #expect(fixture.warnings.isEmpty)
    }

    /// `in: body` is the request body, in each media type the operation consumes (else the document's).
    @Test func aBodyParameterIsTheRequestBodyInTheConsumedMediaTypes() throws {
        let fixture = try expectSame(swagger(paths: """
              /pets:
                post:
                  operationId: addPet
                  parameters:
                    - { name: pet, in: body, required: true, schema: { type: object, required: [name], properties: { name: { type: string } } } }
                  responses: { '201': { description: Created } }
              /pets/{id}:
                patch:
                  operationId: patchPet
                  consumes: [application/merge-patch+json]
                  parameters:
                    - { name: id, in: path, required: true, type: string }
                    - { name: patch, in: body, schema: { type: object, properties: { tag: { type: string } } } }
                  responses: { '200': { description: OK } }
            """, extra: "host: api.example.com\nbasePath: /v1\nconsumes: [application/json]"), as: document(paths: """
              /pets:
                post:
                  operationId: addPet
                  requestBody:
                    required: true
                    content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } } }
                  responses: { '201': { description: Created } }
              /pets/{id}:
                patch:
                  operationId: patchPet
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    content: { application/merge-patch+json: { schema: { type: object, properties: { tag: { type: string } } } } }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.parameterSummary("addPet") == ["name: String (body 'name')"])
        #expect(fixture.endpoint("patchPet")?.contentType == "application/merge-patch+json")
    }

    /// `formData` is a form body; with a `type: file` member (or `consumes: [multipart/form-data]`) a multipart one
    /// whose file is `Data`.
    @Test func formDataIsAFormOrAMultipartBody() throws {
        let fixture = try expectSame(swagger(paths: """
              /login:
                post:
                  operationId: login
                  consumes: [application/x-www-form-urlencoded]
                  parameters:
                    - { name: user, in: formData, required: true, type: string }
                    - { name: remember, in: formData, type: boolean, default: false }
                  responses: { '204': { description: Done } }
              /pets/{id}/photo:
                post:
                  operationId: uploadPhoto
                  parameters:
                    - { name: id, in: path, required: true, type: integer }
                    - { name: caption, in: formData, type: string, description: Shown under it. }
                    - { name: file, in: formData, required: true, type: file }
                  responses: { '204': { description: Done } }
            """), as: document(paths: """
              /login:
                post:
                  operationId: login
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, required: [user], properties: { user: { type: string }, remember: { type: boolean, default: false } } }
                  responses: { '204': { description: Done } }
              /pets/{id}/photo:
                post:
                  operationId: uploadPhoto
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [file]
                          properties: { caption: { type: string, description: Shown under it. }, file: { type: string, format: binary } }
                  responses: { '204': { description: Done } }
            """))
        #expect(fixture.endpoint("login")?.bodyEncoding == .form)
        #expect(fixture.parameterSummary("login") == ["user: String (body 'user')", "remember: Bool (body 'remember')"])
        #expect(fixture.endpoint("uploadPhoto")?.bodyEncoding == .multipart)
        #expect(fixture.parameterSummary("uploadPhoto") == ["id: Int (path 'id')", "caption: String? (body 'caption')", "file: Data (body 'file')"])
    }

    /// Each response's `schema` is its content in the media types the operation produces (else the document's).
    @Test func producesGivesTheResponseMediaTypes() throws {
        let fixture = try expectSame(swagger(paths: """
              /health:
                get:
                  operationId: health
                  produces: [text/plain]
                  responses: { '200': { description: OK, schema: { type: string } } }
              /pets:
                get:
                  operationId: listPets
                  responses:
                    '200': { description: OK, schema: { type: array, items: { type: string } } }
                    default: { description: Error, schema: { type: object, properties: { message: { type: string } } } }
              /report:
                get:
                  operationId: report
                  produces: [application/pdf]
                  responses: { '200': { description: OK, schema: { type: file } } }
            """, extra: "host: api.example.com\nbasePath: /v1\nproduces: [application/xml, application/json]"), as: document(paths: """
              /health:
                get:
                  operationId: health
                  responses: { '200': { description: OK, content: { text/plain: { schema: { type: string } } } } }
              /pets:
                get:
                  operationId: listPets
                  responses:
                    '200':
                      description: OK
                      content:
                        application/xml: { schema: { type: array, items: { type: string } } }
                        application/json: { schema: { type: array, items: { type: string } } }
                    default:
                      description: Error
                      content:
                        application/xml: { schema: { type: object, properties: { message: { type: string } } } }
                        application/json: { schema: { type: object, properties: { message: { type: string } } } }
              /report:
                get:
                  operationId: report
                  responses: { '200': { description: OK, content: { application/pdf: { schema: { type: string, format: binary } } } } }
            """))
        #expect(fixture.endpoint("health")?.response == .string)
        #expect(fixture.endpoint("listPets")?.accept == ["application/json"])
        #expect(fixture.endpoint("listPets")?.errorModel == .model("ListPetsError"))
        #expect(fixture.endpoint("report")?.response == .data)
    }

    @Test(arguments: [
        ("basic: { type: basic }", "basic: { type: http, scheme: basic }", "basic"),
        ("key: { type: apiKey, in: header, name: X-API-Key }", "key: { type: apiKey, in: header, name: X-API-Key }", "key"),
        ("query: { type: apiKey, in: query, name: api_key }", "query: { type: apiKey, in: query, name: api_key }", "query"),
        (
            "oauth: { type: oauth2, flow: accessCode, authorizationUrl: 'https://a.example.com/auth', tokenUrl: 'https://a.example.com/token', scopes: { read: Read } }",
            "oauth: { type: oauth2, flows: { authorizationCode: { authorizationUrl: 'https://a.example.com/auth', tokenUrl: 'https://a.example.com/token', scopes: { read: Read } } } }",
            "oauth"
        ),
    ])
    func securityDefinitionsAreSecuritySchemes(swagger2: String, openAPI3: String, name: String) throws {
        let paths = """
              /me:
                get:
                  operationId: me
                  responses: { '200': { description: OK } }
              /open:
                get:
                  operationId: open
                  security: []
                  responses: { '200': { description: OK } }
            """
        let fixture = try expectSame(
            swagger(paths: paths, extra: "host: api.example.com\nbasePath: /v1\nsecurity: [{ \(name): [] }]\nsecurityDefinitions:\n  \(swagger2)"),
            as: document(paths: paths, components: "  securitySchemes:\n    \(openAPI3)", extra: "security: [{ \(name): [] }]"))
        #expect(fixture.spec.auth != nil)
        #expect(fixture.spec.endpoints.map(\.auth) == [.required, AuthRequirement.none])
    }

    /// `host`, `basePath` and `schemes` are the server, https first; without `host` the client points at localhost with the
    /// base path kept, warned at `basePath`.
    @Test func hostBasePathAndSchemesAreTheServer() throws {
        let paths = "  /ping: { get: { operationId: ping, responses: { '204': { description: Done } } } }"
        let both = try ImportFixture(swagger(paths: paths, extra: "host: 'api.example.com:8443'\nbasePath: /v2/\nschemes: [http, https]"))
        #expect(both.spec.server.scheme == .https)
        #expect(both.spec.server.host == "api.example.com")
        #expect(both.spec.server.port == 8443)
        #expect(both.spec.server.basePath == "/v2")
        let plain = try ImportFixture(swagger(paths: paths, extra: "host: localhost:8080\nschemes: [http]"))
        #expect(plain.spec.server.scheme == .http)
        #expect(plain.spec.server.port == 8080)
        let relative = try ImportFixture(swagger(paths: paths, extra: "basePath: /api"))
        #expect(relative.spec.server.host == "localhost")
        #expect(relative.spec.server.basePath == "/api")
        #expect(relative.warnings == [
            "api.yaml:3:11: warning: the server URL '/api' is relative; the client points at https://localhost/api: set the scheme, host and port at run time in 'ClientConfiguration.server', whose base path '/api' is kept",
        ])
    }

    /// `collectionFormat: multi` repeats the key, as the client sends an array; any other format (csv is the default)
    /// is a `String` the caller joins, with a warning naming the operation and parameter, counted in the summary.
    @Test func anArrayNotSentAsRepeatedKeysIsAStringWithAWarning() throws {
        let text = swagger(paths: """
              /pets:
                get:
                  operationId: findPets
                  parameters:
                    - { name: status, in: query, type: array, items: { type: string, enum: [available, sold] }, collectionFormat: multi }
                    - { name: tags, in: query, type: array, items: { type: string } }
                    - { name: ids, in: header, type: array, items: { type: integer }, collectionFormat: pipes }
                  responses: { '200': { description: OK } }
            """)
        let fixture = try ImportFixture(text)
        #expect(fixture.parameterSummary("findPets") == [
            "status: [FindPetsStatusItem]? (query 'status')", "tags: String? (query 'tags')", "ids: String? (header 'ids')",
        ])
        #expect(fixture.warnings == [
            "api.yaml:12:42: warning: the parameter 'tags' of operation 'findPets' is an array sent joined with ',' (collectionFormat csv, the default), which EndpointGen does not send (it repeats the key for each item); it is generated as a String: join the items with ','",
            "api.yaml:13:93: warning: the parameter 'ids' of operation 'findPets' is an array sent joined with '|' (collectionFormat pipes), which EndpointGen does not send (it repeats the key for each item); it is generated as a String: join the items with '|'",
        ])
        let summary = try OpenAPIImporter.importDocument(text: text, path: "api.yaml") { _ in throw NoSuchFile() }.summary
        #expect(summary.description == "imported 1 of 1 operation; 2 warnings: 2 parameters")
    }

    /// Top-level `parameters` and `responses` are used where they are referenced (a body one becomes that operation's
    /// body); a path item's parameters, body included, are each operation's, which may replace them.
    @Test func sharedParametersAndResponsesAreResolved() throws {
        try expectSame(swagger(paths: """
              /pets/{id}:
                parameters:
                  - $ref: '#/parameters/id'
                  - { name: verbose, in: query, type: boolean }
                put:
                  operationId: replacePet
                  parameters:
                    - $ref: '#/parameters/pet'
                    - { name: verbose, in: query, type: string }
                  responses: { '200': { $ref: '#/responses/Pet' } }
            parameters:
              id: { name: id, in: path, required: true, type: string }
              pet: { name: pet, in: body, required: true, schema: { $ref: '#/definitions/Pet' } }
            responses:
              Pet: { description: The pet, schema: { $ref: '#/definitions/Pet' } }
            definitions:
              Pet: { properties: { name: { type: string } } }
            """), as: document(
                paths: """
                  /pets/{id}:
                    put:
                      operationId: replacePet
                      parameters:
                        - { name: id, in: path, required: true, schema: { type: string } }
                        - { name: verbose, in: query, schema: { type: string } }
                      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
                      responses: { '200': { description: The pet, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
                """,
                components: "  schemas:\n    Pet: { properties: { name: { type: string } } }"))
    }

    /// A success response's headers are read through `…WithResponse`, typed (`format: url` is a `URL`), optional unless
    /// required (2.0 headers never are); OpenAPI 3 gives the same.
    @Test func responseHeadersAreDeclared() throws {
        let fixture = try expectSame(swagger(paths: """
              /files:
                post:
                  operationId: createFile
                  responses:
                    '201':
                      description: Created
                      headers:
                        Location: { type: string, format: url, description: Where it is. }
                        X-Rate-Limit: { type: integer }
            """), as: document(paths: """
              /files:
                post:
                  operationId: createFile
                  responses:
                    '201':
                      description: Created
                      headers:
                        Location: { description: Where it is., schema: { type: string, format: url } }
                        X-Rate-Limit: { schema: { type: integer } }
            """))
        #expect(fixture.endpoint("createFile")?.responseHeaders.map { "\($0.name): \($0.type)" } == ["Location: URL?", "X-Rate-Limit: Int?"])
        let required = try ImportFixture(document(paths: """
              /files:
                post:
                  operationId: createFile
                  responses:
                    '201':
                      description: Created
                      headers:
                        Location: { required: true, schema: { type: string } }
                        Content-Type: { schema: { type: string } }
                        X-Tags: { schema: { type: array, items: { type: string } } }
            """))
        #expect(required.endpoint("createFile")?.responseHeaders.map { "\($0.name): \($0.type)" } == ["Location: String", "X-Tags: String?"])
        #expect(required.warnings == [
            "api.yaml:15:31: warning: the response header 'X-Tags' of operation 'createFile' has the type '[String]', which EndpointGen cannot read from a header; it is read as a String",
        ])
    }

    /// A file another 2.0 document refers to is read in 3.0 terms too: its `definitions`, `x-nullable` (on a required
    /// property, which is otherwise not optional).
    @Test func aReferencedFileIsTranslatedToo() throws {
        let fixture = try ImportFixture(swagger(paths: """
              /pets:
                get:
                  operationId: listPets
                  responses: { '200': { description: OK, schema: { type: array, items: { $ref: 'common.yaml#/definitions/Pet' } } } }
            """), files: ["common.yaml": """
                definitions:
                  Pet:
                    required: [name]
                    properties:
                      name: { type: string, x-nullable: true }
                      owner: { $ref: '#/definitions/Owner' }
                  Owner: { required: [id], properties: { id: { type: integer } } }
                """])
        #expect(fixture.propertyTypes("Pet") == ["name: String?", "owner: Owner?"])
        #expect(fixture.propertyTypes("Owner") == ["id: Int"])
        #expect(fixture.warnings.isEmpty)
    }

    /// A 2.0 document in JSON reads as the same document in YAML, and its warnings point into the JSON text.
    @Test func aJSONSwaggerDocumentImportsLikeYAML() throws {
        let fixture = try ImportFixture("""
            {"swagger": "2.0", "info": {"title": "Json", "version": "1"}, "host": "json.example.com",
             "paths": {"/items": {"get": {"operationId": "listItems",
               "parameters": [{"name": "ids", "in": "query", "type": "array", "items": {"type": "integer"}, "collectionFormat": "ssv"}],
               "responses": {"200": {"description": "OK", "schema": {"type": "array", "items": {"type": "string"}}}}}}}}
            """)
        #expect(fixture.endpoint("listItems")?.response == .type(.array(.string)))
        #expect(fixture.parameterSummary("listItems") == ["ids: String? (query 'ids')"])
        #expect(fixture.warnings == [
            "api.yaml:3:117: warning: the parameter 'ids' of operation 'listItems' is an array sent joined with ' ' (collectionFormat ssv), which EndpointGen does not send (it repeats the key for each item); it is generated as a String: join the items with ' '",
        ])
    }

    /// The converted spec loads back as the same spec, so `convert` works on 2.0 too.
    @Test func aSwaggerImportRoundTripsThroughTheSpecFormat() throws {
        let fixture = try ImportFixture(swagger(paths: """
              /pets:
                post:
                  operationId: addPet
                  parameters: [{ name: pet, in: body, schema: { $ref: '#/definitions/Pet' } }]
                  responses: { '201': { description: Created, schema: { $ref: '#/definitions/Pet' }, headers: { Location: { type: string } } } }
            definitions:
              Pet: { required: [name], properties: { name: { type: string }, tag: { type: string, x-nullable: true } } }
            """))
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
    }
}

extension ConvertCommandTests {
    static let swaggerDocument = """
        swagger: "2.0"
        info: { title: Mini Swagger, version: "1" }
        host: api.example.com
        paths:
          /tags:
            get:
              operationId: listTags
              parameters: [{ name: names, in: query, type: array, items: { type: string } }]
              responses: { '200': { description: OK, schema: { type: array, items: { type: string } } } }
        """

    /// `convert` writes the spec a 2.0 document means, and `lint` reports the warnings `generate` would, with the summary.
    @Test func convertAndLintReadSwagger2() throws {
        let converted = try run(document: Self.swaggerDocument, ["convert", "api.yaml", "--output", "Mini.yaml"])
        defer { try? FileManager.default.removeItem(at: converted.folder) }
        #expect(converted.status == 0)
        #expect(try String(contentsOf: converted.folder.appendingPathComponent("Mini.yaml"), encoding: .utf8).contains("""
            server: { scheme: https, host: "api.example.com" }
            endpoints:
              listTags:
                GET: "/tags"
                params:
                  names: "String?"
                response: "[String]"
            """))
        let linted = try run(document: Self.swaggerDocument, ["lint", "api.yaml"])
        defer { try? FileManager.default.removeItem(at: linted.folder) }
        #expect(linted.status == 0)
        #expect(linted.errors.contains("api.yaml:8:52: warning: the parameter 'names' of operation 'listTags' is an array sent joined with ','"))
        #expect(linted.output.contains("api.yaml: imported 1 of 1 operation; 1 warning: 1 parameter"))
    }
}
