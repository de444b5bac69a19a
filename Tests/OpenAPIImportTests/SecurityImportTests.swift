import EndpointSpec
import Testing

/// Several security schemes (issue #23 item 6): every scheme EndpointGen can send becomes a named scheme, the
/// document's `security` the default, and each operation's requirements its `auth`.
@Suite struct SecurityImportTests {
    static let mixed = document(
        paths: """
          /me:
            get: { operationId: me, responses: { '200': { description: OK } } }
          /admin:
            get: { operationId: admin, security: [{ adminKey: [] }, { login: [] }], responses: { '200': { description: OK } } }
          /public:
            get: { operationId: open, security: [], responses: { '200': { description: OK } } }
          /pets:
            get: { operationId: pets, security: [{ petstoreAuth: [read] }], responses: { '200': { description: OK } } }
          /session:
            get: { operationId: session, security: [{ session: [], signature: [] }], responses: { '200': { description: OK } } }
          /maybe:
            get: { operationId: maybe, security: [{}, { bearer: [] }, { queryKey: [] }], responses: { '200': { description: OK } } }
          /sso:
            get: { operationId: sso, security: [{ oidc: [] }], responses: { '200': { description: OK } } }
        """,
        components: """
          securitySchemes:
            bearer: { type: http, scheme: bearer }
            adminKey: { type: apiKey, in: header, name: X-Admin-Key }
            queryKey: { type: apiKey, in: query, name: api_key }
            login: { type: http, scheme: basic }
            session: { type: apiKey, in: cookie, name: sid }
            signature: { type: apiKey, in: header, name: X-Signature }
            petstoreAuth: { type: oauth2, flows: { implicit: { authorizationUrl: "https://example.com/auth", scopes: { read: read } } } }
            oidc: { type: openIdConnect, openIdConnectUrl: "https://example.com/.well-known/openid-configuration" }
        """,
        extra: "security: [{ bearer: [] }, { queryKey: [] }]")

    @Test func everySchemeIsNamedAndEachOperationUsesItsOwn() throws {
        let fixture = try ImportFixture(Self.mixed)
        let auth = try #require(fixture.spec.auth)
        #expect(auth.schemes.map { "\($0.name): \($0.placement.rawValue) \($0.key) \($0.prefix ?? "-")" } == [
            "bearer: header Authorization Bearer", "queryKey: query api_key -", "adminKey: header X-Admin-Key -",
            "login: basic Authorization -", "petstoreAuth: header Authorization Bearer", "session: cookie sid -",
            "signature: header X-Signature -", "oidc: header Authorization Bearer",
        ])
        #expect(auth.defaultSchemes == ["bearer", "queryKey"])
        #expect(fixture.spec.endpoints.map { "\($0.name): \($0.auth.rawValue) \($0.authSchemes)" } == [
            #"me: required ["bearer", "queryKey"]"#,
            #"admin: required ["adminKey", "login"]"#,
            "open: none []",
            #"pets: required ["petstoreAuth"]"#,
            #"session: required ["session"]"#,
            #"maybe: optional ["bearer", "queryKey"]"#,
            #"sso: required ["oidc"]"#,
        ])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }

    @Test func whatCannotBeSentAsWrittenIsWarnedAbout() throws {
        let fixture = try ImportFixture(Self.mixed)
        #expect(fixture.warnings == [
            "api.yaml:15:45: warning: operation 'session' needs the security schemes 'session' and 'signature' together; EndpointGen sends one scheme per request, 'session'",
            "api.yaml:28:5: warning: the security scheme 'petstoreAuth' (oauth2) is sent as a bearer token in 'Authorization'; EndpointGen does not run OAuth flows, the app supplies the token",
            "api.yaml:29:5: warning: the security scheme 'oidc' (openIdConnect) is sent as a bearer token in 'Authorization'; EndpointGen does not run OAuth flows, the app supplies the token",
        ])
    }

    @Test func theClientCompilesWithoutWarnings() throws {
        try ClientCompiler.expectCleanCompile(ImportFixture(Self.mixed))
    }

    @Test func oneSchemeKeepsTheSingleForm() throws {
        let fixture = try ImportFixture(document(
            paths: """
              /me:
                get: { operationId: me, responses: { '200': { description: OK } } }
              /public:
                get: { operationId: open, security: [], responses: { '200': { description: OK } } }
            """,
            components: "  securitySchemes:\n    key: { type: apiKey, in: query, name: api_key }",
            extra: "security: [{ key: [] }]"))
        let auth = try #require(fixture.spec.auth)
        #expect(auth.isNamed == false)
        #expect(auth.placement == .query)
        #expect(auth.name == "api_key")
        #expect(fixture.spec.endpoints.map(\.auth) == [.required, AuthRequirement.none])
        #expect(fixture.warnings == [])
    }

    /// `auth: none` is a requirement, so a scheme the document calls `none` gets another name in the spec.
    @Test func aSchemeNamedLikeARequirementIsRenamed() throws {
        let fixture = try ImportFixture(document(
            paths: "  /a:\n    get: { operationId: a, security: [{ none: [] }], responses: { '200': { description: OK } } }",
            components: "  securitySchemes:\n    none: { type: apiKey, in: header, name: X-Key }\n    bearer: { type: http, scheme: bearer }",
            extra: "security: [{ bearer: [] }]"))
        #expect(fixture.spec.auth?.schemes.map(\.name) == ["bearer", "noneScheme"])
        #expect(fixture.endpoint("a")?.authSchemes == ["noneScheme"])
        #expect(try roundTrip(fixture.spec).spec.withoutLocations == fixture.spec.withoutLocations)
    }
}
