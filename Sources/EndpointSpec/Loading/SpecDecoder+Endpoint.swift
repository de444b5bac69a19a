import Diagnostics
import YAML

/// An endpoint's path as decoded: the node it is written in and its parts.
struct DecodedPath {
    var node: YAMLNode
    var text: String
    var parts: [TemplatePart]
}

extension SpecDecoder {
    /// The keys an endpoint may have besides its method; the methods are listed so that `get` suggests `GET`.
    static let endpointKeys = HTTPMethod.allCases.map(\.rawValue) + [
        "params", "body", "response", "error", "auth", "timeout", "retry", "query", "headers", "description", "deprecated", "accept",
        "paginate", "responseHeaders", "unwrap", "wrap",
    ]

    /// `endpoints: { name: { GET: /path, ... } }`, in source order.
    ///
    /// An endpoint whose method or path is wrong is still decoded (with a placeholder for what is missing), so that
    /// the errors of its other keys are reported in the same run; the spec is refused either way.
    func endpoints(_ node: YAMLNode, settings: EndpointSettings) -> [Endpoint] {
        guard let pairs = mapping(node, "'endpoints'") else {
            damage.endpointsUnknown = true
            return []
        }
        // Endpoint keys indented as endpoint names (`params:` under `endpoints:`) belong to the endpoint before them.
        var misplaced: [Int: [YAMLPair]] = [:]
        var owner: Int?
        for (index, pair) in pairs.enumerated() {
            if let owner, isEndpointKey(pair) {
                misplaced[owner, default: []].append(pair)
            } else {
                owner = index
            }
        }
        return pairs.indices.compactMap { index in
            let pair = pairs[index]
            if isEndpointKey(pair), misplaced.values.contains(where: { $0.contains { $0.key.location == pair.key.location } }) { return nil }
            guard let name = string(pair.key, "an endpoint name") else { return nil }
            let keys = misplaced[index] ?? []
            if !keys.isEmpty { reportMisplaced(keys, of: pair) }
            return endpoint(named: name, pair, misplacedKeys: Set(keys.compactMap(\.key.text)), settings: settings)
        }
    }

    /// A key an endpoint has (not a method), whose value has no method: `params:` rather than an endpoint named so.
    private func isEndpointKey(_ pair: YAMLPair) -> Bool {
        guard let key = pair.key.text, Self.endpointKeys.contains(key), HTTPMethod(rawValue: key) == nil else { return false }
        return pair.value.mapping?.contains(where: { $0.key.text.map { HTTPMethod(rawValue: $0) != nil } ?? false }) != true
    }

    /// One error for a run of endpoint keys indented as endpoint names, rather than an endpoint without a method and an
    /// unknown key for each of their entries.
    private func reportMisplaced(_ keys: [YAMLPair], of endpoint: YAMLPair) {
        let names = keys.compactMap(\.key.text).map { "'\($0)'" }
        let listed = names.count == 1 ? "\(names[0]) is indented as an endpoint name" : names.dropLast().joined(separator: ", ") + " and \(names.last!) are indented as endpoint names"
        let what = names.count == 1 ? "it is a key" : "they are keys"
        var notes: [Diagnostic] = []
        if let first = endpoint.value.mapping?.first?.key {
            let indent = first.location.column - 1
            notes.append(sink.note("the keys of endpoint '\(endpoint.key.text ?? "")' are indented \(indent) spaces, like '\(first.text ?? "")'", at: first))
        }
        sink.error(
            "\(listed), but \(what) of an endpoint; indent \(names.count == 1 ? "it" : "them") under '\(endpoint.key.text ?? "")'",
            at: keys[0].key, notes: notes)
        keys.forEach { damage.mention($0.value) }
    }

