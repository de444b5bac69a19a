import EndpointSpec
import OpenAPIImport
import Testing

/// Streamed responses in OpenAPI: `text/event-stream` becomes `response: { events: T }` (T from the media type's item
/// schema, as LLM APIs document their chunks), JSON Lines media types `response: { jsonLines: T }`; the converted spec
/// loads back the same.
@Suite struct StreamImportTests {
    static let paths = """
          /chat/completions:
            post:
              operationId: createChat
              requestBody:
                content: { application/json: { schema: { type: object, properties: { prompt: { type: string } } } } }
              responses:
                '200':
                  description: The completion, chunk by chunk.
                  content:
                    text/event-stream:
                      schema: { type: string }
                      itemSchema:
                        type: object
                        properties:
                          event: { type: string }
                          data: { type: string, contentMediaType: application/json, contentSchema: { $ref: '#/components/schemas/Chunk' } }
          /completions:
            post:
              operationId: createCompletion
              responses:
                '200':
                  description: Chunks, typed by a vendor extension.
                  content: { "text/event-stream; charset=utf-8": { x-itemSchema: { $ref: '#/components/schemas/Chunk' } } }
          /notices:
            get:
              operationId: notices
              responses: { '200': { description: Text events., content: { text/event-stream: { schema: { type: string } } } } }
          /export:
            get:
              operationId: exportRows
              responses:
                '200':
                  description: One row a line.
                  content: { application/x-ndjson: { schema: { $ref: '#/components/schemas/Row' } } }
          /log:
            get:
              operationId: log
              responses: { '200': { description: Lines., content: { application/jsonl: { itemSchema: { $ref: '#/components/schemas/Row' } } } } }
          /rows:
            get:
              operationId: rows
              responses:
                '200':
                  description: JSON or JSON Lines; the JSON is read.
                  content:
                    application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Row' } } }
                    application/x-ndjson: { schema: { $ref: '#/components/schemas/Row' } }
        """
    static let components = """
          schemas:
            Chunk: { type: object, required: [text], properties: { text: { type: string } } }
            Row: { type: object, required: [id], properties: { id: { type: integer } } }
        """

    @Test func eventStreamsAndJSONLinesBecomeStreamedResponses() throws {
        let fixture = try ImportFixture(document(paths: Self.paths, components: Self.components))
        func shape(_ name: String) -> String {
            guard let endpoint = fixture.endpoint(name) else { return "missing" }
            let item: String
            switch endpoint.response {
            case .type(let type): item = "type(\(type))"
            case .string: item = "string"
            case .data: item = "data"
            case .empty: item = "empty"
            case .multipart: item = "multipart"
            }
            return "\(endpoint.responseStream?.rawValue ?? "whole") \(item)"
        }
        #expect(shape("createChat") == "events type(Chunk)")
        #expect(shape("createCompletion") == "events type(Chunk)")
        #expect(shape("notices") == "events string")
        #expect(shape("exportRows") == "jsonLines type(Row)")
        #expect(shape("log") == "jsonLines type(Row)")
        #expect(shape("rows") == "whole type([Row])")
        #expect(fixture.warnings.isEmpty)

        let yaml = SpecWriter.yaml(fixture.spec, header: "round trip")
        #expect(yaml.contains(#"response: { events: "Chunk" }"#))
        #expect(yaml.contains(#"response: { jsonLines: "Row" }"#))
        #expect(yaml.contains("response: { events: String }"))
        let reloaded = try roundTrip(fixture.spec)
        #expect(reloaded.spec.withoutLocations == fixture.spec.withoutLocations)
    }
}
