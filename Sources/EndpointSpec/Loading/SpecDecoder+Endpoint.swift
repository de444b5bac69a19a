import Diagnostics
import YAML

extension SpecDecoder {
    /// The keys an endpoint may have besides its method; the methods are listed so that `get` suggests `GET`.
    static let endpointKeys = HTTPMethod.allCases.map(\.rawValue) + [
        "params", "body", "response", "error", "auth", "timeout", "retry", "query", "headers", "description", "deprecated",
    ]

    /// `endpoints: { name: { GET: /path, ... } }`, in source order.
    func endpoints(_ node: YAMLNode, settings: EndpointSettings) -> [Endpoint] {
        guard let pairs = mapping(node, "'endpoints'") else { return [] }
        return pairs.compactMap { pair in
            guard let name = string(pair.key, "an endpoint name") else { return nil }
            return endpoint(named: name, pair, settings: settings)
        }
    }

    private func endpoint(named name: String, _ pair: YAMLPair, settings: EndpointSettings) -> Endpoint? {
        let context = "endpoint '\(name)'"
        let isMethodLike = { (key: String) in !key.isEmpty && key.allSatisfy { $0.isUppercase } }
        guard let fields = fields(pair.value, context, allowed: Self.endpointKeys, alsoAllowed: isMethodLike) else { return nil }
        let methodPairs = fields.pairs.compactMap { pair in pair.key.text.flatMap { isMethodLike($0) ? ($0, pair) : nil } }
        for (key, methodPair) in methodPairs where HTTPMethod(rawValue: key) == nil {
            let methods = HTTPMethod.allCases.map(\.rawValue).joined(separator: ", ")
            sink.error("unknown HTTP method '\(key)' in \(context); expected one of: \(methods)", at: methodPair.key.location)
        }
        if methodPairs.isEmpty {
            sink.error("\(context) has no method and path; add one, e.g. 'GET: /\(name)'", at: pair.key.location)
        }
        for (key, extra) in methodPairs.dropFirst() {
            sink.error("\(context) has more than one method; declare '\(key)' as an endpoint of its own", at: extra.key.location)
        }
        guard methodPairs.count == 1, let method = HTTPMethod(rawValue: methodPairs[0].0) else { return nil }
        let methodKey = methodPairs[0].1.key
        guard let (path, pathParts) = self.path(methodPairs[0].1.value, context) else { return nil }

        let declared = fields["params"].map { self.parameters($0, endpoint: name) } ?? []
        let parameters = placed(declared, method: method, pathParts: pathParts, endpoint: name, methodKey: methodKey)
        let bodyEncoding = self.bodyEncoding(fields.pair("body"), parameters: parameters, endpoint: name)
        let timeout = fields["timeout"].flatMap { self.duration($0, "timeout") } ?? settings.policy.timeout
        return Endpoint(
            name: name, method: method, path: path, pathParts: pathParts, parameters: parameters,
            bodyEncoding: bodyEncoding, response: fields["response"].flatMap { response($0, context) } ?? .empty,
            errorModel: fields["error"].map { type($0, "the error of \(context)") } ?? settings.errors.model,
            auth: authRequirement(fields["auth"], settings: settings, context: context), timeout: timeout,
            retry: retry(fields.pair("retry"), method: method, settings: settings, context: context),
            query: fields["query"].map { fixedParameters($0, kind: "query", owner: " of \(context)") } ?? [],
            headers: fields["headers"].map { fixedParameters($0, kind: "header", owner: " of \(context)") } ?? [],
            description: optionalString(fields["description"], "the description of \(context)"),
            deprecated: fields["deprecated"].flatMap { bool($0, "'deprecated'") } ?? false,
            location: pair.key.location
        )
    }

    /// The path and its parts; reports a missing `/`, malformed or repeated placeholders.
    private func path(_ node: YAMLNode, _ context: String) -> (String, [TemplatePart])? {
        guard let path = string(node, "the path of \(context)") else { return nil }
        guard path.hasPrefix("/") else {
            sink.error("\(context) path '\(path)' must start with '/'", at: node.location)
            return nil
        }
        switch Template.parse(path) {
        case .failure(.unbalanced):
            sink.error("\(context) path '\(path)' has a '{' or '}' without its pair", at: node.location)
            return nil
        case .failure(.badName(let name)):
            sink.error("\(context) path '\(path)' has a placeholder '{\(name)}' that is not a parameter name", at: node.location)
            return nil
        case .success(let parts):
            var seen: Set<String> = []
            for name in Template.placeholders(in: parts) where !seen.insert(name).inserted {
                sink.error("\(context) path uses '{\(name)}' twice", at: node.location)
                return nil
            }
            return (path, parts)
        }
    }

    /// `response: User`, `[User]`, `Empty`, `Data` or `String`.
    private func response(_ node: YAMLNode, _ context: String) -> ResponseType? {
        switch node.text {
        case "Empty": .empty
        case "Data": .data
        case "String": .string
        default: type(node, "the response of \(context)").map(ResponseType.type)
        }
    }

    /// `auth: none | optional | required`, resolved against the spec's `auth`.
    private func authRequirement(_ node: YAMLNode?, settings: EndpointSettings, context: String) -> AuthRequirement {
        let inherited = settings.auth?.defaultRequirement ?? AuthRequirement.none
        guard let node else { return inherited }
        guard let requirement = choice(node, "auth requirement", as: AuthRequirement.self) else { return inherited }
        if requirement != .none, settings.auth == nil {
            sink.error("\(context) uses auth '\(requirement.rawValue)' but the spec has no 'auth' section", at: node.location)
        }
        return requirement
    }

    /// The effective retry: the endpoint's own (`none` turns it off), else the spec's for idempotent methods.
    private func retry(_ pair: YAMLPair?, method: HTTPMethod, settings: EndpointSettings, context: String) -> RetryPolicy? {
        guard let pair else { return method.isIdempotent ? settings.policy.retry : nil }
        if pair.value.text == "none" { return nil }
        let policy = retry(pair.value)
        if policy != nil, !method.isIdempotent {
            sink.warning("\(context) retries a \(method.rawValue) request, which is not idempotent: the server may act on it twice", at: pair.key.location)
        }
        return policy
    }

    /// `body: json | form | multipart | binary`; json when body parameters exist and `body` is absent.
    private func bodyEncoding(_ pair: YAMLPair?, parameters: [Parameter], endpoint: String) -> BodyEncoding? {
        let bodyParameters = parameters.filter { $0.placement == .body }
        guard let pair else { return bodyParameters.isEmpty ? nil : .json }
        guard let encoding = choice(pair.value, "body encoding", as: BodyEncoding.self) else { return nil }
        if bodyParameters.isEmpty {
            sink.warning("endpoint '\(endpoint)' sets 'body: \(encoding.rawValue)' but has no body parameters", at: pair.key.location)
            return nil
        }
        if encoding == .binary, bodyParameters.count != 1 || bodyParameters[0].type.unwrapped != .data {
            sink.error("endpoint '\(endpoint)' has a binary body, which takes exactly one body parameter, of type Data", at: pair.value.location)
        }
        return encoding
    }
}