    /// `misplacedKeys`: its keys that were indented as endpoint names (already reported); the parameters are unknown
    /// when `params` is one of them.
    private func endpoint(named name: String, _ pair: YAMLPair, misplacedKeys: Set<String>, settings: EndpointSettings) -> Endpoint? {
        let context = "endpoint '\(name)'"
        let isMethodLike = { (key: String) in !key.isEmpty && key.allSatisfy { $0.isUppercase } }
        guard let fields = fields(pair.value, context, allowed: Self.endpointKeys, alsoAllowed: isMethodLike) else { return nil }
        let methodPairs = fields.pairs.compactMap { pair in pair.key.text.flatMap { isMethodLike($0) ? ($0, pair) : nil } }
        for (key, methodPair) in methodPairs where HTTPMethod(rawValue: key) == nil {
            let methods = HTTPMethod.allCases.map(\.rawValue).joined(separator: ", ")
            sink.error("unknown HTTP method '\(key)' in \(context); expected one of: \(methods)", at: methodPair.key)
        }
        // A misspelt method (`get:`) is already reported as an unknown key with the method it means.
        if methodPairs.isEmpty, !fields.suggested.contains(where: { HTTPMethod(rawValue: $0) != nil }) {
            sink.error("\(context) has no method and path; add one, e.g. 'GET: /\(name)'", at: pair.key)
        }
        for (key, extra) in methodPairs.dropFirst() {
            sink.error("\(context) has more than one method; declare '\(key)' as an endpoint of its own", at: extra.key)
        }
        let method = methodPairs.first.flatMap { HTTPMethod(rawValue: $0.0) }
        let path = methodPairs.first.flatMap { self.path($0.1.value, context) }

        // The parameters are unknown when `params` did not decode, or when it may be an unknown key (`parms:`).
        let declared = fields["params"].map { self.parameters($0, endpoint: name) }
            ?? DeclaredParameters(complete: !fields.unknown.contains { $0.value.mapping != nil } && !misplacedKeys.contains("params"))
        let body = fields.pair("body").map { declaredBody($0, endpoint: name) }
        let parameters = placed(declared, method: method, path: path, endpoint: name, body: body)
        checkBodyName(body, declared, endpoint: name)
        let bodyEncoding = self.bodyEncoding(
            body, parameters: parameters, complete: declared.complete && declared.failedNames.isEmpty, endpoint: name)
        let contentType = checkBody(body, encoding: bodyEncoding, parameters: parameters, declared: declared, method: method, endpoint: name)
        let headers = fields["headers"].map { fixedParameters($0, kind: "header", owner: " of \(context)") } ?? []
        let accept = fields["accept"].flatMap(acceptedMediaTypes)
        checkContentTypeHeaders(
            parameters, declared: declared, headers: headers, bodyEncoding: bodyEncoding, bodyValue: body?.value, contentType: contentType,
            accepts: fields["accept"] != nil, context: context)
        let timeout = fields["timeout"].flatMap { self.duration($0, "timeout") } ?? settings.policy.timeout
        let (writtenResponse, responseStream) = fields["response"].map { responseAndStream($0, method: method, context) } ?? (nil, nil)
        let responseType = writtenResponse ?? .empty
        checkStreamedResponse(responseStream, fields: fields, context: context)
        // A streamed response's `paginate` is reported above, and not decoded: its checks assume a body read whole.
        let pagination = responseStream != nil ? nil : fields.pair("paginate").flatMap {
            self.pagination($0, parameters: parameters, complete: declared.complete && declared.failedNames.isEmpty, response: responseType,
                            responseNode: fields["response"], context: context)
        }
        let (auth, authSchemes) = endpointAuth(fields["auth"], settings: settings, context: context)
        let errors = errorModels(fields["error"], settings: settings, context: context)
        return Endpoint(
            name: name, method: method ?? .GET, path: path?.text ?? "/", pathParts: path?.parts ?? [], parameters: parameters,
            bodyEncoding: bodyEncoding, response: responseType,
            errorModel: errors.model,
            auth: auth, timeout: timeout,
            retry: retry(fields.pair("retry"), method: method, settings: settings, context: context),
            query: fields["query"].map { fixedParameters($0, kind: "query", owner: " of \(context)") } ?? [],
            headers: headers,
            description: optionalString(fields["description"], "the description of \(context)"),
            deprecated: fields["deprecated"].flatMap { bool($0, "'deprecated'") } ?? false,
            location: pair.key.location, bodyValue: body?.value, contentType: contentType, accept: accept, pagination: pagination,
            authSchemes: authSchemes,
            responseHeaders: fields["responseHeaders"].map { responseHeaders($0, context) } ?? [],
            unwrap: responseStream != nil ? nil : unwrap(fields["unwrap"], response: responseType, settings: settings, context: context),
            wrap: wrap(fields["wrap"], bodyEncoding: bodyEncoding, settings: settings, context: context),
            responseStream: responseStream,
            errorModels: errors.byStatus
        )
    }

