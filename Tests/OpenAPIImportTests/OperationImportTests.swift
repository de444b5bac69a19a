import EndpointGenCore
import EndpointSpec
import OpenAPIImport
import Testing

/// How paths and operations become endpoints: names, parameters, bodies, responses, auth and filters.
@Suite struct OperationImportTests {
    @Test func namesComeFromOperationIdsOrFromMethodAndPath() throws {
        let fixture = try ImportFixture(document(paths: """
              /customers/{customer}:
                parameters: [{ name: customer, in: path, required: true, schema: { type: string } }]
                get: { operationId: GetCustomersCustomer, responses: { '200': { description: OK } } }
                delete: { responses: { '204': { description: Gone } } }
              /customers/{customer}/:
                get: { operationId: getCustomersCustomer, responses: { '200': { description: OK } } }
            """))
        #expect(fixture.spec.endpoints.map(\.name) == ["getCustomersCustomer", "deleteCustomersCustomer", "getCustomersCustomer2"])
        #expect(fixture.spec.endpoints.map(\.path) == ["/customers/{customer}", "/customers/{customer}", "/customers/{customer}/"])
        #expect(fixture.warnings == [
            "api.yaml:11:10: warning: operation 'getCustomersCustomer' becomes the Swift name 'getCustomersCustomer', which an earlier operation has; it is generated as 'getCustomersCustomer2'",
            "api.yaml:11:10: warning: the path placeholder '{customer}' of operation 'getCustomersCustomer2' has no parameter; it is generated as a String",
        ])
    }

    @Test func parametersAreTypedPlacedAndNamed() throws {
        let fixture = try ImportFixture(document(paths: """
              /pets/{pet-id}:
                parameters:
                  - { name: pet-id, in: path, required: true, schema: { type: integer, format: int64 } }
                get:
                  operationId: getPet
                  parameters:
                    - { name: limit, in: query, schema: { type: integer, default: 10 } }
                    - { name: tags, in: query, required: true, schema: { type: array, items: { type: string } } }
                    - { name: X-Request-ID, in: header, schema: { type: string, format: uuid } }
                    - { name: session, in: cookie, schema: { type: string } }
                    - { name: filter, in: query, style: deepObject, schema: { type: object, required: [name], properties: { name: { type: string } } } }
                    - { name: expand, in: query, style: deepObject, schema: { type: array, items: { type: string } } }
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.endpoint("getPet")?.path == "/pets/{petId}")
        #expect(fixture.parameterSummary("getPet") == [
            "petId: Int64 (path 'pet-id')", "limit: Int (query 'limit')", "tags: [String] (query 'tags')",
            "xRequestID: UUID? (header 'X-Request-ID')", "session: String? (cookie 'session')", "filterName: String? (query 'filter[name]')",
            "expand: [String]? (query 'expand[]')",
        ])
        #expect(fixture.endpoint("getPet")?.parameters[1].defaultValue == .int(10))
        #expect(fixture.warnings.isEmpty)
    }

    @Test func jsonBodiesBecomeBodyParameters() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /pets:
                post:
                  operationId: createPet
                  parameters: [{ name: name, in: query, schema: { type: string } }]
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/NewPet' }
                  responses: { '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/NewPet' } } } } }
            """,
            components: """
              schemas:
                NewPet:
                  type: object
                  required: [name]
                  properties: { name: { type: string }, tags: { type: array, items: { type: string } } }
            """))
        let endpoint = try #require(fixture.endpoint("createPet"))
        #expect(fixture.parameterSummary("createPet") == ["queryName: String? (query 'name')", "bodyName: String (body 'name')", "tags: [String]? (body 'tags')"])
        #expect(endpoint.bodyEncoding == .json)
        #expect(endpoint.response == .type(.model("NewPet")))
    }

    @Test func formMultipartAndBinaryBodies() throws {
        let fixture = try ImportFixture(document(paths: """
              /form:
                post:
                  operationId: sendForm
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            email: { type: string }
                            address: { type: object, properties: { city: { type: string } } }
                            metadata: { type: object, additionalProperties: { type: string } }
                        encoding: { address: { style: deepObject, explode: true } }
                  responses: { '204': { description: Done } }
              /upload:
                post:
                  operationId: upload
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: { type: object, properties: { file: { type: string, format: binary }, note: { type: string } } }
                  responses: { '204': { description: Done } }
              /avatar:
                put:
                  operationId: putAvatar
                  requestBody: { required: true, content: { image/png: { schema: { type: string, format: binary } } } }
                  responses: { '204': { description: Done } }
            """))
        #expect(fixture.parameterSummary("sendForm") == [
            "email: String? (body 'email')", "addressCity: String? (body 'address[city]')", "metadata: [String: String]? (body 'metadata')",
        ])
        #expect(fixture.endpoint("sendForm")?.bodyEncoding == .form)
        #expect(fixture.parameterSummary("upload") == ["file: Data? (body 'file')", "note: String? (body 'note')"])
        #expect(fixture.endpoint("upload")?.bodyEncoding == .multipart)
        #expect(fixture.parameterSummary("putAvatar") == ["body: Data (body 'body')"])
        #expect(fixture.endpoint("putAvatar")?.bodyEncoding == .binary)
        #expect(fixture.endpoint("putAvatar")?.contentType == "image/png")
        // A map in a form body goes in bracket notation (`metadata[key]=value`): kept, nothing to warn about.
        #expect(fixture.warnings == [])
    }

    @Test func theFirstSuccessIsTheResponseAndErrorBodiesTheErrorModel() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /a:
                get:
                  operationId: text
                  responses:
                    '404': { description: No, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
                    '201': { description: Later, content: { text/plain: { schema: { type: string } } } }
                    '200': { description: Now, content: { text/plain: { schema: { type: string } } } }
              /b:
                get:
                  operationId: bytes
                  responses:
                    '200': { description: OK, content: { application/pdf: {} } }
                    default: { description: Bad, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
              /c:
                delete: { operationId: remove, responses: { '204': { description: Gone } } }
            """,
            components: """
              schemas:
                Problem: { type: object, properties: { message: { type: string } } }
            """))
        #expect(fixture.spec.endpoints.map(\.response) == [.string, .data, .empty])
        #expect(fixture.spec.endpoints.map(\.errorModel) == [.model("Problem"), .model("Problem"), nil])
        #expect(fixture.spec.errors.model == nil)
    }

    @Test func identicalInlineModelsOfDifferentOperationsAreOneModel() throws {
        let fixture = try ImportFixture(document(paths: """
              /a:
                get:
                  operationId: listA
                  parameters: [{ name: order, in: query, schema: { type: string, enum: [asc, desc] } }]
                  responses: { '200': { description: OK } }
              /b:
                get:
                  operationId: listB
                  parameters: [{ name: order, in: query, schema: { type: string, enum: [asc, desc] } }]
                  responses: { '200': { description: OK } }
              /c:
                get:
                  operationId: listC
                  parameters: [{ name: order, in: query, schema: { type: string, enum: [up, down] } }]
                  responses: { '200': { description: OK } }
            """))
        #expect(fixture.spec.endpoints.map { $0.parameters.map(\.type) } == [
            [.optional(.model("ListAOrder"))], [.optional(.model("ListAOrder"))], [.optional(.model("ListCOrder"))],
        ])
        #expect(fixture.spec.models.map(\.name) == ["ListAOrder", "ListCOrder"])
    }

    /// The same shape under two owners with their own descriptions (Stripe's payment method options, repeated for
    /// payment and setup intents) is one type: the later one is another name for it (`sameAs`, a typealias), so both
    /// names and descriptions stay and the client compiles one struct. A component with the shape is the one the
    /// inline models name; two components the document names apart stay two types.
    @Test func inlineModelsOfOneShapeAreOneTypeUnderTheirOwnNames() throws {
        let card = { (description: String) in
            "{ type: object, description: \"\(description)\", properties: { brand: { type: string, description: \"\(description)\" }, "
                + "mode: { type: string, enum: [auto, manual] } } }"
        }
        let fixture = try ImportFixture(document(
            paths: """
              /payments:
                get:
                  operationId: listPayments
                  responses: { '200': { description: OK, content: { application/json: { schema: { type: object, properties: { card: \(card("A payment's card.")) } } } } } }
              /setups:
                get:
                  operationId: listSetups
                  responses: { '200': { description: OK, content: { application/json: { schema: { type: object, properties: { card: \(card("A setup's card.")) } } } } } }
              /owners:
                get:
                  operationId: listOwners
                  responses: { '200': { description: OK, content: { application/json: { schema: { type: object, properties: {
                    named: { $ref: '#/components/schemas/Mode' }, inline: { type: string, enum: [auto, manual], description: Inline. }, twin: { $ref: '#/components/schemas/Twin' } } } } } } }
            """,
            components: """
              schemas:
                Mode: { type: string, enum: [auto, manual] }
                Twin: { type: string, enum: [auto, manual] }
            """))
        let models = Dictionary(uniqueKeysWithValues: fixture.spec.models.map { ($0.name, $0) })
        let payment = try #require(models["ListPaymentsResponseCard"])
        let setup = try #require(models["ListSetupsResponseCard"])
        #expect(payment.sameAs == nil)
        #expect(setup.sameAs == "ListPaymentsResponseCard")
        #expect(setup.description == "A setup's card.")
        #expect(setup.kind == payment.kind, "an alias's kind is the other's")
        // The responses that hold them are one shape then, and the second names the first.
        #expect(models["ListSetupsResponse"]?.sameAs == "ListPaymentsResponse")
        // The inline enums (the cards' modes and the owner's) name the component; the second component stays a type.
        #expect(models["Mode"]?.sameAs == nil && models["Twin"]?.sameAs == nil)
        let inlineModes = fixture.spec.models.filter { $0.name.hasSuffix("Mode") && $0.name != "Mode" }
        #expect(!inlineModes.isEmpty && inlineModes.allSatisfy { $0.sameAs == "Mode" }, "\(inlineModes.map { ($0.name, $0.sameAs) })")
        #expect(models["ListOwnersResponseInline"]?.sameAs == "Mode")

        // Generated: one struct, the other name a typealias with its own doc comment.
        let files = try Generator().generate(fixture.spec, specPath: "api.yaml").files
        let code = files.map(\.contents).joined()
        #expect(code.contains("public struct ListPaymentsResponseCard: Codable, Sendable, Hashable {"))
        #expect(!code.contains("public struct ListSetupsResponseCard"))
        #expect(code.contains("/// A setup's card.\npublic typealias ListSetupsResponseCard = ListPaymentsResponseCard\n"))
        #expect(code.contains("public typealias ListOwnersResponseInline = Mode\n"))
        #expect(code.contains("public struct Twin: OpenStringValue {"))
    }

    /// Inline models that differ only in a default are two types: one made the other's alias would silently take the
    /// other's default.
    @Test func inlineModelsThatDifferOnlyInADefaultStayTwoTypes() throws {
        let page = { (size: Int) in
            "{ type: object, properties: { size: { type: integer, default: \(size) }, cursor: { type: string } } }"
        }
        let fixture = try ImportFixture(document(
            paths: """
              /small:
                get:
                  operationId: listSmall
                  responses: { '200': { description: OK, content: { application/json: { schema: { type: object, properties: { page: \(page(10)) } } } } } }
              /large:
                get:
                  operationId: listLarge
                  responses: { '200': { description: OK, content: { application/json: { schema: { type: object, properties: { page: \(page(500)) } } } } } }
            """))
        let models = Dictionary(uniqueKeysWithValues: fixture.spec.models.map { ($0.name, $0) })
        #expect(try #require(models["ListSmallResponsePage"]).sameAs == nil)
        #expect(try #require(models["ListLargeResponsePage"]).sameAs == nil, "its default is 500, not 10")
        #expect(models["ListLargeResponse"]?.sameAs == nil)
    }

    @Test func securitySchemesBecomeTheSpecsAuth() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /me:
                get: { operationId: me, responses: { '200': { description: OK } } }
              /public:
                get: { operationId: open, security: [], responses: { '200': { description: OK } } }
              /maybe:
                get: { operationId: maybe, security: [{}, { bearer: [] }], responses: { '200': { description: OK } } }
            """,
            components: """
              securitySchemes:
                key: { type: apiKey, in: query, name: api_key }
                bearer: { type: http, scheme: bearer }
            """,
            extra: "security: [{ key: [] }, { bearer: [] }]"))
        let auth = try #require(fixture.spec.auth)
        #expect(auth.schemes.map(\.name) == ["key", "bearer"])
        #expect(auth.defaultSchemes == ["key", "bearer"])
        #expect(fixture.spec.endpoints.map(\.auth) == [.required, AuthRequirement.none, .required])
        #expect(fixture.spec.endpoints.map(\.authSchemes) == [["key", "bearer"], [], ["bearer"]])
        #expect(fixture.warnings == [
            "api.yaml:11:42: warning: operation 'maybe' also allows no credentials, which EndpointGen cannot say for schemes other than the default; it requires 'bearer'",
        ])
    }

    @Test func theServerIsTheFirstAbsoluteURLItsSchemeAndPortVariablesAtTheirDefaults() throws {
        let fixture = try ImportFixture("""
            openapi: 3.1.0
            info: { title: "42", version: "1" }
            servers:
              - url: /relative
              - url: "{scheme}://{host}:{port}/api/v2/"
                variables: { scheme: { default: http }, host: { default: example.org }, port: { default: "8443" } }
            paths: {}
            """)
        #expect(fixture.spec.server.scheme == .http)
        #expect(fixture.spec.server.host == "{host}")
        #expect(fixture.spec.server.port == 8443)
        #expect(fixture.spec.server.basePath == "/api/v2")
        #expect(fixture.spec.variables.map(\.name) == ["host"])
        #expect(fixture.spec.name == "Api")
        #expect(fixture.warnings == [
            "api.yaml:6:18: warning: the server variable 'scheme' of {scheme}://{host}:{port}/api/v2/ takes its default 'http': only the host and the path can hold a client variable; change 'ClientConfiguration.server' to use another",
            "api.yaml:6:77: warning: the server variable 'port' of {scheme}://{host}:{port}/api/v2/ takes its default '8443': only the host and the path can hold a client variable; change 'ClientConfiguration.server' to use another",
        ])
    }

    @Test func serverVariablesOfTheHostAndPathBecomeTheClientsVariables() throws {
        let fixture = try ImportFixture("""
            openapi: 3.1.0
            info: { title: Regions, version: "1" }
            servers:
              - url: "https://{region}.api.example.com/{release}"
                variables:
                  region: { default: eu, enum: [eu, us], description: The data region. }
                  release: { default: v1 }
            paths: {}
            """)
        #expect(fixture.spec.server.host == "{region}.api.example.com")
        #expect(fixture.spec.server.basePath == "/{release}")
        #expect(fixture.spec.variables.map(\.name) == ["region", "release"])
        #expect(fixture.spec.variables.map(\.defaultValue) == ["eu", "v1"])
        #expect(fixture.spec.variables.map(\.description) == ["The data region. One of: eu, us.", nil])
        #expect(fixture.warnings.isEmpty)
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func filtersKeepTheOperationsThatMatchAnyOfThem() throws {
        let paths = """
              /pets:
                get: { operationId: listPets, tags: [pets], responses: { '200': { description: OK } } }
              /pets/{id}:
                get: { operationId: getPet, parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { '200': { description: OK } } }
              /store/order:
                post: { responses: { '200': { description: OK } } }
              /users:
                get: { operationId: listUsers, tags: [users], responses: { '200': { description: OK } } }
            """
        let byTag = try ImportFixture(document(paths: paths), options: ImportOptions(tags: ["users"]))
        #expect(byTag.spec.endpoints.map(\.name) == ["listUsers"])
        let mixed = try ImportFixture(document(paths: paths), options: ImportOptions(paths: ["/pets/*"], operations: ["postStoreOrder"]))
        #expect(mixed.spec.endpoints.map(\.name) == ["getPet", "postStoreOrder"])
        #expect(importErrors(document(paths: paths), options: ImportOptions(tags: ["nope"])) == [
            "api.yaml:6:3: error: the filters (--include-tag nope) match no operation of the document",
        ])
    }

    @Test func referencesReachOtherLocalFiles() throws {
        let fixture = try ImportFixture(
            document(paths: """
                  /pets:
                    get:
                      operationId: listPets
                      parameters: [{ $ref: 'shared/parameters.yaml#/limit' }]
                      responses: { '200': { description: OK, content: { application/json: { schema: { $ref: 'shared/pet.yaml' } } } } }
                """),
            files: [
                "shared/parameters.yaml": "limit: { name: limit, in: query, schema: { type: integer } }",
                "shared/pet.yaml": "type: object\nproperties:\n  owner: { $ref: '../owner.yaml#/Owner' }",
                "owner.yaml": "Owner: { type: object, properties: { name: { type: string } } }",
            ])
        #expect(fixture.parameterSummary("listPets") == ["limit: Int? (query 'limit')"])
        #expect(fixture.endpoint("listPets")?.response == .type(.model("Pet")))
        #expect(fixture.propertyTypes("Pet") == ["owner: Owner?"])
        #expect(fixture.propertyTypes("Owner") == ["name: String?"])
    }

    @Test func brokenReferencesAreWarningsAndWhatUsesThemIsTypedJSON() throws {
        let fixture = try ImportFixture(document(paths: """
              /pets:
                get:
                  operationId: listPets
                  parameters: [{ name: q, in: query, schema: { $ref: '#/components/schemas/Missing' } }]
                  responses: { '200': { description: OK, content: { application/json: { schema: { $ref: 'gone.yaml#/Pet' } } } } }
            """))
        #expect(fixture.parameterSummary("listPets") == ["q: JSON? (query 'q')"])
        #expect(fixture.endpoint("listPets")?.response == .type(.json))
        #expect(fixture.warnings == [
            "api.yaml:9:20: warning: the parameter 'q' of operation 'listPets' is an unresolvable reference '#/components/schemas/Missing', which EndpointGen cannot type precisely; it is typed JSON",
            "api.yaml:9:50: warning: the reference '#/components/schemas/Missing' points at nothing in api.yaml",
            "api.yaml:10:85: warning: cannot read the referenced file 'gone.yaml': no such file",
            "api.yaml:10:85: warning: the response of operation 'listPets' is an unresolvable reference 'gone.yaml#/Pet', which EndpointGen cannot type precisely; it is typed JSON",
        ])
    }

    /// A reference that leads nowhere is said once where it is written (why it leads nowhere), and once by what uses it
    /// (what becomes of that): a parameter, whose name is unknown, is left out; a body is any JSON; a response is
    /// typed JSON; a response header an optional String; a path item or an operation is left out.
    @Test func whatAnUnresolvableReferenceBecomesIsSaidWhereItIsUsed() throws {
        let fixture = try ImportFixture(document(paths: """
              /pets:
                post:
                  operationId: addPet
                  parameters: [{ $ref: '#/components/parameters/Gone' }, { name: q, in: query, schema: { type: string } }]
                  requestBody: { $ref: '#/components/requestBodies/Gone' }
                  responses:
                    '201': { description: OK, headers: { X-Id: { $ref: '#/components/headers/Gone' } }, content: { application/json: { schema: { type: string } } } }
                get:
                  operationId: listPets
                  responses: { '200': { $ref: '#/components/responses/Gone' } }
              /gone: { $ref: '#/components/pathItems/Gone' }
            """))
        #expect(fixture.endpoint("addPet")?.parameters.map(\.name) == ["q"])
        #expect(fixture.endpoint("addPet")?.bodyValue?.type == .optional(.json))
        #expect(fixture.endpoint("addPet")?.responseHeaders.map(\.type) == [.optional(.string)])
        #expect(fixture.endpoint("listPets")?.response == .type(.json))
        #expect(fixture.spec.endpoints.map(\.name) == ["listPets", "addPet"])
        let uses = fixture.warnings.filter { !$0.contains("points at nothing") }
        #expect(uses == [
            "api.yaml:9:20: warning: a parameter of operation 'addPet' is the reference '#/components/parameters/Gone', which cannot be resolved, so neither its name nor its place is known; it is left out",
            "api.yaml:10:20: warning: the request body of operation 'addPet' is the reference '#/components/requestBodies/Gone', which cannot be resolved; it is sent as any JSON ('body: JSON?')",
            "api.yaml:12:52: warning: the response header 'X-Id' of operation 'addPet' is the reference '#/components/headers/Gone', which cannot be resolved; it is read as an optional String",
            "api.yaml:15:27: warning: the 200 response of operation 'listPets' is the reference '#/components/responses/Gone', which cannot be resolved; it is typed JSON",
            "api.yaml:16:10: warning: the path item '/gone' is the reference '#/components/pathItems/Gone', which cannot be resolved; its operations are left out",
        ], "\(fixture.warnings)")
        #expect(fixture.warnings.count(where: { $0.contains("points at nothing") }) == 5)
    }

    @Test func jsonDocumentsImportLikeYAML() throws {
        let fixture = try ImportFixture("""
            {"openapi": "3.1.0", "info": {"title": "Json", "version": "1"}, "servers": [{"url": "https://json.example.com"}],
             "paths": {"/items": {"get": {"operationId": "listItems",
               "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}}}}
            """)
        #expect(fixture.spec.name == "Json")
        #expect(fixture.endpoint("listItems")?.response == .type(.array(.string)))
        #expect(OpenAPIImporter.isOpenAPI("{\"openapi\": \"3.1.0\"}"))
    }

    @Test func documentsThatAreNotOpenAPI3AreRefused() {
        #expect(importErrors("swagger: '1.2'\npaths: {}") == [
            "api.yaml:1:10: error: Swagger 1.2 is not supported; expected 2.0 (or OpenAPI 3.0 or 3.1)",
        ])
        #expect(importErrors("openapi: 2.5.0\npaths: {}") == ["api.yaml:1:10: error: OpenAPI 2.5.0 is not supported; expected 3.0 or 3.1"])
        #expect(importErrors("openapi: 3.0.0\ninfo: {}") == ["api.yaml:1:1: error: missing required key 'paths' in the OpenAPI document"])
        #expect(importErrors("- openapi") == ["api.yaml:1:1: error: expected a mapping at the top of an OpenAPI document, found a sequence"])
        #expect(importErrors("openapi: 3.0.0\npaths: {a") == ["api.yaml:2:10: error: expected '}' to end the flow mapping"])
    }

    @Test func openAPIDocumentsAreRecognisedByTheirTopLevelKey() {
        #expect(OpenAPIImporter.isOpenAPI("components: {}\nopenapi: 3.0.0\n"))
        #expect(OpenAPIImporter.isOpenAPI("{\n  \"openapi\": \"3.1.0\"\n}"))
        #expect(OpenAPIImporter.isOpenAPI("swagger: '2.0'"))
        #expect(!OpenAPIImporter.isOpenAPI("name: Auth\nserver: { host: a.com }\nendpoints: {}\n"))
        #expect(!OpenAPIImporter.isOpenAPI("name: Auth\nmodels:\n  X:\n    openapi: String\n"))
    }
}
