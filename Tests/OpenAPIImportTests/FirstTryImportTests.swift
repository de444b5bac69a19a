import EndpointSpec
import Foundation
import OpenAPIImport
import Testing

/// What a real document means without configuration (issue 34): readable names for machine-made operation ids and
/// SCREAMING_SNAKE values, a relative server's path, `https` over `http`, and path keys as the URLs they stand for.
@Suite struct FirstTryImportTests {
    /// FastAPI's default ids are the function name, the path and the method (Prefect's served document has 188).
    @Test func fastAPIOperationIdsLoseTheirPathAndMethodSuffix() throws {
        let text = document(paths: """
              /flows/:
                post: { operationId: create_flow_flows__post, responses: { '204': { description: Done } } }
              /flows/{id}:
                get:
                  operationId: read_flow_flows__id__get
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses: { '204': { description: Done } }
              /flow_runs/filter:
                post: { operationId: read_flow_runs_flow_runs_filter_post, responses: { '204': { description: Done } } }
              /v2/flows/:
                post: { operationId: create_flow_v2_flows__post, responses: { '204': { description: Done } } }
              /named:
                get: { operationId: list_named_named_get, x-swift-name: listEverything, responses: { '204': { description: Done } } }
            """)
        let fixture = try ImportFixture(text)
        let names = fixture.spec.endpoints.map(\.name)
        #expect(names.contains("readFlow"))
        #expect(names.contains("readFlowRuns"))
        #expect(names.contains("listEverything"))
        // Two operations would both be `createFlow`: each keeps its whole id.
        #expect(names.contains("createFlowFlowsPost"))
        #expect(names.contains("createFlowV2FlowsPost"))
        // A filter still finds an operation by its id as written.
        let filtered = try ImportFixture(text, options: ImportOptions(operations: ["read_flow_runs_flow_runs_filter_post"]))
        #expect(filtered.spec.endpoints.map(\.name) == ["readFlowRuns"])
    }

    @Test func screamingSnakeEnumValuesAreCamelCased() throws {
        let fixture = try ImportFixture(oneResponseDocument("{ $ref: '#/components/schemas/Sort' }", schemas: """
                Sort: { type: string, enum: [START_TIME_ASC, NEXT_SCHEDULED_START_TIME_ASC, ID_DESC] }
            """))
        guard case .enumeration(let cases, _)? = fixture.spec.model(named: "Sort")?.kind else {
            Issue.record("Sort is no enumeration")
            return
        }
        #expect(cases.map { SwiftName.member($0.value) } == ["startTimeAsc", "nextScheduledStartTimeAsc", "idDesc"])
    }

