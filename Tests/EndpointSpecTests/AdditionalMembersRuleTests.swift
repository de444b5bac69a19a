import EndpointSpec
import Testing

/// Members beyond the listed ones: a model's `additionalProperties: T` and a body parameter's `flat: true` map, what the
/// loader makes of each and each rule's message.
@Suite struct AdditionalMembersRuleTests {
    func problems(_ endpoints: String, models: String = "") -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: endpoints, extra: models))
    }

    @Test func aModelsAdditionalPropertiesTypeTheMembersBeyondItsProperties() throws {
        let loaded = try SpecTesting.load(SpecTesting.spec(endpoints: "  a: { GET: /a, response: Identifier }\n  b: { GET: /b, response: Counts }\n", extra: """
            models:
              Identifier:
                properties: { type: String }
                additionalProperties: String?
              Counts:
                properties: {}
                additionalProperties: Int

            """))
        #expect(loaded.spec.model(named: "Identifier")?.additionalProperties == .optional(.string))
        // Members alone are not an empty model: there is no warning that the members are lost.
        #expect(loaded.spec.model(named: "Counts")?.additionalProperties == .int)
        #expect(loaded.warnings.isEmpty)
    }

    @Test func aModelOnlyUsedForAdditionalPropertiesIsUsed() throws {
        let loaded = try SpecTesting.load(SpecTesting.spec(endpoints: "  a: { GET: /a, response: Rooms }\n", extra: """
            models:
              Rooms:
                properties: {}
                additionalProperties: Room
              Room: { name: String }

            """))
        #expect(loaded.warnings.isEmpty)
    }

    @Test func aBadAdditionalPropertiesTypeIsLocated() {
        #expect(problems("  a: { GET: /a, response: Thing }\n", models: "models:\n  Thing: { properties: { a: Int }, additionalProperties: Strng }\n") == [
            "Specs/Test.yaml:7:58: error: unknown type 'Strng' in the additional properties of model 'Thing'; did you mean 'String'?",
        ])
    }

    @Test func aFlatMapIsAParameterOfTheBody() throws {
        let loaded = try SpecTesting.load(SpecTesting.spec(endpoints: """
              login: { POST: /login, params: { user: String, extra: { type: "[String: JSON]", flat: true, default: {} } } }

            """))
        let parameters = try #require(loaded.spec.endpoints.first?.parameters)
        #expect(parameters.map(\.flat) == [false, true])
        #expect(parameters.map(\.placement) == [.body, .body])
    }

    @Test func theFlatRules() {
        #expect(problems("  a: { POST: /a, params: { extra: { type: String, flat: true } } }\n") == [
            "Specs/Test.yaml:5:57: error: 'flat' of parameter 'extra' of endpoint 'a' is for a map whose entries are sent as members of the body, but its type is 'String'",
        ])
        #expect(problems("  a: { GET: /a, params: { extra: { type: \"[String: String]\", flat: true } } }\n") == [
            "Specs/Test.yaml:5:68: error: 'flat' of parameter 'extra' of endpoint 'a' is for a map whose entries are sent as members of the body, but it is sent in the query",
        ])
        #expect(problems("  a: { POST: /a, body: { encoding: form }, params: { extra: { type: \"[String: Int]\", flat: true, style: form } } }\n") == [
            "Specs/Test.yaml:5:92: error: 'flat' of parameter 'extra' of endpoint 'a' is for a map whose entries are sent as members of the body, but it has a 'style', which is for one member holding a structured value",
        ])
        #expect(problems("  a: { POST: /a, body: { encoding: form }, params: { extra: { type: \"[String: Pet]\", flat: true } } }\n", models: "models:\n  Pet: { id: Int }\n") == [
            "Specs/Test.yaml:5:54: error: the values of parameter 'extra' of endpoint 'a' have the type 'Pet', which has no text form to send in a form body ('Pet' is an object); type them JSON to send each one's JSON text",
        ])
        #expect(problems("  a: { POST: /a, body: { encoding: multipart }, params: { extra: { type: \"[String: Data]\", flat: true, filename: a.png } } }\n") == [
            "Specs/Test.yaml:5:114: error: 'filename' of parameter 'extra' of endpoint 'a' cannot name the files of a flat map; each is sent with its key as its file name",
        ])
    }

    /// `part:` puts a header parameter in a part of the multipart body (OpenAPI's `encoding.{part}.headers`); it names
    /// a body parameter of a multipart endpoint and goes with `in: header`, each misuse located.
    @Test func aHeaderOfAPartNamesABodyParameterOfAMultipartBody() throws {
        let loaded = try SpecTesting.load(SpecTesting.spec(endpoints: """
              a:
                POST: /a
                body: multipart
                params:
                  photo: { type: Data, contentType: image/png }
                  checksum: { type: String?, in: header, key: Content-MD5, part: photo }

            """))
        let parameters = try #require(loaded.spec.endpoints.first).parameters
        #expect(parameters.map(\.part) == [nil, "photo"])
        #expect(parameters.map(\.placement) == [.body, .header])
        #expect(problems("  a: { POST: /a, body: multipart, params: { photo: Data, md5: { type: String, in: query, part: photo } } }\n") == [
            "Specs/Test.yaml:5:96: error: 'part' of parameter 'md5' of endpoint 'a' names the part of a multipart body it is a header of, but it is sent in the query",
        ])
        #expect(problems("  a: { POST: /a, body: json, params: { photo: Data, md5: { type: String, in: header, part: photo } } }\n") == [
            "Specs/Test.yaml:5:92: error: 'part' of parameter 'md5' of endpoint 'a' names a part of a multipart body, but the endpoint's body is not multipart",
        ])
        #expect(problems("  a: { POST: /a, body: multipart, params: { photo: Data, md5: { type: String, in: header, part: phot } } }\n") == [
            "Specs/Test.yaml:5:97: error: 'part' of parameter 'md5' of endpoint 'a' is 'phot', which is no part of the endpoint's multipart body; did you mean 'photo'?",
        ])
    }

    /// `response: Multipart` reads a multipart response as its parts; `Multipart` is no model name then.
    @Test func aMultipartResponseIsItsPartsAndMultipartNoModelName() throws {
        let loaded = try SpecTesting.load(SpecTesting.spec(endpoints: "  a: { GET: /a, response: Multipart }\n"))
        #expect(loaded.spec.endpoints.first?.response == .multipart)
        #expect(problems("  a: { GET: /a, response: Multipart }\n", models: "models:\n  Multipart: { id: Int }\n") == [
            "Specs/Test.yaml:7:3: error: 'Multipart' is reserved for the parts of multipart responses; give the model another name",
        ])
    }
}
