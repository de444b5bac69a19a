import Diagnostics
import YAML

/// An endpoint's `body` as declared: `body: json`, or `body: { encoding, type, name, contentType, description }`.
struct DeclaredBody {
    /// The `body` pair.
    var pair: YAMLPair
    /// The encoding and its node, when one is written.
    var encoding: (value: BodyEncoding, node: YAMLNode)?
    /// The whole value, when `type` is written and decoded.
    var value: BodyValue?
    /// The media type and its node, when `contentType` is written and well formed.
    var contentType: (value: String, node: YAMLNode)?
    /// Whether something written is wrong (reported already): the checks of the body's parameters stay silent.
    var failed = false
    /// Whether `type` is written, decoded or not: the parameters then stay out of the body.
    var hasType = false
}

extension SpecDecoder {
    static let bodyKeys = ["encoding", "type", "name", "contentType", "description"]

    /// `body: json`, or the mapping form: an encoding for body parameters, or a whole value (`type`), each with an
    /// optional media type.
    func declaredBody(_ pair: YAMLPair, endpoint: String) -> DeclaredBody {
        var body = DeclaredBody(pair: pair)
        guard pair.value.mapping != nil else {
            body.encoding = choice(pair.value, "body encoding", as: BodyEncoding.self).map { ($0, pair.value) }
            body.failed = body.encoding == nil
            return body
        }
        let context = "the body of endpoint '\(endpoint)'"
        guard let fields = fields(pair.value, context, allowed: Self.bodyKeys) else {
            body.failed = true
            return body
        }
        body.failed = !fields.unknown.isEmpty
        if let node = fields["encoding"] {
            body.encoding = choice(node, "body encoding", as: BodyEncoding.self).map { ($0, node) }
            if body.encoding == nil { body.failed = true }
        }
        if let node = fields["contentType"] {
            body.contentType = mediaType(node, "a content type").map { ($0, node) }
            if body.contentType == nil { body.failed = true }
        }
        let name = fields["name"].flatMap { string($0, "the name of \(context)") }
        let description = optionalString(fields["description"], "the description of \(context)")
        guard let typeNode = fields["type"] else {
            for key in ["name", "description"] {
                guard let unused = fields.pair(key) else { continue }
                sink.error("'\(key)' in \(context) describes a whole-value body; add its 'type', e.g. type: Pet", at: unused.key)
                body.failed = true
            }
            return body
        }
        body.hasType = true
        if let encoding = body.encoding {
            let note = sink.note("Data is sent as it is, String as UTF-8 text, any other type as JSON; 'encoding' is for body parameters", at: typeNode)
            sink.error("\(context) has a 'type', which decides its encoding; leave 'encoding: \(encoding.value.rawValue)' out", at: encoding.node, notes: [note])
        }
        guard let type = type(typeNode, "the body of endpoint '\(endpoint)'") else {
            body.failed = true
            return body
        }
        if let name, !name.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }) {
            sink.error("the name of \(context) must have a letter or digit, not '\(name)'", at: fields["name"]!)
        }
        body.value = BodyValue(
            name: name.flatMap { $0.isEmpty ? nil : $0 } ?? BodyValue.defaultName(for: type), type: type, description: description,
            location: typeNode.location)
        return body
    }

    /// A whole-value body and a parameter that become the same Swift name would clash in the method's signature.
    func checkBodyName(_ body: DeclaredBody?, _ declared: DeclaredParameters, endpoint: String) {
        guard let body, let value = body.value else { return }
        let swiftName = SwiftName.member(value.name)
        for parameter in declared.list where SwiftName.member(parameter.name) == swiftName {
            let note = sink.note("the body is named '\(value.name)' here; give it another name with 'name:' in 'body'", at: body.pair.key)
            sink.error(
                "parameter '\(parameter.name)' and the body of endpoint '\(endpoint)' both become the Swift name '\(swiftName)'",
                at: parameter.key, notes: [note])
        }
    }

    /// A `type/subtype` media type, e.g. `application/merge-patch+json`; reports anything else.
    func mediaType(_ node: YAMLNode, _ context: String) -> String? {
        guard let text = string(node, context) else { return nil }
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, halves.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
            sink.error("bad content type '\(text)'; write type/subtype, e.g. application/json", at: node)
            return nil
        }
        return text
    }

    /// `accept: application/json` or a sequence of media types.
    func acceptedMediaTypes(_ node: YAMLNode) -> [String]? {
        if node.text != nil { return mediaType(node, "a content type").map { [$0] } }
        guard let items = sequence(node, "'accept'") else { return nil }
        let types = items.compactMap { mediaType($0, "a content type") }
        return types.count == items.count ? types : nil
    }

    /// The checks of a body that need the endpoint's method and encoding: a body on GET or HEAD, a DELETE body (which
    /// some proxies drop), a media type an encoding cannot have. Returns the media type the request sends.
    func checkBody(
        _ body: DeclaredBody?, encoding: BodyEncoding?, parameters: [Parameter], declared: DeclaredParameters, method: HTTPMethod?,
        endpoint: String
    ) -> String? {
        let context = "endpoint '\(endpoint)'"
        if let body, body.hasType, let method, !method.mayHaveBody {
            sink.error(
                "\(context) has a body, but \(method.rawValue) requests have none (URLSession on Apple platforms refuses one); "
                    + "use POST, or send the value as a query parameter", at: body.pair.key)
            return nil
        }
        guard let encoding else { return nil }
        // Without a `body` key, only an `in: body` parameter gives such a method a body.
        let firstInBody = zip(parameters, declared.list).first { $0.0.placement == .body }?.1.placement?.node
        if let method, method == .DELETE || method == .OPTIONS, let at = body?.pair.key ?? firstInBody {
            sink.warning("\(context) sends a body with \(method.rawValue), which some proxies and servers drop; check that yours pass it on", at: at)
        }
        guard let contentType = body?.contentType else { return nil }
        if encoding == .form || encoding == .multipart {
            sink.error(
                "\(context) has a \(encoding.rawValue) body, whose media type is \(encoding.mediaType); 'contentType' is for json and binary bodies and whole values",
                at: contentType.node)
            return nil
        }
        return contentType.value
    }
}
