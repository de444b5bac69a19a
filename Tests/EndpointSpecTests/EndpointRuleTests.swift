import EndpointSpec
import Testing

/// Endpoint and parameter rules: each rule's whole message and location.
@Suite struct EndpointRuleTests {
    func problems(_ endpoints: String, extra: String = "") -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: endpoints, extra: extra))
    }

    @Test func pathPlaceholderWithoutAParameter() {
        #expect(problems("  user:\n    GET: /users/{id}\n") == [
            "Specs/Test.yaml:6:17: error: endpoint 'user' path uses '{id}' but declares no parameter 'id'",
        ])
    }

    @Test func pathParameterWithoutAPlaceholder() {
        #expect(problems("  user:\n    GET: /users\n    params: { id: { type: Int, in: path } }\n") == [
            "Specs/Test.yaml:7:36: error: endpoint 'user' declares parameter 'id' in: path but its path has no '{id}'",
        ])
    }

    @Test func pathWithoutLeadingSlash() {
        #expect(problems("  user: { GET: users }\n") == ["Specs/Test.yaml:5:16: error: endpoint 'user' path 'users' must start with '/'"])
    }

    @Test func unbalancedPlaceholder() {
        #expect(problems("  user: { GET: \"/users/{id\" }\n") == [
            "Specs/Test.yaml:5:16: error: endpoint 'user' path '/users/{id' has a '{' or '}' without its pair",
        ])
    }

    @Test func repeatedPlaceholder() {
        #expect(problems("  pair: { GET: \"/{id}/{id}\", params: { id: Int } }\n") == [
            "Specs/Test.yaml:5:23: error: endpoint 'pair' path uses '{id}' twice",
        ])
    }

    @Test func unknownMethod() {
        #expect(problems("  user: { FETCH: /users }\n") == [
            "Specs/Test.yaml:5:11: error: unknown HTTP method 'FETCH' in endpoint 'user'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
        ])
    }

    @Test func lowercaseMethodIsAnUnknownKeyWithASuggestion() {
        #expect(problems("  user: { get: /users }\n") == [
            "Specs/Test.yaml:5:11: error: unknown key 'get' in endpoint 'user'; did you mean 'GET'?",
        ])
    }

    @Test func twoMethodsInOneEndpoint() {
        #expect(problems("  user: { GET: /users, POST: /users }\n") == [
            "Specs/Test.yaml:5:24: error: endpoint 'user' has more than one method; declare 'POST' as an endpoint of its own",
        ])
    }

    @Test func bodyParameterOnAMethodWithoutBody() {
        #expect(problems("  search: { GET: /search, params: { q: { type: String, in: body } } }\n") == [
            "Specs/Test.yaml:5:60: error: parameter 'q' of endpoint 'search' is sent in the body, but GET requests have no body",
        ])
    }

    @Test func pathParameterDeclaredElsewhere() {
        #expect(problems("  user: { GET: \"/users/{id}\", params: { id: { type: Int, in: query } } }\n") == [
            "Specs/Test.yaml:5:62: error: parameter 'id' of endpoint 'user' is bound to '{id}' in the path but says 'in: query'",
        ])
    }

    @Test func optionalPathParameter() {
        #expect(problems("  user: { GET: \"/users/{id}\", params: { id: Int? } }\n") == [
            "Specs/Test.yaml:5:41: error: path parameter 'id' of endpoint 'user' cannot be optional",
        ])
    }

    @Test func secretOnANonString() {
        #expect(problems("  login: { POST: /login, params: { pin: { type: Int, secret: true } } }\n") == [
            "Specs/Test.yaml:5:54: error: parameter 'pin' of endpoint 'login' is secret but has type 'Int'; only String parameters can be secret",
        ])
    }

    @Test func unknownPlacement() {
        #expect(problems("  login: { POST: /login, params: { pin: { type: String, in: form } } }\n") == [
            "Specs/Test.yaml:5:61: error: unknown parameter placement 'form'; expected one of: path, query, header, cookie, body",
        ])
    }

    @Test func parametersThatBecomeTheSameSwiftName() {
        #expect(problems("  find: { GET: /find, params: { user_id: Int, userId: Int } }\n") == [
            "Specs/Test.yaml:5:47: error: parameters 'user_id' and 'userId' of endpoint 'find' both become the Swift name 'userId'",
        ])
    }

    @Test func endpointsThatBecomeTheSameSwiftName() {
        #expect(problems("  get_user: { GET: /a }\n  getUser: { GET: /b }\n") == [
            "Specs/Test.yaml:6:3: error: endpoints 'get_user' and 'getUser' both become the Swift name 'getUser'",
        ])
    }

    @Test func authWithoutAnAuthSection() {
        #expect(problems("  me: { GET: /me, auth: required }\n") == [
            "Specs/Test.yaml:5:25: error: endpoint 'me' uses auth 'required' but the spec has no 'auth' section",
        ])
    }

    @Test func unknownBodyEncoding() {
        #expect(problems("  send: { POST: /send, body: jsn, params: { a: Int } }\n") == [
            "Specs/Test.yaml:5:30: error: unknown body encoding 'jsn'; did you mean 'json'?",
        ])
    }

    @Test func binaryBodyNeedsOneDataParameter() {
        #expect(problems("  send: { POST: /send, body: binary, params: { a: Int } }\n") == [
            "Specs/Test.yaml:5:30: error: endpoint 'send' has a binary body, which takes exactly one body parameter, of type Data",
        ])
    }

    @Test func placementFollowsTheMethodUnlessSaid() throws {
        let text = SpecTesting.spec(endpoints: """
              get: { GET: "/a/{id}", params: { id: Int, q: String, h: { type: String, in: header, key: X-H } } }
              post: { POST: /b, params: { b: String, q: { type: String, in: query } } }

            """)
        let endpoints = try SpecTesting.load(text).spec.endpoints
        #expect(endpoints[0].parameters.map(\.placement) == [.path, .query, .header])
        #expect(endpoints[0].parameters[2].wireName == "X-H")
        #expect(endpoints[0].bodyEncoding == nil)
        #expect(endpoints[1].parameters.map(\.placement) == [.body, .query])
        #expect(endpoints[1].bodyEncoding == .json)
    }

    @Test func endpointSettingsOverrideTheSpecs() throws {
        let text = SpecTesting.spec(
            endpoints: """
              a: { GET: /a }
              b: { GET: /b, auth: none, timeout: 1m, retry: none }
              c: { POST: /c }
              d: { PUT: /d, retry: 5, auth: optional }

            """,
            extra: "auth: { query: api_key }\npolicy: { timeout: 500ms, retry: 2 }\n"
        )
        let spec = try SpecTesting.load(text).spec
        let retry = { (attempts: Int) in RetryPolicy(attempts: attempts, statuses: [502, 503, 504], backoff: .exponential, delay: .milliseconds(500)) }
        #expect(spec.auth == Auth(placement: .query, name: "api_key", scheme: nil, defaultRequirement: .required, location: spec.auth!.location))
        #expect(spec.endpoints.map(\.auth) == [.required, .none, .required, .optional])
        #expect(spec.endpoints.map(\.timeout) == [.milliseconds(500), .seconds(60), .milliseconds(500), .milliseconds(500)])
        #expect(spec.endpoints.map(\.retry) == [retry(2), nil, nil, retry(5)])
    }

    @Test func anErrorStatusMustBeOne() {
        let models = "models:\n  Problem: { message: String }\n"
        #expect(problems("  me:\n    GET: /me\n    error: { 200: Problem, 4xx: Problem }\n", extra: models) == [
            "Specs/Test.yaml:7:14: error: '200' is not an error status in the error of endpoint 'me': write a status 400...599, a range 4XX or 5XX, or default",
        ])
    }

    @Test func anErrorStatusWrittenTwiceInTwoCasesIsAnErrorWithANoteAtTheFirst() {
        let text = SpecTesting.spec(
            endpoints: "  me:\n    GET: /me\n    error: { 4xx: Problem, 4XX: Problem }\n", extra: "models:\n  Problem: { message: String }\n")
        do {
            _ = try SpecTesting.load(text)
            Issue.record("expected the spec to be refused")
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["Specs/Test.yaml:7:28: error: status 4XX is written twice in the error of endpoint 'me'"])
            #expect(error.diagnostics.first?.notes.map(\.headline) == ["Specs/Test.yaml:7:14: note: it is first written here"])
        }
    }

    @Test func exactErrorStatusesComeBeforeRangesAndDefaultIsTheRest() throws {
        let text = SpecTesting.spec(
            endpoints: "  me:\n    GET: /me\n    error: { 4XX: Problem, default: Other, 401: Challenge }\n",
            extra: "models:\n  Problem: { message: String }\n  Other: { text: String }\n  Challenge: { realm: String }\n")
        let endpoint = try SpecTesting.load(text).spec.endpoints[0]
        #expect(endpoint.errorModels.map(\.status) == ["401", "4XX"])
        #expect(endpoint.errorModels.map(\.type) == [.model("Challenge"), .model("Problem")])
        #expect(endpoint.errorModel == .model("Other"))
    }
}
