import EndpointSpec
import Testing

/// Streamed responses (`response: bytes`, `{ events: T }`, `{ jsonLines: T }`) and a binary body's per-call
/// `Content-Type`: what loads. The mistakes are in the diagnostics corpus (`Tests/EndpointGenTests/Mistakes/stream-*`).
@Suite struct ResponseStreamRuleTests {
    func spec(_ endpoints: String) -> String {
        SpecTesting.spec(endpoints: endpoints, extra: "models:\n  Chunk: { text: String }\n")
    }

    @Test func eachStreamKindLoadsWithItsItemType() throws {
        let text = spec("""
              events: { GET: /e, response: { events: Chunk } }
              texts: { GET: /t, response: { events: String } }
              lines: { GET: /l, response: { jsonLines: "[Chunk]" } }
              bytes: { GET: /b, response: bytes }
              whole: { GET: /w, response: Data }

            """)
        let endpoints = try SpecTesting.load(text).spec.endpoints
        #expect(endpoints.map(\.responseStream) == [.events, .events, .jsonLines, .bytes, nil])
        #expect(endpoints.map(\.response) == [.type(.model("Chunk")), .string, .type(.array(.model("Chunk"))), .data, .data])
    }

    @Test func aStreamedResponseIsNotUnwrappedByTheSpecsPolicy() throws {
        let text = SpecTesting.spec(
            endpoints: "  events: { GET: /e, response: { events: Chunk } }\n  one: { GET: /o, response: Chunk }\n",
            extra: "models:\n  Chunk: { text: String }\npolicy: { unwrap: data }\n")
        let endpoints = try SpecTesting.load(text).spec.endpoints
        #expect(endpoints.map(\.unwrap) == [nil, "data"])
    }

    @Test func aStringContentTypeParameterOfABinaryBodyIsItsPerCallMediaType() throws {
        let text = spec("""
              put:
                PUT: "/o/{key}"
                params: { key: String, content: Data, type: { type: String?, in: header, key: Content-Type } }
                body: binary

            """)
        let endpoint = try SpecTesting.load(text).spec.endpoints[0]
        #expect(endpoint.perCallContentType?.name == "type")
    }
}
