import Diagnostics
import EndpointSpec

extension OperationTranslator {
    /// Media types of JSON Lines (one JSON value a line), lowercased.
    static let jsonLinesMediaTypes: Set<String> = ["application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/jsonlines"]

    /// A first 2xx response that is a stream: `text/event-stream` as server-sent events, a JSON Lines media type as
    /// JSON Lines. The item type comes from the media type's `itemSchema` (OpenAPI 3.2), else its `x-itemSchema` or
    /// `x-item-schema` (as LLM APIs' documents write it), else, for JSON Lines, its `schema`; for events, an item schema
    /// that describes the event (`data` with a `contentSchema`) gives the data's. Without one, events are `String` and
    /// lines `JSON`. `nil` when the response is not one of these (a document offering JSON too is read as JSON).
    func responseStream(_ operation: DocumentNode, context: OperationContext) -> (ResponseType, ResponseStream)? {
        let responses = (operation["responses"]?.members ?? []).filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        guard let success = responses.first else { return nil }
        let content = schemas.dereferenced(success.value)["content"]?.members ?? []
        guard !content.contains(where: { Self.isJSON($0.key.lowercased()) && !Self.jsonLinesMediaTypes.contains(Self.baseMediaType($0.key)) }) else { return nil }
        let typeName = context.typeName + "Item"
        if let events = content.first(where: { Self.baseMediaType($0.key) == "text/event-stream" }) {
            var item = Self.itemSchema(events.value)
            if let data = item?["properties"]?["data"], let inner = data["contentSchema"] { item = inner }
            return (item.map { streamItemType($0, typeName: typeName, context: context) } ?? .string, .events)
        }
        if let lines = content.first(where: { Self.jsonLinesMediaTypes.contains(Self.baseMediaType($0.key)) }) {
            let item = Self.itemSchema(lines.value) ?? lines.value["schema"]
            return (item.map { streamItemType($0, typeName: typeName, context: context) } ?? .type(.json), .jsonLines)
        }
        return nil
    }

    /// The schema of one item of a sequential media type, where the document gives one.
    private static func itemSchema(_ media: DocumentNode) -> DocumentNode? {
        media["itemSchema"] ?? media["x-itemSchema"] ?? media["x-item-schema"]
    }

    /// A media type without parameters, lowercased: `text/event-stream; charset=utf-8` is `text/event-stream`.
    static func baseMediaType(_ mediaType: String) -> String {
        (mediaType.split(separator: ";").first.map(String.init) ?? mediaType).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// An item's type: a string schema is `String` (an event's text as it is), anything else the schema's type, or
    /// `JSON` with a warning when EndpointGen cannot type it.
    private func streamItemType(_ schema: DocumentNode, typeName: String, context: OperationContext) -> ResponseType {
        if schemas.dereferenced(schema).text("type") == "string" { return .string }
        switch schemas.type(schema, name: typeName) {
        case .type(let type): return .type(type)
        case .unsupported(let reason):
            diagnostics.warning("the streamed items of \(context) are \(reason), which EndpointGen cannot type precisely; they are typed JSON", at: schema.location)
            return .type(.json)
        }
    }
}