    /// The path and its parts; reports a missing `/`, malformed or repeated placeholders.
    private func path(_ node: YAMLNode, _ context: String) -> DecodedPath? {
        guard let path = string(node, "the path of \(context)") else { return nil }
        guard path.hasPrefix("/") else {
            sink.error("\(context) path '\(path)' must start with '/'", at: node)
            return nil
        }
        switch Template.parse(path) {
        case .failure(.unbalanced):
            sink.error("\(context) path '\(path)' has a '{' or '}' without its pair", at: node)
            return nil
        case .failure(.badName(let name)):
            sink.error("\(context) path '\(path)' has a placeholder '{\(name)}' that is not a parameter name", at: placeholderSpan(name, occurrence: 0, in: node))
            return nil
        case .success(let parts):
            var seen: Set<String> = []
            for name in Template.placeholders(in: parts) where !seen.insert(name).inserted {
                let first = sink.note("'{\(name)}' is first used here", at: placeholderSpan(name, occurrence: 0, in: node))
                sink.error("\(context) path uses '{\(name)}' twice", at: placeholderSpan(name, occurrence: 1, in: node), notes: [first])
                return nil
            }
            return DecodedPath(node: node, text: path, parts: parts)
        }
    }

    /// The span of the `occurrence`th `{name}` of a template written in `node` (braces included).
    func placeholderSpan(_ name: String, occurrence: Int, in node: YAMLNode) -> DiagnosticSink.Span {
        guard let text = node.text else { return sink.span(of: node) }
        let scalars = Array(text.unicodeScalars), target = Array("{\(name)}".unicodeScalars)
        var seen = 0
        var start = 0
        while start + target.count <= scalars.count {
            if Array(scalars[start..<(start + target.count)]) == target {
                if seen == occurrence { return sink.span(of: node, scalars: start..<(start + target.count)) }
                seen += 1
            }
            start += 1
        }
        return sink.span(of: node)
    }

    /// `response: User`, `[User]`, `Empty`, `Data`, `String` or `Multipart`; a decoded type on a HEAD request is a warning, as
    /// HEAD responses have no body.
    func response(_ node: YAMLNode, method: HTTPMethod?, _ context: String) -> ResponseType? {
        switch node.text {
        case "Empty": return .empty
        case "Data": return .data
        case "String": return .string
        case "Multipart": return .multipart
        default:
            let type = type(node, "the response of \(context)")
            if let type, method == .HEAD {
                sink.warning("\(context) is a HEAD request, whose response has no body, so its response '\(type)' can never be decoded; leave 'response' out", at: node)
            }
            return type.map(ResponseType.type)
        }
    }

    /// The effective retry: the endpoint's own (`none` turns it off), else the spec's for idempotent methods.
    private func retry(_ pair: YAMLPair?, method: HTTPMethod?, settings: EndpointSettings, context: String) -> RetryPolicy? {
        guard let pair else { return method?.isIdempotent == true ? settings.policy.retry : nil }
        if pair.value.text == "none" { return nil }
        let policy = retry(pair.value)
        if policy != nil, let method, !method.isIdempotent {
            sink.warning("\(context) retries a \(method.rawValue) request, which is not idempotent: the server may act on it twice", at: pair.key)
        }
        return policy
    }

