import Testing

@testable import EndpointSpec

/// Every check runs whatever another found, and an error that only follows from one already reported is left out:
/// each test has one mistake whose knock-on the loader used to report (or would, without the damage it records),
/// and, where it matters, an independent mistake that must still be reported beside it.
@Suite struct KnockOnTests {
    func problems(_ endpoints: String, extra: String = "", includes: [String: String] = [:]) -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: endpoints, extra: extra), includes: includes)
    }

    @Test func aParameterOfUnknownTypeStillBindsItsPlaceholder() {
        #expect(problems("  user: { GET: \"/users/{id}\", params: { id: Itn } }\n") == [
            "Specs/Test.yaml:5:45: error: unknown type 'Itn' in parameter 'id' of endpoint 'user'; did you mean 'Int'?",
        ])
    }

    @Test func paramsOfTheWrongKindLeaveThePlaceholdersUnknown() {
        #expect(problems("  user: { GET: \"/users/{id}\", params: [id] }\n") == [
            "Specs/Test.yaml:5:39: error: expected a mapping for the params of endpoint 'user', found a sequence",
        ])
    }

    /// An unknown key whose value is a scalar cannot be the parameters: the placeholder is still checked.
    @Test func anUnknownScalarKeyDoesNotHideAnUndeclaredPlaceholder() {
        #expect(problems("  user: { GET: \"/users/{id}\", descripton: One user. }\n") == [
            "Specs/Test.yaml:5:24: error: endpoint 'user' path uses '{id}' but declares no parameter 'id'",
            "Specs/Test.yaml:5:31: error: unknown key 'descripton' in endpoint 'user'; did you mean 'description'?",
        ])
    }

    @Test func aBrokenMethodStillChecksTheRestOfTheEndpoint() {
        #expect(problems("  user: { FETCH: /users, params: { q: Strng }, timeout: soon }\n") == [
            "Specs/Test.yaml:5:11: error: unknown HTTP method 'FETCH' in endpoint 'user'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
            "Specs/Test.yaml:5:39: error: unknown type 'Strng' in parameter 'q' of endpoint 'user'; did you mean 'String'?",
            "Specs/Test.yaml:5:57: error: timeout 'soon' is not a duration; write a positive number and a unit (ms, s, min, h), e.g. 10s",
        ])
    }

    @Test func aBinaryBodyIsNotCountedWhenItsParameterDidNotDecode() {
        #expect(problems("  up: { POST: /up, body: binary, params: { file: Dta } }\n") == [
            "Specs/Test.yaml:5:50: error: unknown type 'Dta' in parameter 'file' of endpoint 'up'; did you mean 'Data'?",
        ])
    }

    @Test func aDefaultOfABrokenEnumIsNotChecked() {
        let models = "models:\n  User: { role: { type: Role, default: boss } }\n  Role: { enum: [admin, \"\"] }\n"
        #expect(problems("  a: { GET: /a, response: User }\n", extra: models) == ["Specs/Test.yaml:8:25: error: enum 'Role' has an empty case"])
    }

    @Test func aModelThatDidNotDecodeIsNoObjectKnockOn() {
        let models = "models:\n  Pet: { oneOf: [Cat], discriminator: kind }\n  Cat: [name]\n"
        #expect(problems("  a: { GET: /a, response: Pet }\n", extra: models) == [
            "Specs/Test.yaml:8:8: error: expected a mapping for model 'Cat', found a sequence",
        ])
    }

    @Test func aRefusedVariableIsNotReportedUndeclaredWhereItIsUsed() {
        #expect(problems("  a: { GET: /a, headers: { X-A: \"{2x}\" } }\n", extra: "variables: [2x]\n") == [
            "Specs/Test.yaml:6:13: error: variable name '2x' must be letters, digits, '_', '-' or '.', not starting with a digit",
        ])
        #expect(problems("  a: { GET: /a, headers: { X-A: \"{v}\" } }\n", extra: "variables: 3\n") == [
            "Specs/Test.yaml:6:12: error: expected a sequence or a mapping for 'variables', found a scalar",
        ])
    }

    @Test func aVersionThatDidNotDecodeIsNotReportedMissing() {
        #expect(problems("  a: { GET: /a, headers: { X-V: \"{version}\" } }\n", extra: "version: [1]\n") == [
            "Specs/Test.yaml:6:10: error: expected a string for 'version', found a sequence",
        ])
    }

    /// Types an include that failed would have declared are unknown, not errors; a likely typo of a known name still is.
    @Test func aFailedIncludeHidesOnlyTheTypesItMayHaveDeclared() {
        let text = "include: Common.yaml\n" + SpecTesting.spec(endpoints: "  a: { GET: /a, response: Problem, error: Usr }\n", extra: "models:\n  User: { id: Int }\n")
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:1:10: error: cannot read include 'Common.yaml' at 'Specs/Common.yaml': no such file",
            "Specs/Test.yaml:6:43: error: unknown type 'Usr' in the error of endpoint 'a'; did you mean 'User'?",
        ])
    }

    @Test func whatADiscardedDuplicateUsesIsNotUnused() {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a }\n  a: { GET: /b, response: User }\n", extra: "models:\n  User: { id: Int }\n")
        #expect(SpecTesting.problems(text) == ["Specs/Test.yaml:6:3: error: duplicate key 'a'"])
    }

    @Test func withoutEndpointsNoModelIsUnused() {
        #expect(SpecTesting.problems("name: T\nserver: { host: example.com }\nmodels:\n  User: { id: Int }\n") == [
            "Specs/Test.yaml:1:1: error: missing required key 'endpoints' in the spec",
        ])
    }

    @Test func aMisspeltRequiredKeyIsReportedOnce() {
        #expect(SpecTesting.problems("nmae: T\nserver: { host: example.com }\nendpoints: {}\n") == [
            "Specs/Test.yaml:1:1: error: unknown key 'nmae' in the spec; did you mean 'name'?",
        ])
    }

    /// The endpoints still decode with a server or name that did not, so their own mistakes are reported too.
    @Test func aBrokenServerStillChecksTheEndpoints() {
        #expect(SpecTesting.problems("name: T\nserver: example.com\nendpoints: { a: { GET: a } }\n") == [
            "Specs/Test.yaml:2:9: error: expected a mapping for 'server', found a scalar",
            "Specs/Test.yaml:3:24: error: endpoint 'a' path 'a' must start with '/'",
        ])
    }
}

/// The did-you-mean of durations and rates.
@Suite struct DurationSuggestionTests {
    @Test(arguments: [
        ("10 sec", "10s"), ("10 seconds", "10s"), ("1.5 min", "1.5min"), ("500 msec", "500ms"), ("2 hours", "2h"), ("3 Mins", "3min"),
    ])
    func durations(_ text: String, _ suggestion: String) {
        #expect(DurationSyntax.durationSuggestion(for: text) == suggestion)
    }

    @Test(arguments: ["10", "ten s", "10 fortnights", "0 s", "10s"])
    func noDurationSuggestion(_ text: String) {
        #expect(DurationSyntax.durationSuggestion(for: text) == nil)
    }

    @Test(arguments: [("5/sec", "5/s"), ("5 per second", "5/s"), ("100 requests/min", "100/min"), ("10/2 sec", "10/2s"), ("5 per 10 seconds", "5/10s")])
    func rates(_ text: String, _ suggestion: String) {
        #expect(DurationSyntax.rateSuggestion(for: text) == suggestion)
    }

    @Test(arguments: ["5", "five/s", "5/fortnight", "5/s"])
    func noRateSuggestion(_ text: String) {
        #expect(DurationSyntax.rateSuggestion(for: text) == nil)
    }
}
