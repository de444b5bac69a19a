import Testing

@testable import EndpointSpec

/// An unknown type gets a did-you-mean over the built-in and declared types: by spelling (`Strng`, `Usr`), and for the
/// names other languages and formats give the built-ins, too far from ours for spelling to find (`Datetime?`).
@Suite struct TypeSuggestionTests {
    func problems(_ endpoints: String, extra: String = "") -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: endpoints, extra: extra))
    }

    @Test func otherLanguagesNamesOfBuiltInsSuggestOurs() {
        #expect(problems("  a: { GET: /a, params: { since: Datetime?, n: integer, on: boolean } }\n") == [
            "Specs/Test.yaml:5:34: error: unknown type 'Datetime' in parameter 'since' of endpoint 'a'; did you mean 'Date'?",
            "Specs/Test.yaml:5:48: error: unknown type 'integer' in parameter 'n' of endpoint 'a'; did you mean 'Int'?",
            "Specs/Test.yaml:5:61: error: unknown type 'boolean' in parameter 'on' of endpoint 'a'; did you mean 'Bool'?",
        ])
    }

    @Test func aDeclaredModelIsSuggestedBySpelling() {
        #expect(problems("  a: { GET: /a, response: Usr }\n", extra: "models:\n  User: { id: Int }\n") == [
            "Specs/Test.yaml:5:27: error: unknown type 'Usr' in the response of endpoint 'a'; did you mean 'User'?",
        ])
    }

    /// A model of that name is the type meant: no suggestion, no error.
    @Test func aModelNamedLikeAnotherLanguagesTypeIsThatModel() throws {
        #expect(try SpecTesting.warnings(SpecTesting.spec(endpoints: "  a: { GET: /a, response: Timestamp }\n", extra: "models:\n  Timestamp: { seconds: Int }\n")) == [])
    }
}