    /// FastAPI's usual `servers: [{url: /api}]`: the path is the client's base path, the host is set at run time.
    @Test func aRelativeServerKeepsItsPath() throws {
        let fixture = try ImportFixture(document(paths: "  {}").replacingOccurrences(of: #"servers: [{ url: "https://api.example.com/v1" }]"#, with: "servers: [{ url: /api }]"))
        #expect(fixture.spec.server.basePath == "/api")
        #expect(fixture.spec.server.host == "localhost")
        #expect(fixture.warnings.contains { $0.contains("the server URL '/api' is relative; the client points at https://localhost/api") })
    }

    @Test func httpsIsPreferredAndCredentialsOverPlainHTTPAreWarned() throws {
        let both = try ImportFixture(document(paths: "  {}").replacingOccurrences(
            of: #"servers: [{ url: "https://api.example.com/v1" }]"#, with: #"servers: [{ url: "http://api.example.com/v1" }, { url: "https://api.example.com/v1" }]"#))
        #expect(both.spec.server.scheme == .https)
        let plain = document(
            paths: """
                  /me:
                    get: { operationId: me, responses: { '204': { description: Done } } }
                """,
            components: """
                  securitySchemes: { key: { type: apiKey, in: header, name: X-Key } }
                """,
            extra: "security: [{ key: [] }]"
        ).replacingOccurrences(of: #"servers: [{ url: "https://api.example.com/v1" }]"#, with: #"servers: [{ url: "http://api.example.com/v1" }]"#)
        let fixture = try ImportFixture(plain)
        #expect(fixture.spec.server.scheme == .http)
        #expect(fixture.warnings.contains { $0.contains("the API takes credentials, which would be sent unencrypted") })
    }

    /// A telephony API sends some operations to another host: not honoured yet, but never silently.
    @Test func serversOfAnOperationOrAPathItemAreWarnedAbout() throws {
        let fixture = try ImportFixture(document(paths: """
              /media:
                servers: [{ url: "https://media.example.com" }]
                get: { operationId: media, responses: { '204': { description: Done } } }
              /calls:
                post:
                  operationId: call
                  servers: [{ url: "https://calls.example.com/v2" }]
                  responses: { '204': { description: Done } }
            """))
        #expect(fixture.warnings.contains {
            $0.hasPrefix("api.yaml:7:")
                && $0.hasSuffix("warning: the path item of operation 'media' names its own server ('https://media.example.com'), which EndpointGen does not support yet; the call goes to the client's server ('ClientConfiguration.server')")
        })
        #expect(fixture.warnings.contains { $0.contains("warning: operation 'call' names its own server ('https://calls.example.com/v2')") })
    }

    /// A chat API keeps two operations on one URL apart with a trailing blank; a cloud API with a `#` suffix.
    @Test func pathKeysAreSentAsTheURLsTheyStandFor() throws {
        let fixture = try ImportFixture(document(paths: """
              /rooms/{roomId}/invite:
                post:
                  operationId: inviteUser
                  parameters: [{ name: roomId, in: path, required: true, schema: { type: string } }]
                  responses: { '204': { description: Done } }
              "/rooms/{roomId}/invite ":
                post:
                  operationId: inviteBy3PID
                  parameters: [{ name: roomId, in: path, required: true, schema: { type: string } }]
                  responses: { '204': { description: Done } }
              /logout#x-amz-sso_bearer_token:
                post: { operationId: logout, responses: { '204': { description: Done } } }
            """))
        #expect(fixture.endpoint("inviteUser")?.path == "/rooms/{roomId}/invite")
        #expect(fixture.endpoint("inviteBy3PID")?.path == "/rooms/{roomId}/invite")
        #expect(fixture.endpoint("logout")?.path == "/logout")
        #expect(fixture.warnings.contains { $0.contains("the path '/rooms/{roomId}/invite ' is sent as '/rooms/{roomId}/invite'") })
        #expect(fixture.warnings.contains { $0.contains("the path '/logout#x-amz-sso_bearer_token' is sent as '/logout'") })
    }

    /// An import names the error schema's message member, so a 403 reads as the server wrote it (issue 34 item 1).
    @Test func theErrorModelsMessageMemberIsTheMessageField() throws {
        func fields(_ errorSchema: String) throws -> [String] {
            let fixture = try ImportFixture(document(
                paths: """
                  /thing:
                    get:
                      operationId: getThing
                      responses:
                        '204': { description: Done }
                        default: { description: Error, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
                """,
                components: """
                  schemas:
                    Problem: \(errorSchema)
                    Inner: { type: object, properties: { message: { type: string }, code: { type: integer } } }
                """))
            return fixture.spec.errors.messageFields
        }
        #expect(try fields("{ type: object, properties: { code: { type: integer }, error: { type: string } } }") == ["error"])
        #expect(try fields("{ type: object, properties: { title: { type: string }, detail: { type: string } } }") == ["detail", "title"])
        #expect(try fields("{ type: object, properties: { error: { $ref: '#/components/schemas/Inner' } } }") == ["error.message"])
        #expect(try fields("{ type: object, properties: { detail: { type: array, items: { type: object, properties: { msg: { type: string } } } } } }") == ["detail"])
        #expect(try fields("{ type: object, properties: { code: { type: integer } } }") == [])
    }

    /// A conforming type of the app's own that leaves a requirement out must not compile: before, the overload with
    /// the default arguments stood in for it and called itself forever (issue 34 item 10).
    @Test func aConformerMissingARequirementDoesNotCompile() throws {
        let fixture = try ImportFixture(document(paths: """
              /things:
                get:
                  operationId: listThings
                  parameters: [{ name: limit, in: query, schema: { type: integer } }]
                  responses: { '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
            """))
        let missing = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            import EndpointRuntime
            struct Mine: TestAPIClientProtocol {}
            """)
        #expect(missing.status != 0)
        #expect(missing.output.contains("does not conform to protocol 'TestAPIClientProtocol'"))
        let complete = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            import EndpointRuntime
            struct Mine: TestAPIClientProtocol {
                func listThingsWithResponse(limit: Int?) async throws(EndpointError) -> Response<[String]> {
                    Response(body: ["\\(limit ?? 0)"], statusCode: 200, headers: [:])
                }
            }
            func use(_ api: any TestAPIClientProtocol) async throws {
                _ = try await api.listThings()
                _ = try await api.listThingsWithResponse(limit: 3)
                _ = try await api.listThingsWithResponse()
            }
            """)
        #expect(complete.status == 0, "\(complete.output)")
        #expect(complete.output == "")
    }
}
