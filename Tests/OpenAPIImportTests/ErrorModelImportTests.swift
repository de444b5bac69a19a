import EndpointSpec
import OpenAPIImport
import Testing

/// An operation whose error statuses document different bodies keeps each (issue 34): a chat API's sign-up answers
/// 401 with a challenge and 429 with `retry_after_ms`, and each decodes as its own type.
@Suite struct ErrorModelImportTests {
    static let text = document(
        paths: """
              /register:
                post:
                  operationId: register
                  responses:
                    '200': { description: OK }
                    '401': { description: Challenge, content: { application/json: { schema: { $ref: '#/components/schemas/Challenge' } } } }
                    '429': { description: Slow down, content: { application/json: { schema: { $ref: '#/components/schemas/RateLimited' } } } }
                    default: { description: Other, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
              /logout:
                post:
                  operationId: logout
                  responses:
                    '200': { description: OK }
                    '4XX': { description: Any, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
                    '500': { description: Any, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
            """,
        components: """
              schemas:
                Challenge: { type: object, properties: { session: { type: string } } }
                RateLimited: { type: object, properties: { retry_after_ms: { type: integer } } }
                Error: { type: object, properties: { error: { type: string } } }
            """)

    @Test func eachStatusKeepsTheBodyItDocuments() throws {
        let fixture = try ImportFixture(Self.text)
        let register = try #require(fixture.endpoint("register"))
        #expect(register.errorModels.map(\.status) == ["401", "429"])
        #expect(register.errorModels.map(\.type) == [.model("Challenge"), .model("RateLimited")])
        #expect(register.errorModel == .model("Error"))
        // Statuses that agree are one error model, as before.
        let logout = try #require(fixture.endpoint("logout"))
        #expect(logout.errorModels.isEmpty)
        #expect(logout.errorModel == .model("Error"))
        #expect(!fixture.warnings.contains { $0.contains("error model") })
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func aRangeWrittenInTwoCasesIsOneStatusTheFirstKept() throws {
        let fixture = try ImportFixture(document(
            paths: """
                  /register:
                    post:
                      operationId: register
                      responses:
                        '200': { description: OK }
                        '4xx': { description: Challenge, content: { application/json: { schema: { $ref: '#/components/schemas/Challenge' } } } }
                        '4XX': { description: Slow down, content: { application/json: { schema: { $ref: '#/components/schemas/RateLimited' } } } }
                        '500': { description: Other, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
                """,
            components: """
                  schemas:
                    Challenge: { type: object, properties: { session: { type: string } } }
                    RateLimited: { type: object, properties: { retry_after_ms: { type: integer } } }
                    Error: { type: object, properties: { error: { type: string } } }
                """))
        let register = try #require(fixture.endpoint("register"))
        #expect(register.errorModels.map(\.status) == ["500", "4XX"])
        #expect(register.errorModels.map(\.type) == [.model("Error"), .model("Challenge")])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func theClientDecodesEachStatusAsItsType() throws {
        let fixture = try ImportFixture(Self.text)
        let result = try ClientCompiler.compile(fixture.spec, specPath: "api.yaml", extraSource: """
            import EndpointRuntime

            func wait(_ client: TestAPIClient, _ error: EndpointError) -> Int? {
                switch client.registerErrorBody(of: error) {
                case .unauthorized(let challenge): challenge.session?.count
                case .tooManyRequests(let limited): limited.retryAfterMs
                case .other(let other): other.error?.count
                case nil: nil
                }
            }
            """)
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("warning:"), "\(result.output)")
    }
}
