import Diagnostics
import YAML

/// A parameter as declared, before its placement is resolved against the method and path.
struct DeclaredParameter {
    var name: String
    var wireName: String
    var type: TypeRef
    /// The `in:` value and its node, when given.
    var placement: (value: Parameter.Placement, node: YAMLNode)?
    var secret: Bool
    var defaultValue: SpecValue?
    var description: String?
    /// The name as written.
    var key: YAMLNode
    /// The `key:` value, when given.
    var wireNameNode: YAMLNode?
    /// `filename:` and `contentType:`, for a `Data` part of a multipart body (SpecDecoder+PartMetadata.swift).
    var part = PartMetadata()
    /// `style:` and `explode:`, for a structured value in a query or form body (SpecDecoder+ParameterStyle.swift).
    var style: DeclaredStyle? = nil
    /// The `flat:` node when it says `true` (SpecDecoder+FlatParameter.swift).
    var flat: YAMLNode? = nil
    /// `minLength:`, `maximum:`... (SpecDecoder+ParameterRules.swift).
    var rules = ParameterRules()
}

/// An endpoint's `params` as declared.
struct DeclaredParameters {
    /// The parameters that decoded, in source order.
    var list: [DeclaredParameter] = []
    /// Whether every parameter decoded; when not, checks that need them all (a placeholder without its parameter)
    /// stay silent unless `failedNames` tells them enough.
    var complete = true
    /// The names of the parameters that did not decode (their type, say): a placeholder of that name has one.
    var failedNames: Set<String> = []
}

extension SpecDecoder {
    static let parameterKeys = ["type", "in", "key", "secret", "default", "description", "filename", "contentType", "style", "explode", "flat", "part"]
        + ParameterRules.keys

    /// `params: { id: Int, password: { type: String, secret: true } }`, in source order.
    func parameters(_ node: YAMLNode, endpoint: String) -> DeclaredParameters {
        guard let pairs = mapping(node, "the params of endpoint '\(endpoint)'") else { return DeclaredParameters(complete: false) }
        var declared = DeclaredParameters()
        for pair in pairs {
            guard let name = string(pair.key, "a parameter name") else {
                declared.complete = false
                continue
            }
            guard let parameter = parameter(named: name, pair, endpoint: endpoint) else {
                declared.failedNames.insert(name)
                continue
            }
            declared.list.append(parameter)
        }
        checkSwiftNames(declared.list.map { ($0.name, $0.key.location) }, SwiftName.member) { "parameters '\($0)' and '\($1)' of endpoint '\(endpoint)'" }
        return declared
    }

    private func parameter(named name: String, _ pair: YAMLPair, endpoint: String) -> DeclaredParameter? {
        let context = "parameter '\(name)' of endpoint '\(endpoint)'"
        guard pair.value.mapping != nil else {
            return type(pair.value, context).map {
                DeclaredParameter(name: name, wireName: name, type: $0, secret: false, key: pair.key)
            }
        }
        guard let fields = fields(pair.value, context, allowed: Self.parameterKeys, required: ["type"]) else { return nil }
        let type = fields["type"].flatMap { self.type($0, context) }
        let secret = fields["secret"].flatMap { bool($0, "'secret'") } ?? false
        if let type, secret, type.unwrapped != .string {
            sink.error("\(context) is secret but has type '\(type)'; only String parameters can be secret", at: fields.pair("secret")!.key)
        }
        let placement = fields["in"].flatMap { node in
            choice(node, "parameter placement", as: Parameter.Placement.self).map { ($0, node) }
        }
        let wireName = wireName(fields, name: name, context: context)
        guard let type else { return nil }
        if let node = fields["default"] {
            damage.pendingDefaults.append(Damage.PendingDefault(node: node, type: type, context: context))
        }
        return DeclaredParameter(
            name: name, wireName: wireName ?? name, type: type, placement: placement, secret: secret, defaultValue: fields["default"].map { SpecValue($0.resolved) },
            description: optionalString(fields["description"], "the description of \(context)"), key: pair.key, wireNameNode: fields["key"],
            part: partMetadata(fields, context), style: parameterStyle(fields, context),
            flat: fields["flat"].flatMap { node in bool(node, "'flat'") == true ? node : nil },
            rules: parameterRules(fields, type: type, context: context)
        )
    }

    /// The `key:` of a parameter or property; an empty one is an error (it would be sent as `"": value`).
    func wireName(_ fields: Fields, name: String, context: String) -> String? {
        guard let node = fields["key"], let key = string(node, "the key of \(context)") else { return nil }
        if key.isEmpty {
            sink.error("\(context) has an empty 'key'; leave 'key' out to use the name '\(name)' on the wire", at: node)
            return nil
        }
        return key
    }

