import EndpointSpec
import Testing

/// Bodies, media types and the free-form `JSON` type: what the loader makes of each, and each rule's message.
@Suite struct BodyRuleTests {
    func endpoints(_ text: String, models: String = "") throws -> [Endpoint] {
        try SpecTesting.load(SpecTesting.spec(endpoints: text, extra: models)).spec.endpoints
    }

    func problems(_ text: String, models: String = "") -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: text, extra: models))
    }

    @Test func aWholeValueBodyIsNamedAfterItsModelAndLeavesTheParametersInTheQuery() throws {
        let endpoint = try #require(try endpoints(
            "  addPet: { POST: /pets, body: { type: Pet }, params: { dryRun: Bool } }\n", models: "models:\n  Pet: { id: Int }\n").first)
        #expect(endpoint.bodyValue?.name == "pet")
        #expect(endpoint.bodyValue?.type == .model("Pet"))
        #expect(endpoint.bodyEncoding == .json)
        #expect(endpoint.parameters.map(\.placement) == [.query])
    }

    @Test func aWholeValueBodyTakesItsNameAndItsTypeDecidesTheEncoding() throws {
        let all = try endpoints("""
              tags: { PUT: /tags, body: { type: "[String]", name: tags } }
              upload: { PUT: /file, body: { type: Data, contentType: image/png } }
              note: { POST: /notes, body: { type: String?, contentType: text/markdown } }

            """)
        #expect(all.map { $0.bodyValue?.name } == ["tags", "body", "body"])
        #expect(all.map(\.bodyEncoding) == [.json, .binary, .binary])
        #expect(all.map(\.contentType) == [nil, "image/png", "text/markdown"])
        #expect(all[2].bodyValue?.type == .optional(.string))
    }

    @Test func aMediaTypeAloneKeepsTheParametersInAJSONBody() throws {
        let endpoint = try #require(try endpoints(
            "  patch: { PATCH: \"/p/{id}\", body: { contentType: application/merge-patch+json }, params: { id: Int, name: String? } }\n").first)
        #expect(endpoint.bodyEncoding == .json)
        #expect(endpoint.contentType == "application/merge-patch+json")
        #expect(endpoint.parameters.map(\.placement) == [.path, .body])
    }

    /// A `body` key gives a DELETE its body (parameters go there unless they say otherwise), with a warning.
    @Test func aDeleteWithABodyKeyPutsItsParametersThereAndWarns() throws {
        let text = SpecTesting.spec(endpoints: "  purge:\n    DELETE: /items\n    body: json\n    params: { ids: \"[Int]\", force: { type: Bool, in: query } }\n")
        let endpoint = try #require(try SpecTesting.load(text).spec.endpoints.first)
        #expect(endpoint.parameters.map(\.placement) == [.body, .query])
        #expect(endpoint.bodyEncoding == .json)
        #expect(try SpecTesting.warnings(text) == [
            "Specs/Test.yaml:7:5: warning: endpoint 'purge' sends a body with DELETE, which some proxies and servers drop; check that yours pass it on",
        ])
    }

    @Test func anInBodyParameterGivesADeleteABody() throws {
        let endpoint = try #require(try endpoints("  purge: { DELETE: /items, params: { ids: { type: \"[Int]\", in: body } } }\n").first)
        #expect(endpoint.bodyEncoding == .json)
        #expect(endpoint.parameters.map(\.placement) == [.body])
    }

    @Test func aDeleteWithoutABodyKeepsItsParametersInTheQuery() throws {
        let endpoint = try #require(try endpoints("  purge: { DELETE: /items, params: { ids: \"[Int]\" } }\n").first)
        #expect(endpoint.bodyEncoding == nil)
        #expect(endpoint.parameters.map(\.placement) == [.query])
    }

    @Test func acceptTakesOneMediaTypeOrAList() throws {
        let all = try endpoints("  a: { GET: /a, accept: text/csv, response: String }\n  b: { GET: /b, accept: [application/vnd.api+json, application/json] }\n  c: { GET: /c }\n")
        #expect(all.map(\.accept) == [["text/csv"], ["application/vnd.api+json", "application/json"], nil])
    }

    @Test func jsonIsABuiltInTypeWhoseDefaultMayBeAnyValue() throws {
        let spec = try SpecTesting.load(SpecTesting.spec(
            endpoints: "  doc: { GET: /doc, params: { filter: { type: JSON, default: { a: [1, true, null] } } }, response: \"[String: JSON]\" }\n")).spec
        #expect(spec.endpoints[0].parameters[0].type == .json)
        #expect(spec.endpoints[0].response == .type(.dictionary(.json)))
    }

    @Test func freeFormTypeNamesOfOtherLanguagesPointAtJSON() throws {
        let text = SpecTesting.spec(endpoints: "  doc: { GET: /doc, response: JSONValue }\n  any: { GET: /any, response: \"[Any]\" }\n")
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:5:31: error: unknown type 'JSONValue' in the response of endpoint 'doc'",
            "Specs/Test.yaml:6:33: error: unknown type 'Any' in the response of endpoint 'any'",
        ])
        do {
            _ = try SpecTesting.load(text)
        } catch {
            #expect(error.diagnostics[0].notes.map(\.message) == [
                "for any JSON value write 'JSON' (in Swift the runtime's JSONValue, with subscripts and decode(as:))",
            ])
        }
    }

    @Test func anEmptyModelIsAWarningThatSuggestsJSON() throws {
        #expect(try SpecTesting.warnings(SpecTesting.spec(endpoints: "  doc: { GET: /doc, response: Doc }\n", extra: "models:\n  Doc: {}\n")) == [
            "Specs/Test.yaml:7:3: warning: model 'Doc' has no properties, so it decodes any JSON object and keeps none of its members",
        ])
    }

    @Test func theBodysRules() {
        #expect(problems("  a: { POST: /a, body: { type: Pet, encoding: json } }\n", models: "models:\n  Pet: { id: Int }\n") == [
            "Specs/Test.yaml:5:47: error: the body of endpoint 'a' has a 'type', which decides its encoding; leave 'encoding: json' out",
        ])
        #expect(problems("  a: { POST: /a, body: { name: pet } }\n") == [
            "Specs/Test.yaml:5:26: error: 'name' in the body of endpoint 'a' describes a whole-value body; add its 'type', e.g. type: Pet",
        ])
        #expect(problems("  a: { POST: /a, body: { type: JSON, contentType: json } }\n") == [
            "Specs/Test.yaml:5:51: error: bad content type 'json'; write type/subtype, e.g. application/json",
        ])
        #expect(problems("  a: { GET: /a, accept: [json] }\n") == [
            "Specs/Test.yaml:5:26: error: bad content type 'json'; write type/subtype, e.g. application/json",
        ])
        #expect(problems("  a: { HEAD: /a, body: { type: JSON } }\n") == [
            "Specs/Test.yaml:5:18: error: endpoint 'a' has a body, but HEAD requests have none (URLSession on Apple platforms refuses one); use POST, or send the value as a query parameter",
        ])
        #expect(problems("  a: { POST: /a, body: { type: JSON, name: \"-\" } }\n") == [
            "Specs/Test.yaml:5:44: error: the name of the body of endpoint 'a' must have a letter or digit, not '-'",
        ])
    }

    @Test func headersTheBodyOrAcceptWouldReplaceAreErrors() {
        #expect(problems("  a: { POST: /a, params: { n: Int }, headers: { content-type: text/plain } }\n") == [
            "Specs/Test.yaml:5:49: error: header 'content-type' of endpoint 'a' would be lost: the body sets Content-Type (json sends application/json)",
        ])
        #expect(problems("  a: { POST: /a, body: { type: JSON, contentType: application/vnd.api+json }, params: { t: { type: String, in: header, key: Content-Type } } }\n") == [
            "Specs/Test.yaml:5:125: error: header parameter 't' of endpoint 'a' would be lost: the body sets Content-Type (application/vnd.api+json)",
        ])
        #expect(problems("  a: { GET: /a, accept: text/csv, headers: { Accept: text/plain } }\n") == [
            "Specs/Test.yaml:5:46: error: header 'Accept' of endpoint 'a' would be lost: the endpoint's 'accept' sets Accept",
        ])
    }
}
