import Diagnostics
import YAML

/// The keys that shape what a call gives back and sends beyond its parameters: `responseHeaders`, `unwrap` and
/// `wrap` (of an endpoint or the spec's `policy`), and the error message's `messageField`.
extension SpecDecoder {
    /// `responseHeaders: { ETag: String, Total-Records: Int, Location: URL? }`, in source order. Names are HTTP
    /// header names, unique case-insensitively; types are built-in scalars (`Data` aside), optional when the
    /// header may be missing.
    func responseHeaders(_ node: YAMLNode, _ context: String) -> [ResponseHeader] {
        guard let pairs = mapping(node, "the response headers of \(context)") else { return [] }
        var seen: [String: YAMLNode] = [:]
        let headers: [ResponseHeader] = pairs.compactMap { pair in
            guard let name = string(pair.key, "a response header name") else { return nil }
            let what = "response header '\(name)' of \(context)"
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isHeaderNameScalar) else {
                sink.error("\(what) is not an HTTP header name, which is letters, digits and !#$%&'*+-.^_|~", at: pair.key)
                return nil
            }
            if let first = seen[name.lowercased()] {
                let note = sink.note("'\(first.text ?? name)' is first declared here", at: first)
                sink.error("\(context) declares response header '\(name)' twice (header names ignore case)", at: pair.key, notes: [note])
                return nil
            }
            seen[name.lowercased()] = pair.key
            guard let type = type(pair.value, what) else { return nil }
            guard ResponseHeader.allowedTypes.contains(type.unwrapped) else {
                let allowed = ResponseHeader.allowedTypes.map(\.description).joined(separator: ", ")
                sink.error("\(what) has type '\(type)'; a header is read as one of \(allowed), with '?' when it may be missing", at: pair.value)
                return nil
            }
            return ResponseHeader(name: name, type: type, location: pair.key.location)
        }
        checkSwiftNames(headers.map { ($0.name, $0.location) }, SwiftName.member) { "response headers '\($0)' and '\($1)' of \(context)" }
        return headers
    }

    /// An RFC 9110 token character, which header names are made of.
    private static func isHeaderNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }

    /// `unwrap: data` or `wrap: data.item`: a key or a dotted path of keys; `none` (the endpoint's opt-out) is `.some(nil)`.
    func envelopePath(_ node: YAMLNode, _ key: String, allowsNone: Bool) -> String?? {
        guard let path = string(node, "'\(key)'") else { return nil }
        if allowsNone, path == "none" { return .some(nil) }
        guard isFieldPath(path) else {
            sink.error("'\(key)' '\(path)' is not a key or a dotted path of keys, e.g. data or data.item", at: node)
            return nil
        }
        return .some(path)
    }

    /// `messageField: message` or `messageField: [message, error.message, error]`, tried in that order.
    func messageFields(_ node: YAMLNode) -> [String] {
        let items = node.sequence ?? [node]
        if node.sequence != nil, items.isEmpty {
            sink.error("'messageField' lists no fields; leave it out, or list the keys that may hold the message", at: node)
        }
        var seen: [String: YAMLNode] = [:]
        return items.compactMap { item in
            guard let path = string(item, "'messageField'") else { return nil }
            guard isFieldPath(path) else {
                sink.error("message field '\(path)' is not a key or a dotted path of keys, e.g. message or error.message", at: item)
                return nil
            }
            if let first = seen[path] {
                sink.warning("'messageField' lists '\(path)' twice", at: item, notes: [sink.note("'\(path)' is first listed here", at: first)])
                return nil
            }
            seen[path] = item
            return path
        }
    }

    /// Keys joined by `.`, none of them empty or with blanks at an end.
    private func isFieldPath(_ path: String) -> Bool {
        let keys = path.split(separator: ".", omittingEmptySubsequences: false)
        return keys.allSatisfy { !$0.isEmpty && $0.trimmingCharacters(in: .whitespaces) == $0 }
    }

    /// The endpoint's effective `unwrap`: its own (`none` turns the spec's off), else the spec's for a response
    /// decoded from JSON. Its own on a response that is not decoded from JSON is a warning.
    func unwrap(_ node: YAMLNode?, response: ResponseType, settings: EndpointSettings, context: String) -> String? {
        guard case .type = response else {
            if let node, let path = envelopePath(node, "unwrap", allowsNone: true) ?? nil {
                sink.warning("\(context) unwraps '\(path)', but its response is not decoded from JSON; leave 'unwrap' out", at: node)
            }
            return nil
        }
        guard let node else { return settings.policy.unwrap }
        return envelopePath(node, "unwrap", allowsNone: true) ?? nil
    }

    /// The endpoint's effective `wrap`: its own (`none` turns the spec's off), else the spec's for a JSON body. Its own
    /// on an endpoint without a JSON body is a warning.
    func wrap(_ node: YAMLNode?, bodyEncoding: BodyEncoding?, settings: EndpointSettings, context: String) -> String? {
        guard bodyEncoding == .json else {
            if let node, let path = envelopePath(node, "wrap", allowsNone: true) ?? nil {
                sink.warning("\(context) wraps its body in '\(path)', but it has no JSON body; leave 'wrap' out", at: node)
            }
            return nil
        }
        guard let node else { return settings.policy.wrap }
        return envelopePath(node, "wrap", allowsNone: true) ?? nil
    }
}

extension SpecChecks {
    /// Each endpoint `user` also has a method `userWithResponse`: an endpoint of that name would clash with it.
    func checkResponseVariantNames() {
        let names = Dictionary(spec.endpoints.map { (SwiftName.member($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        for endpoint in spec.endpoints {
            let variant = SwiftName.member(endpoint.name) + "WithResponse"
            guard let clash = names[variant] else { continue }
            let note = sink.note("'\(endpoint.name)' is declared here", at: sink.span(of: endpoint.name, at: endpoint.location))
            sink.error(
                "endpoint '\(clash.name)' has the Swift name '\(variant)' of the variant of endpoint '\(endpoint.name)' that returns the status and headers; rename it",
                at: sink.span(of: clash.name, at: clash.location), notes: [note])
        }
    }
}
