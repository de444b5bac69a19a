import YAML

/// A multipart file part's `filename:` and `contentType:`, as written on its `Data` parameter; for a header parameter
/// of a part, `part:`, the body parameter whose part it goes in.
struct PartMetadata {
    /// The file name and its node.
    var filename: (value: String, node: YAMLNode)?
    /// The media type and its node.
    var contentType: (value: String, node: YAMLNode)?
    /// The part a header parameter is sent in, and its node.
    var header: (value: String, node: YAMLNode)?

    /// The first of the two that is written, to point an error at.
    var firstNode: (key: String, node: YAMLNode)? {
        filename.map { ("filename", $0.node) } ?? contentType.map { ("contentType", $0.node) }
    }
}

extension SpecDecoder {
    /// `photo: { type: Data, filename: me.jpg, contentType: image/jpeg }`: what a multipart file part is sent with.
    func partMetadata(_ fields: Fields, _ context: String) -> PartMetadata {
        var part = PartMetadata()
        if let node = fields["filename"], let name = string(node, "the filename of \(context)") {
            if name.isEmpty || name.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                sink.error("the filename of \(context) is empty or holds a line break; leave 'filename' out to send the field name", at: node)
            } else {
                part.filename = (name, node)
            }
        }
        if let node = fields["contentType"] {
            part.contentType = mediaType(node, "a content type").map { ($0, node) }
        }
        if let node = fields["part"], let name = string(node, "the part of \(context)") {
            part.header = (name, node)
        }
        return part
    }

    /// `checksum: { type: String, in: header, key: Content-MD5, part: photo }`: a header of the part of the multipart
    /// body that the body parameter `photo` is sent as.
    func checkPartHeaders(_ declared: [DeclaredParameter], placed: [Parameter], body: DeclaredBody?, endpoint: String) {
        let parts = placed.filter { $0.placement == .body && !$0.flat && $0.part == nil }.map(\.name)
        for (parameter, placed) in zip(declared, placed) {
            guard let (name, node) = parameter.part.header else { continue }
            let context = "parameter '\(parameter.name)' of endpoint '\(endpoint)'"
            if placed.placement != .header {
                sink.error(
                    "'part' of \(context) names the part of a multipart body it is a header of, but it is sent in the \(placed.placement.rawValue)",
                    at: node, notes: [sink.note("a header of a part says 'in: header'", at: parameter.key)])
            } else if body?.encoding?.value != .multipart {
                sink.error("'part' of \(context) names a part of a multipart body, but the endpoint's body is not multipart", at: node)
            } else if !parts.contains(name) {
                sink.error(
                    "'part' of \(context) is '\(name)', which is no part of the endpoint's multipart body\(Suggestion.hint(for: name, in: parts))",
                    at: node, notes: parts.isEmpty ? [] : [sink.note("its parts are the body parameters: \(parts.map { "'\($0)'" }.joined(separator: ", "))", at: parameter.key)])
            }
        }
    }

    /// `filename` and `contentType` only mean something on a `Data` parameter sent as a part of a multipart body.
    func checkPartMetadata(_ parameter: DeclaredParameter, placement: Parameter.Placement, body: DeclaredBody?, context: String) {
        guard let (key, node) = parameter.part.firstNode else { return }
        let isMultipart = body?.encoding?.value == .multipart
        var part = parameter.type
        if parameter.flat != nil, case .dictionary(let value) = part {
            // A flat map's values are the parts, each file named by its key: only their content type can be given.
            if let filename = parameter.part.filename {
                sink.error("'filename' of \(context) cannot name the files of a flat map; each is sent with its key as its file name", at: filename.node)
                return
            }
            part = value
        }
        guard !(placement == .body && isMultipart && part.unwrapped == .data) else { return }
        let reason =
            if placement != .body { "it is sent in the \(placement.rawValue)" }
            else if !isMultipart { "the endpoint's body is not multipart" }
            else { "its type is '\(parameter.type)', a text field" }
        sink.error(
            "'\(key)' of \(context) is for a Data part of a multipart body, but \(reason)", at: node,
            notes: [sink.note("a file part is a Data parameter of an endpoint with 'body: multipart'", at: parameter.key)])
    }
}
