import EndpointSpec
import Testing

/// A parameter's rules (`minLength`, `maximum`...): read for the types they are about, refused elsewhere, and refused
/// when no value could keep them.
@Suite struct ParameterRulesTests {
    func endpoint(_ params: String) -> String {
        SpecTesting.spec(endpoints: "  rows:\n    GET: /rows\n    params:\n" + params)
    }

    @Test func eachRuleIsReadForTheTypeItIsAbout() throws {
        let spec = try SpecTesting.load(endpoint("""
                  state: { type: String, minLength: 0, maxLength: 64, pattern: '^[a-z.]*$' }
                  limit: { type: Int?, minimum: 1, maximum: 200 }
                  ratio: { type: Double, exclusiveMinimum: 0, exclusiveMaximum: 1.5 }
                  ids: { type: "[Int]", minItems: 1, maxItems: 50 }
                  topic: String
            """)).spec
        let rules = Dictionary(uniqueKeysWithValues: try #require(spec.endpoints.first).parameters.map { ($0.name, $0.rules) })
        #expect(rules["state"] == ParameterRules(minLength: 0, maxLength: 64, pattern: "^[a-z.]*$"))
        #expect(rules["limit"] == ParameterRules(minimum: .int(1), maximum: .int(200)))
        #expect(rules["ratio"] == ParameterRules(exclusiveMinimum: .int(0), exclusiveMaximum: .double(1.5)))
        #expect(rules["ids"] == ParameterRules(minItems: 1, maxItems: 50))
        #expect(rules["topic"]?.isEmpty == true)
    }

    @Test func aRuleForAnotherTypeIsRefusedAtItsKey() {
        #expect(SpecTesting.problems(endpoint("      limit: { type: Int, minLength: 1 }\n")) == [
            "Specs/Test.yaml:8:27: error: 'minLength' of parameter 'limit' of endpoint 'rows' is for a String, but its type is 'Int'",
        ])
        #expect(SpecTesting.problems(endpoint("      name: { type: String?, maximum: 3 }\n")) == [
            "Specs/Test.yaml:8:30: error: 'maximum' of parameter 'name' of endpoint 'rows' is for a number, but its type is 'String?'",
        ])
        #expect(SpecTesting.problems(endpoint("      name: { type: String, maxItems: 3 }\n")) == [
            "Specs/Test.yaml:8:29: error: 'maxItems' of parameter 'name' of endpoint 'rows' is for a list, but its type is 'String'",
        ])
    }

    @Test func valuesThatAreNoBoundAreRefused() {
        #expect(SpecTesting.problems(endpoint("      limit: { type: Int, maximum: 2.5 }\n")) == [
            "Specs/Test.yaml:8:36: error: 'maximum' of parameter 'limit' of endpoint 'rows' must be an integer, not '2.5'",
        ])
        #expect(SpecTesting.problems(endpoint("      name: { type: String, minLength: -1 }\n")) == [
            "Specs/Test.yaml:8:40: error: 'minLength' of parameter 'name' of endpoint 'rows' must be an integer in 0...\(Int.max), not '-1'",
        ])
        #expect(SpecTesting.problems(endpoint("      name: { type: String, minLength: 5, maxLength: 2 }\n")) == [
            "Specs/Test.yaml:8:29: error: 'minLength' of parameter 'name' of endpoint 'rows' is 5, more than its 'maxLength' 2: no value would do",
        ])
        #expect(SpecTesting.problems(endpoint("      name: { type: String, pattern: '[a-' }\n")) == [
            "Specs/Test.yaml:8:38: error: the pattern of parameter 'name' of endpoint 'rows' is not a regular expression: '[a-'",
        ])
    }
}
