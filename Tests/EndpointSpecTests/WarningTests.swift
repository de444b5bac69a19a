import EndpointSpec
import Testing

/// What is legal but probably wrong loads, with a located warning.
@Suite struct WarningTests {
    @Test func unusedModel() throws {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a }\n", extra: "models:\n  Orphan: { a: Int }\n")
        #expect(try SpecTesting.warnings(text) == ["Specs/Test.yaml:7:3: warning: model 'Orphan' is never used"])
    }

    /// A shared file's models serve many specs, each using some: only the loaded file's own unused models are warned.
    @Test func anIncludedModelThatIsNotUsedIsNotWarned() throws {
        let text = "include: Common.yaml\n" + SpecTesting.spec(endpoints: "  a: { GET: /a, response: Used }\n", extra: "models:\n  Mine: { a: Int }\n")
        let loaded = try SpecTesting.load(text, includes: ["Specs/Common.yaml": "models:\n  Used: { id: Int }\n  Spare: { id: Int }\n"])
        #expect(loaded.warnings.map(\.headline) == ["Specs/Test.yaml:8:3: warning: model 'Mine' is never used"])
    }

    @Test func unusedVariable() throws {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a }\n", extra: "variables: [locale]\n")
        #expect(try SpecTesting.warnings(text) == ["Specs/Test.yaml:6:13: warning: variable 'locale' is declared but no template uses it"])
    }

    @Test func secretInTheQuery() throws {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a, params: { key: { type: String, secret: true } } }\n")
        #expect(try SpecTesting.warnings(text) == [
            "Specs/Test.yaml:5:27: warning: secret parameter 'key' of endpoint 'a' is sent in the query, where servers and proxies log it",
        ])
    }

    @Test func retryOfANonIdempotentMethod() throws {
        let text = SpecTesting.spec(endpoints: "  a: { POST: /a, retry: 2 }\n")
        #expect(try SpecTesting.warnings(text) == [
            "Specs/Test.yaml:5:18: warning: endpoint 'a' retries a POST request, which is not idempotent: the server may act on it twice",
        ])
    }

    @Test func bodyEncodingWithoutBodyParameters() throws {
        let text = SpecTesting.spec(endpoints: "  a: { POST: /a, body: form }\n")
        #expect(try SpecTesting.warnings(text) == ["Specs/Test.yaml:5:18: warning: endpoint 'a' sets 'body: form' but has no body parameters"])
    }

    @Test func warningsComeWithErrorsWhenTheSpecIsRefused() {
        let text = SpecTesting.spec(endpoints: "  a: { POST: /a, body: form }\n  b: { GET: b }\n")
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:5:18: warning: endpoint 'a' sets 'body: form' but has no body parameters",
            "Specs/Test.yaml:6:13: error: endpoint 'b' path 'b' must start with '/'",
        ])
    }
}
