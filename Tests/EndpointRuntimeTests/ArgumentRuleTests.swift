import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// The rules an API's document states for arguments: each says what is wrong in the caller's words, a value that keeps
/// it (or no value) passes, and a request with a broken one is never sent.
@Suite(.timeLimit(.minutes(2))) struct ArgumentRuleTests {
    @Test func lengthsCountCharactersAndAnEmptyTextIsFineUnlessARuleSaysOtherwise() {
        #expect(ArgumentRule.length("topic", "").failure == nil)
        #expect(ArgumentRule.length("email", "", min: 1).failure == "'email' must not be empty")
        #expect(ArgumentRule.length("name", "ab", min: 3).failure == "'name' must be at least 3 characters long, not 2")
        #expect(ArgumentRule.length("name", "héllo", max: 5).failure == nil)
        #expect(ArgumentRule.length("name", "héllo!", max: 5).failure == "'name' must be at most 5 characters long, not 6")
        #expect(ArgumentRule.length("name", nil, min: 1).failure == nil)
    }

    @Test func aPatternNeedsAMatchSomewhereInTheText() {
        #expect(ArgumentRule.pattern("pin", "1234", "^[0-9]{4}$").failure == nil)
        #expect(ArgumentRule.pattern("pin", "12a4", "^[0-9]{4}$").failure == "'pin' must match the pattern '^[0-9]{4}$'")
        #expect(ArgumentRule.pattern("code", "xx-42", "[0-9]+").failure == nil)
        #expect(ArgumentRule.pattern("pin", nil, "^[0-9]{4}$").failure == nil)
    }

    @Test func boundsIncludeTheirLimitsUnlessExclusive() {
        #expect(ArgumentRule.bounds("limit", 200, min: 1, max: 200).failure == nil)
        #expect(ArgumentRule.bounds("limit", 201, max: 200).failure == "'limit' must be at most 200, not 201")
        #expect(ArgumentRule.bounds("limit", 0, min: 1).failure == "'limit' must be at least 1, not 0")
        #expect(ArgumentRule.bounds("ratio", 0.0, above: 0.0).failure == "'ratio' must be more than 0.0, not 0.0")
        #expect(ArgumentRule.bounds("ratio", 1.0, below: 1.0).failure == "'ratio' must be less than 1.0, not 1.0")
        #expect(ArgumentRule.bounds("price", Decimal(string: "9.99"), max: Decimal(10)).failure == nil)
        #expect(ArgumentRule.bounds("limit", Int?.none, max: 200).failure == nil)
    }

    @Test func countsAreOfTheListsItems() {
        #expect(ArgumentRule.count("ids", [1], min: 1, max: 3).failure == nil)
        #expect(ArgumentRule.count("ids", [Int](), min: 1).failure == "'ids' must have at least 1 item, not 0")
        #expect(ArgumentRule.count("ids", [1, 2, 3, 4], max: 3).failure == "'ids' must have at most 3 items, not 4")
        #expect(ArgumentRule.count("ids", [Int]?.none, min: 1).failure == nil)
    }

    @Test func aBrokenRuleFailsTheRequestBeforeItIsSentThroughTheFailureHook() async throws {
        let failures = Recorder<String>()
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(
            configuration: ClientConfiguration(server: ServerAddress(scheme: "https", host: "api.example.com"), retry: .none), transport: stub,
            onFailure: { error, summary in failures.append("\(error.failureReason) \(summary.method)") })
        let limit = 500
        let request = Request<Empty>(
            method: .get, path: "/rows", query: [QueryItem("limit", limit)], rules: [.length("state", ""), .bounds("limit", limit, max: 200)])
        await #expect(throws: EndpointError.invalidRequest("'limit' must be at most 200, not 500")) { try await client.send(request) }
        #expect(stub.requests.isEmpty)
        #expect(failures.values == ["Invalid request: 'limit' must be at most 200, not 500. GET"])
        _ = try await client.send(Request<Empty>(method: .get, path: "/rows", rules: [.length("state", ""), .bounds("limit", 200, max: 200)]))
        #expect(stub.requests.count == 1)
    }
}
