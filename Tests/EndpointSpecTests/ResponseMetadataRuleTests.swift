import EndpointSpec
import Testing

/// `responseHeaders`, `unwrap`/`wrap` and a list of `messageField`s: what loads, and each rule's message and location.
@Suite struct ResponseMetadataRuleTests {
    func spec(_ endpoints: String, extra: String = "") -> String {
        SpecTesting.spec(endpoints: endpoints, extra: extra)
    }

    @Test func responseHeadersLoadInOrderWithTheirTypes() throws {
        let text = spec("  a:\n    GET: /a\n    responseHeaders: { ETag: String, Total-Records: Int, Last-Modified: Date, Location: URL? }\n")
        let headers = try SpecTesting.load(text).spec.endpoints[0].responseHeaders
        #expect(headers.map(\.name) == ["ETag", "Total-Records", "Last-Modified", "Location"])
        #expect(headers.map(\.type) == [.string, .int, .date, .optional(.url)])
        #expect(headers[1].location.line == 7)
    }

    @Test func aResponseHeaderOfACompoundTypeIsRefused() {
        #expect(SpecTesting.problems(spec("  a:\n    GET: /a\n    responseHeaders: { Tags: \"[String]\" }\n")) == [
            "Specs/Test.yaml:7:30: error: response header 'Tags' of endpoint 'a' has type '[String]'; a header is read as one of String, Int, Int32, Int64, Double, Float, Bool, Date, URL, UUID, with '?' when it may be missing",
        ])
        #expect(SpecTesting.problems(spec("  a:\n    GET: /a\n    responseHeaders: { Body: Data }\n")).count == 1)
    }

    @Test func anUnknownResponseHeaderTypeIsLocatedWithASuggestion() {
        #expect(SpecTesting.problems(spec("  a:\n    GET: /a\n    responseHeaders: { ETag: Strng }\n")) == [
            "Specs/Test.yaml:7:30: error: unknown type 'Strng' in response header 'ETag' of endpoint 'a'; did you mean 'String'?",
        ])
    }

    @Test func aResponseHeaderTwiceInAnyCaseIsRefusedAtTheSecond() throws {
        do {
            _ = try SpecTesting.load(spec("  a:\n    GET: /a\n    responseHeaders:\n      ETag: String\n      etag: String?\n"))
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.headline) == [
                "Specs/Test.yaml:9:7: error: endpoint 'a' declares response header 'etag' twice (header names ignore case)",
            ])
            #expect(error.diagnostics.first?.notes.map(\.headline) == ["Specs/Test.yaml:8:7: note: 'ETag' is first declared here"])
        }
    }

    @Test func responseHeadersWithOneSwiftNameAreRefused() {
        #expect(SpecTesting.problems(spec("  a:\n    GET: /a\n    responseHeaders: { E-Tag: String, ETag: String }\n")) == [
            "Specs/Test.yaml:7:39: error: response headers 'E-Tag' and 'ETag' of endpoint 'a' both become the Swift name 'eTag'",
        ])
    }

    @Test func aResponseHeaderNameMustBeAToken() {
        #expect(SpecTesting.problems(spec("  a:\n    GET: /a\n    responseHeaders: { \"Total Records\": Int }\n")) == [
            "Specs/Test.yaml:7:24: error: response header 'Total Records' of endpoint 'a' is not an HTTP header name, which is letters, digits and !#$%&'*+-.^_|~",
        ])
    }

    @Test func anEndpointNamedLikeAnothersVariantIsRefused() {
        #expect(SpecTesting.problems(spec("  user: { GET: /u }\n  userWithResponse: { GET: /v }\n")) == [
            "Specs/Test.yaml:6:3: error: endpoint 'userWithResponse' has the Swift name 'userWithResponse' of the variant of endpoint 'user' that returns the status and headers; rename it",
        ])
    }

    @Test func messageFieldTakesOneKeyOrAListOfKeysAndPaths() throws {
        let one = spec("  a: { GET: /a }\n", extra: "errors: { messageField: message }\n")
        #expect(try SpecTesting.load(one).spec.errors.messageFields == ["message"])
        let list = spec("  a: { GET: /a }\n", extra: "errors: { messageField: [message, error.message, error] }\n")
        #expect(try SpecTesting.load(list).spec.errors.messageFields == ["message", "error.message", "error"])
    }

    @Test func aMessageFieldWithAnEmptyKeyIsRefused() {
        #expect(SpecTesting.problems(spec("  a: { GET: /a }\n", extra: "errors: { messageField: [message, error..message] }\n")) == [
            "Specs/Test.yaml:6:35: error: message field 'error..message' is not a key or a dotted path of keys, e.g. message or error.message",
        ])
        #expect(SpecTesting.problems(spec("  a: { GET: /a }\n", extra: "errors: { messageField: [] }\n")) == [
            "Specs/Test.yaml:6:25: error: 'messageField' lists no fields; leave it out, or list the keys that may hold the message",
        ])
    }

    @Test func aMessageFieldListedTwiceIsAWarning() throws {
        #expect(try SpecTesting.warnings(spec("  a: { GET: /a }\n", extra: "errors: { messageField: [message, message] }\n")) == [
            "Specs/Test.yaml:6:35: warning: 'messageField' lists 'message' twice",
        ])
    }

    @Test func theSpecsEnvelopeAppliesWhereItFitsAndAnEndpointCanOptOut() throws {
        let text = spec(
            """
              json: { POST: /a, params: { name: String }, response: Item }
              raw: { GET: /b, response: String }
              form: { POST: /c, body: form, params: { name: String }, response: Item }
              own: { GET: /d, response: Item, unwrap: result.item }
              optOut: { POST: /e, params: { name: String }, response: Item, unwrap: none, wrap: none }

            """, extra: "policy: { unwrap: data, wrap: payload }\nmodels:\n  Item: { name: String }\n")
        let endpoints = try SpecTesting.load(text).spec.endpoints
        #expect(endpoints.map(\.unwrap) == ["data", nil, "data", "result.item", nil])
        #expect(endpoints.map(\.wrap) == ["payload", nil, nil, nil, nil])
    }

    @Test func anEnvelopeWhereNoneFitsIsAWarning() throws {
        let text = spec("  raw: { GET: /b, response: String, unwrap: data }\n  get: { GET: /c, response: Empty, wrap: data }\n")
        #expect(try SpecTesting.warnings(text) == [
            "Specs/Test.yaml:5:45: warning: endpoint 'raw' unwraps 'data', but its response is not decoded from JSON; leave 'unwrap' out",
            "Specs/Test.yaml:6:42: warning: endpoint 'get' wraps its body in 'data', but it has no JSON body; leave 'wrap' out",
        ])
    }

    @Test func anEnvelopePathWithAnEmptyKeyIsRefused() {
        #expect(SpecTesting.problems(spec("  a: { GET: /a, response: Item, unwrap: data. }\n", extra: "models:\n  Item: { name: String }\n")) == [
            "Specs/Test.yaml:5:41: error: 'unwrap' 'data.' is not a key or a dotted path of keys, e.g. data or data.item",
        ])
    }
}
