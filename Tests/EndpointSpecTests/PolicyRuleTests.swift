import EndpointSpec
import Testing

/// Policy, auth, defaults and variables: each rule's whole message and location.
@Suite struct PolicyRuleTests {
    func problems(_ extra: String) -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: "  a: { GET: /a }\n", extra: extra))
    }

    @Test(arguments: ["10", "-1s", "ten seconds", "0ms", "0.1ms", "1e300s"])
    func timeoutThatDoesNotParse(_ timeout: String) {
        #expect(problems("policy:\n  timeout: \(timeout)\n") == [
            "Specs/Test.yaml:7:12: error: timeout '\(timeout)' is not a duration; write a positive number and a unit (ms, s, min, h), e.g. 10s",
        ])
    }

    @Test(arguments: ["5", "5/", "0/s", "five/s", "5/fortnight"])
    func rateLimitThatDoesNotParse(_ rate: String) {
        #expect(problems("policy:\n  rateLimit: \(rate)\n") == [
            "Specs/Test.yaml:7:14: error: rateLimit '\(rate)' does not parse; write requests/period, e.g. 5/s, 100/min or 10/2s",
        ])
    }

    @Test func dateFormatIsOneOfThree() throws {
        #expect(problems("policy:\n  dates: unix\n") == [
            "Specs/Test.yaml:7:10: error: unknown date format 'unix'; expected one of: iso8601, secondsSince1970, millisecondsSince1970",
        ])
        let spec = SpecTesting.spec(endpoints: "  a: { GET: /a }\n", extra: "policy: { dates: millisecondsSince1970 }\n")
        #expect(try SpecTesting.load(spec).spec.policy.dates == .millisecondsSince1970)
        #expect(try SpecTesting.load(SpecTesting.spec(endpoints: "  a: { GET: /a }\n")).spec.policy.dates == .iso8601)
    }

    @Test func retryThatDoesNotParse() {
        #expect(problems("policy:\n  retry: often\n") == [
            "Specs/Test.yaml:7:10: error: retry 'often' does not parse; write a number of attempts, 'none', or a mapping with 'attempts', 'on', 'backoff' and 'delay'",
        ])
    }

    @Test func retryWithBadFields() {
        #expect(problems("policy:\n  retry: { attempts: 0, on: [503, 99], backoff: linear }\n") == [
            "Specs/Test.yaml:7:22: error: retry attempts must be an integer in 1...100, not '0'",
            "Specs/Test.yaml:7:35: error: a retried status must be an integer in 100...599, not '99'",
            "Specs/Test.yaml:7:49: error: unknown backoff 'linear'; expected one of: none, constant, exponential",
        ])
    }

    @Test func retryConditionsNameStatusesTimeoutsAndConnectionFailures() throws {
        func retry(_ on: String) throws -> RetryPolicy? {
            try SpecTesting.load(SpecTesting.spec(endpoints: "  a: { GET: /a }\n", extra: "policy:\n  retry: { attempts: 1, on: \(on) }\n")).spec.policy.retry
        }
        #expect(try retry("[503, timeout]") == RetryPolicy(attempts: 1, statuses: [503], failures: [.timeout], backoff: .exponential, delay: .milliseconds(500)))
        #expect(try retry("[connection, 502, timeout]")?.failures == [.timeout, .connection])
        #expect(try retry("[503]")?.failures == [], "an 'on' without them retries neither timeouts nor connection failures")
        let unlisted = try SpecTesting.load(SpecTesting.spec(endpoints: "  a: { GET: /a }\n", extra: "policy:\n  retry: 2\n")).spec.policy.retry
        #expect(unlisted?.failures == [.timeout, .connection])
        #expect(unlisted?.statuses == [502, 503, 504])
    }

    @Test func totalTimeoutIsADuration() throws {
        let spec = SpecTesting.spec(endpoints: "  a: { GET: /a }\n", extra: "policy: { timeout: 2s, totalTimeout: 2.5s }\n")
        #expect(try SpecTesting.load(spec).spec.policy.totalTimeout == .milliseconds(2_500))
        #expect(try SpecTesting.load(SpecTesting.spec(endpoints: "  a: { GET: /a }\n")).spec.policy.totalTimeout == nil)
        #expect(problems("policy:\n  totalTimeout: 30\n") == [
            "Specs/Test.yaml:7:17: error: totalTimeout '30' is not a duration; write a positive number and a unit (ms, s, min, h), e.g. 10s",
        ])
    }

    @Test func retryConditionThatIsNeither() {
        #expect(problems("policy:\n  retry: { attempts: 1, on: [503, timeouts, { a: 1 }] }\n") == [
            "Specs/Test.yaml:7:35: error: a retry condition is an HTTP status in 100...599, 'timeout' or 'connection', not 'timeouts'",
            "Specs/Test.yaml:7:45: error: a retry condition is an HTTP status in 100...599, 'timeout' or 'connection', not a mapping",
        ])
    }

    @Test func retryNeedsAttempts() {
        #expect(problems("policy:\n  retry: { on: [503] }\n") == ["Specs/Test.yaml:7:10: error: missing required key 'attempts' in 'retry'"])
    }

    @Test func policyParsesEveryForm() throws {
        let text = SpecTesting.spec(
            endpoints: "  a: { GET: /a }\n",
            extra: "policy:\n  timeout: 1.5s\n  rateLimit: 10/2min\n  retry: { attempts: 3, on: [504, 429], backoff: constant, delay: 2s }\n"
        )
        let policy = try SpecTesting.load(text).spec.policy
        #expect(policy.timeout == .milliseconds(1_500))
        #expect(policy.rateLimit == RateLimit(count: 10, per: .seconds(120)))
        #expect(policy.retry == RetryPolicy(attempts: 3, statuses: [429, 504], failures: [], backoff: .constant, delay: .seconds(2)))
    }

    @Test func badContentType() {
        #expect(problems("policy:\n  acceptableContentTypes: [json]\n") == [
            "Specs/Test.yaml:7:28: error: bad content type 'json'; write type/subtype, e.g. application/json",
        ])
    }

    @Test func authTakesHeaderOrQuery() {
        #expect(problems("auth: { header: X-Token, query: token }\n") == ["Specs/Test.yaml:6:26: error: auth takes 'header' or 'query', not both"])
    }

    @Test func undeclaredVariableInDefaults() {
        #expect(problems("variables: [deviceType]\ndefaults:\n  query:\n    device_type: \"{devicetype}\"\n") == [
            "Specs/Test.yaml:9:19: error: default query 'device_type' uses '{devicetype}' but the spec declares no variable 'devicetype'; did you mean 'deviceType'?",
        ])
    }

    @Test func versionPlaceholderWithoutAVersion() {
        #expect(problems("defaults:\n  headers:\n    X-Version: \"{version}\"\n") == [
            "Specs/Test.yaml:8:17: error: default header 'X-Version' uses '{version}' but the spec has no 'version'",
        ])
    }

    @Test func undeclaredVariableInAnEndpointHeader() {
        #expect(SpecTesting.problems(SpecTesting.spec(endpoints: "  a: { GET: /a, headers: { X-Id: \"{id}\" } }\n")) == [
            "Specs/Test.yaml:5:35: error: header 'X-Id' of endpoint 'a' uses '{id}' but the spec declares no variable 'id'",
        ])
    }

    @Test func versionIsNotAVariable() {
        #expect(problems("variables: [version]\n") == ["Specs/Test.yaml:6:13: error: 'version' is not a variable: '{version}' always means the spec's 'version'"])
    }

    @Test func templatesResolveVersionAndKeepVariables() throws {
        let text = SpecTesting.spec(
            endpoints: "  a: { GET: /a }\n",
            extra: "version: \"2\"\nvariables: { build: The build }\ndefaults:\n  headers:\n    User-Agent: \"App/{version} ({build})\"\n"
        )
        let header = try #require(try SpecTesting.load(text).spec.defaults.headers.first)
        #expect(header.parts == [.literal("App/2 ("), .placeholder("build"), .literal(")")])
    }
}
