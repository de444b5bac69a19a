import EndpointSpec
import Testing

/// How `auth` loads: the single form's placements, the named form's schemes, and each endpoint's schemes resolved
/// against `auth.default`.
@Suite struct AuthRuleTests {
    private static func spec(auth: String, endpoints: String) -> String {
        "name: Test\nserver: { host: example.com }\nauth: \(auth)\nendpoints:\n\(endpoints)"
    }

    @Test func theSingleFormKeepsItsMeaningAndGainsCookieAndBasic() throws {
        let header = try #require(try SpecTesting.load(Self.spec(auth: "{ scheme: JWT }", endpoints: "  a: { GET: /a }\n")).spec.auth)
        #expect((header.placement, header.name, header.scheme, header.defaultRequirement, header.isNamed) == (.header, "Authorization", "JWT", .required, false))
        let cookie = try #require(try SpecTesting.load(Self.spec(auth: "{ cookie: sid, default: optional }", endpoints: "  a: { GET: /a }\n")).spec.auth)
        #expect((cookie.placement, cookie.name, cookie.defaultRequirement) == (.cookie, "sid", .optional))
        let basic = try #require(try SpecTesting.load(Self.spec(auth: "{ basic: true }", endpoints: "  a: { GET: /a }\n")).spec.auth)
        #expect((basic.placement, basic.name, basic.scheme) == (.basic, "Authorization", nil))
    }

    @Test func endpointsResolveTheirSchemesAgainstTheDefault() throws {
        let spec = try SpecTesting.load(Self.spec(
            auth: "{ schemes: { user: { scheme: Bearer }, admin: { header: X-Admin-Key }, key: { query: k } }, default: [user, key] }",
            endpoints: """
                  plain: { GET: /a }
                  maybe: { GET: /b, auth: optional }
                  admin: { GET: /c, auth: admin }
                  either: { GET: /d, auth: [admin, user] }
                  open: { GET: /e, auth: none }

              """)).spec
        let auth = try #require(spec.auth)
        #expect(auth.schemes.map(\.name) == ["user", "admin", "key"])
        #expect(auth.schemes.map(\.placement) == [.header, .header, .query])
        #expect(auth.schemes.map(\.key) == ["Authorization", "X-Admin-Key", "k"])
        #expect(auth.schemes.map(\.prefix) == ["Bearer", nil, nil])
        #expect(auth.defaultSchemes == ["user", "key"])
        let resolved = spec.endpoints.map { "\($0.name): \($0.auth.rawValue) \($0.authSchemes)" }
        #expect(resolved == [
            #"plain: required ["user", "key"]"#, #"maybe: optional ["user", "key"]"#, #"admin: required ["admin"]"#,
            #"either: required ["admin", "user"]"#, "open: none []",
        ])
    }

    @Test func withoutADefaultEndpointsSendNothingUnlessTheyNameAScheme() throws {
        let spec = try SpecTesting.load(Self.spec(
            auth: "{ schemes: { admin: { header: X-Admin-Key } } }", endpoints: "  a: { GET: /a }\n  b: { GET: /b, auth: admin }\n")).spec
        #expect(spec.endpoints.map(\.auth) == [.none, .required])
        #expect(spec.endpoints.map(\.authSchemes) == [[], ["admin"]])
    }

    /// A scheme that did not decode is not reported again as unknown where an endpoint names it.
    @Test func aBrokenSchemeIsReportedOnce() {
        let problems = SpecTesting.problems(Self.spec(
            auth: "{ schemes: { user: { scheme: Bearer }, admin: [X-Admin-Key] }, default: admin }", endpoints: "  a: { GET: /a, auth: admin }\n"))
        #expect(problems.count == 1)
        #expect(problems.first?.contains("expected a mapping for auth scheme 'admin', found a sequence") == true)
    }

    /// A `default` that is refused leaves endpoints that rely on it unreported.
    @Test func aRefusedDefaultIsReportedOnce() {
        let problems = SpecTesting.problems(Self.spec(
            auth: "{ schemes: { user: { scheme: Bearer } }, default: required }", endpoints: "  a: { GET: /a, auth: required }\n  b: { GET: /b, auth: user }\n"))
        #expect(problems.count == 1)
        #expect(problems.first?.contains("'default' in an 'auth' with 'schemes' names the schemes endpoints use") == true)
    }
}
