import Diagnostics
import YAML

extension SpecDecoder {
    /// The keys of a streamed response's mapping: `response: { events: ChatChunk }` or `response: { jsonLines: Row }`.
    static let responseStreamKeys = [ResponseStream.events.rawValue, ResponseStream.jsonLines.rawValue]

    /// `response:` as written: `bytes`, `{ events: T }` and `{ jsonLines: T }` are streamed, anything else is a type
    /// read whole (see `response(_:method:_:)`). A streamed response on HEAD, or of `Empty`, is an error.
    func responseAndStream(_ node: YAMLNode, method: HTTPMethod?, _ context: String) -> (ResponseType?, ResponseStream?) {
        if node.text == ResponseStream.bytes.rawValue {
            checkStreamMethod(node, method: method, context)
            return (.data, .bytes)
        }
        guard node.mapping != nil else { return (response(node, method: method, context), nil) }
        let owner = "the response of \(context)"
        guard let fields = fields(node, owner, allowed: Self.responseStreamKeys), fields.unknown.isEmpty else { return (nil, nil) }
        let written = fields.pairs.filter { $0.key.text.map(Self.responseStreamKeys.contains) ?? false }
        guard let first = written.first, let kind = first.key.text.flatMap(ResponseStream.init(rawValue:)) else {
            sink.error(
                "\(owner) is a mapping without 'events' or 'jsonLines'; write e.g. response: { events: ChatChunk } for server-sent events, "
                    + "response: { jsonLines: Row } for JSON Lines, or response: bytes", at: node)
            return (nil, nil)
        }
        for extra in written.dropFirst() {
            let note = sink.note("'\(first.key.text ?? "")' is given here", at: first.key)
            sink.error("\(owner) is either 'events' or 'jsonLines', not both; declare another endpoint for the other", at: extra.key, notes: [note])
        }
        checkStreamMethod(first.key, method: method, context)
        let payload: ResponseType?
        switch first.value.text {
        case "String": payload = .string
        case "Data": payload = .data
        case "Empty":
            sink.error("each \(kind == .events ? "event's data" : "line") of \(owner) needs a type to decode into, not Empty; e.g. String or a model", at: first.value)
            payload = nil
        default:
            payload = type(first.value, "the \(kind == .events ? "events" : "lines") of \(context)").map(ResponseType.type)
        }
        if kind == .jsonLines, payload == .data || payload == .string {
            sink.error(
                "each line of \(owner) is decoded from JSON, so it cannot be \(first.value.text ?? ""); for the raw lines use response: bytes",
                at: first.value)
            return (nil, nil)
        }
        return (payload, kind)
    }

    /// A HEAD response has no body to stream.
    private func checkStreamMethod(_ node: YAMLNode, method: HTTPMethod?, _ context: String) {
        guard method == .HEAD else { return }
        sink.error("\(context) is a HEAD request, whose response has no body, so it cannot be streamed; leave 'response' out", at: node)
    }

    /// What a streamed response cannot have: pages (each page is a whole body), declared response headers on events
    /// and JSON Lines (whose methods return the sequence), and an envelope to unwrap.
    func checkStreamedResponse(_ stream: ResponseStream?, fields: Fields, context: String) {
        guard let stream, let response = fields["response"] else { return }
        let note = sink.note("the response is streamed (\(stream.rawValue)) here", at: response)
        if let paginate = fields.pair("paginate") {
            sink.error("\(context) is paginated, but its response is streamed; pages are read whole, so drop one of them", at: paginate.key, notes: [note])
        }
        if stream != .bytes, let headers = fields.pair("responseHeaders") {
            sink.error(
                "\(context) declares response headers, but its response is streamed as \(stream.rawValue); read them from `headers` of the `…WithResponse` method",
                at: headers.key, notes: [note])
        }
        if let unwrap = fields.pair("unwrap"), unwrap.value.text != "none" {
            sink.error("\(context) unwraps its response, but a streamed response is not one JSON value; leave 'unwrap' out", at: unwrap.key, notes: [note])
        }
    }
}