    /// `body: json | form | multipart | binary`; json when body parameters exist and `body` is absent, or when `body`
    /// names only a media type; a whole value's type decides its own. Checks that count body parameters stay silent
    /// when some did not decode (`complete` is false).
    private func bodyEncoding(_ body: DeclaredBody?, parameters: [Parameter], complete: Bool, endpoint: String) -> BodyEncoding? {
        let bodyParameters = parameters.filter { $0.placement == .body }
        guard let body else { return bodyParameters.isEmpty ? nil : .json }
        if let value = body.value { return value.encoding }
        if body.hasType { return nil }
        guard let encoding = body.encoding?.value ?? (body.pair.value.mapping != nil ? .json : nil) else { return nil }
        guard complete, !body.failed else { return bodyParameters.isEmpty ? nil : encoding }
        if bodyParameters.isEmpty {
            let written = body.encoding.map { "'body: \($0.value.rawValue)'" } ?? "'body'"
            sink.warning("endpoint '\(endpoint)' sets \(written) but has no body parameters", at: body.pair.key)
            return nil
        }
        if encoding == .binary, bodyParameters.count != 1 || bodyParameters[0].type.unwrapped != .data {
            sink.error("endpoint '\(endpoint)' has a binary body, which takes exactly one body parameter, of type Data", at: body.encoding?.node ?? body.pair.value)
        }
        return encoding
    }

    /// A `Content-Type` header (a parameter or a `headers:` entry) on a request with a body is replaced by the body's
    /// own, and an `Accept` header by the endpoint's `accept`: what the spec or the caller gives would be silently lost.
    private func checkContentTypeHeaders(
        _ parameters: [Parameter], declared: DeclaredParameters, headers: [DefaultParameter], bodyEncoding: BodyEncoding?,
        bodyValue: BodyValue?, contentType: String?, accepts: Bool, context: String
    ) {
        var conflicts: [(header: String, reason: String, advice: String)] = []
        if let bodyEncoding {
            let sends = contentType ?? (bodyValue?.type.unwrapped == .string ? "a String is sent as text/plain; charset=utf-8" : "\(bodyEncoding.rawValue) sends \(bodyEncoding.mediaType)")
            let advice = bodyEncoding == .form || bodyEncoding == .multipart
                ? "a \(bodyEncoding.rawValue) body is always sent as \(bodyEncoding.mediaType)"
                : bodyEncoding == .binary
                    ? "give the body's media type as 'contentType', e.g. body: { encoding: binary, contentType: image/png }, "
                        + "or per call as a String parameter, e.g. type: { type: String?, in: header, key: Content-Type }"
                    : "give the body's media type as 'contentType', e.g. body: { contentType: application/merge-patch+json }"
            conflicts.append(("content-type", "the body sets Content-Type (\(sends))", advice))
        }
        if accepts { conflicts.append(("accept", "the endpoint's 'accept' sets Accept", "list the media types in 'accept'")) }
        for conflict in conflicts {
            for (parameter, written) in zip(parameters, declared.list)
            where parameter.placement == .header && parameter.wireName.lowercased() == conflict.header
                && !(conflict.header == "content-type" && Endpoint.isPerCallContentType(parameter, bodyEncoding: bodyEncoding)) {
                let note = sink.note("remove the parameter; \(conflict.advice)", at: written.key)
                sink.error(
                    "header parameter '\(parameter.name)' of \(context) would be lost: \(conflict.reason)",
                    at: written.wireNameNode ?? written.key, notes: [note])
            }
            for header in headers where header.name.lowercased() == conflict.header {
                let note = sink.note("remove the header; \(conflict.advice)", at: sink.span(of: header.name, at: header.location))
                sink.error(
                    "header '\(header.name)' of \(context) would be lost: \(conflict.reason)", at: sink.span(of: header.name, at: header.location),
                    notes: [note])
            }
        }
    }
}