    /// Resolves each parameter's placement: `{name}` in the path, else `in:`, else the body for POST, PUT and PATCH
    /// (and for DELETE and OPTIONS when the endpoint has a `body` key), else the query; always the query when the body
    /// is one whole value.
    ///
    /// A method or path that did not decode (`nil`) silences the checks that need it; a placeholder without its
    /// parameter is reported only when every parameter is known.
    func placed(_ declared: DeclaredParameters, method: HTTPMethod?, path: DecodedPath?, endpoint: String, body: DeclaredBody? = nil) -> [Parameter] {
        let defaultsToBody = body?.hasType != true && (method?.allowsBody == true || (body != nil && method?.mayHaveBody == true))
        let placeholders = path.map { Template.placeholders(in: $0.parts) } ?? []
        let names = Set(declared.list.map(\.name))
        var undeclared: [String] = []
        if let path, declared.complete {
            undeclared = placeholders.filter { !names.contains($0) && !declared.failedNames.contains($0) }
            // The parameters the path could have meant: declared without a placement of their own, or `in: path`.
            let unbound = declared.list.filter { !placeholders.contains($0.name) && ($0.placement == nil || $0.placement?.value == .path) }
            for placeholder in undeclared {
                let notes = unbound.map { parameter in
                    sink.note("parameter '\(parameter.name)' is declared, but the path does not use it", at: parameter.key)
                }
                let hint = Suggestion.hint(for: placeholder, in: unbound.map(\.name))
                sink.error(
                    "endpoint '\(endpoint)' path uses '{\(placeholder)}' but declares no parameter '\(placeholder)'\(hint)",
                    at: placeholderSpan(placeholder, occurrence: 0, in: path.node), notes: notes)
            }
        }
        let parameters = declared.list.map { parameter in
            let context = "parameter '\(parameter.name)' of endpoint '\(endpoint)'"
            let placement: Parameter.Placement
            if placeholders.contains(parameter.name) {
                placement = .path
                if let explicit = parameter.placement, explicit.value != .path {
                    sink.error("\(context) is bound to '{\(parameter.name)}' in the path but says 'in: \(explicit.value.rawValue)'", at: explicit.node)
                }
                if parameter.type.isOptional {
                    sink.error("path \(context) cannot be optional", at: parameter.key)
                }
            } else if let explicit = parameter.placement {
                placement = explicit.value
                // With a placeholder left undeclared, that error (and its note at this parameter) says it already.
                if placement == .path, path != nil, undeclared.isEmpty {
                    sink.error("endpoint '\(endpoint)' declares parameter '\(parameter.name)' in: path but its path has no '{\(parameter.name)}'", at: explicit.node)
                }
                if placement == .body, let method, !method.mayHaveBody {
                    sink.error("\(context) is sent in the body, but \(method.rawValue) requests have no body", at: explicit.node)
                }
                if placement == .body, let value = body?.value {
                    let note = sink.note("the body is one value of type '\(value.type)'", at: sink.span(of: body!.pair.key))
                    sink.error("\(context) says 'in: body', but the endpoint sends one whole value as its body", at: explicit.node, notes: [note])
                }
            } else {
                placement = defaultsToBody ? .body : .query
            }
            checkPartMetadata(parameter, placement: placement, body: body, context: context)
            checkParameterStyle(parameter, placement: placement, body: body, context: context)
            checkFlat(parameter, placement: placement, body: body, context: context)
            if parameter.secret, placement == .query {
                sink.warning("secret \(context) is sent in the query, where servers and proxies log it", at: parameter.key)
            }
            return Parameter(
                name: parameter.name, wireName: parameter.wireName, type: parameter.type, placement: placement, secret: parameter.secret,
                defaultValue: parameter.defaultValue, description: parameter.description, location: parameter.key.location,
                filename: parameter.part.filename?.value, contentType: parameter.part.contentType?.value, style: parameter.style?.style,
                flat: parameter.flat != nil, part: parameter.part.header?.value, rules: parameter.rules
            )
        }
        checkPartHeaders(declared.list, placed: parameters, body: body, endpoint: endpoint)
        return parameters
    }

    /// Reports names that differ as written but become the same Swift identifier, at the later one, with a note at
    /// the earlier.
    func checkSwiftNames(
        _ items: [(name: String, location: SourceLocation)], _ swiftName: (String) -> String, describe: (String, String) -> String
    ) {
        var first: [String: (name: String, location: SourceLocation)] = [:]
        for item in items {
            let identifier = swiftName(item.name)
            if let earlier = first[identifier] {
                let note = sink.note("'\(earlier.name)' is declared here", at: sink.span(of: earlier.name, at: earlier.location))
                sink.error(
                    "\(describe(earlier.name, item.name)) both become the Swift name '\(identifier)'", at: sink.span(of: item.name, at: item.location),
                    notes: [note])
            } else {
                first[identifier] = (item.name, item.location)
            }
        }
    }
}
