import EndpointSpec
import Testing

/// Two security schemes whose names become one Swift name (`api-key` and `api_key` are both `apiKey`, issue #23): the
/// later is numbered with a warning, so the spec loads and the client compiles, instead of a "both become" error.
@Suite struct SecuritySchemeNameTests {
    static let text = document(
        paths: """
          /a:
            get: { operationId: a, security: [{ api-key: [] }], responses: { '200': { description: OK } } }
          /b:
            get: { operationId: b, security: [{ api_key: [] }, { apiKey: [] }], responses: { '200': { description: OK } } }
        """,
        components: """
          securitySchemes:
            api-key: { type: apiKey, in: header, name: X-Key }
            api_key: { type: apiKey, in: query, name: key }
            apiKey: { type: http, scheme: bearer }
        """)

    @Test func clashingSchemeNamesAreNumberedWithAWarning() throws {
        let fixture = try ImportFixture(Self.text)
        let auth = try #require(fixture.spec.auth)
        #expect(auth.schemes.map { "\($0.name): \($0.placement.rawValue) \($0.key)" } == [
            "api-key: header X-Key", "api_key2: query key", "apiKey3: header Authorization",
        ])
        #expect(fixture.endpoint("a")?.authSchemes == ["api-key"])
        #expect(fixture.endpoint("b")?.authSchemes == ["api_key2", "apiKey3"])
        #expect(fixture.warnings.count == 2)
        #expect(fixture.warnings.allSatisfy { $0.contains("both become the Swift name 'apiKey'") })
        #expect(fixture.warnings.first?.hasSuffix("the security schemes 'api-key' and 'api_key' both become the Swift name 'apiKey'; 'api_key' is named 'api_key2'") == true)
    }

    @Test func theClientWithClashingSchemesCompiles() throws {
        let fixture = try ImportFixture(Self.text)
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
        try ClientCompiler.expectCleanCompile(fixture)
    }
}
