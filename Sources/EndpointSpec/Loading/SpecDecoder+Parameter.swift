import Diagnostics
import YAML

/// A parameter as declared, before its placement is resolved against the method and path.
struct DeclaredParameter {
    var name: String
    var wireName: String
    var type: TypeRef
    /// The `in:` value and where it is written, when given.
    var placement: (value: Parameter.Placement, location: SourceLocation)?
    var secret: Bool
    var defaultValue: YAMLValue?
    var description: String?
    var location: SourceLocation
}

extension SpecDecoder {
    static let parameterKeys = ["type", "in", "key", "secret", "default", "description"]

    /// `params: { id: Int, password: { type: String, secret: true } }`, in source order.
    func parameters(_ node: YAMLNode, endpoint: String) -> [DeclaredParameter] {
        guard let pairs = mapping(node, "the params of endpoint '\(endpoint)'") else { return [] }
        let declared = pairs.compactMap { pair -> DeclaredParameter? in
            guard let name = string(pair.key, "a parameter name") else { return nil }
            return parameter(named: name, pair, endpoint: endpoint)
        }
        checkSwiftNames(declared.map { ($0.name, $0.location) }, SwiftName.member) { "parameters '\($0)' and '\($1)' of endpoint '\(endpoint)'" }
        return declared
    }

    private func parameter(named name: String, _ pair: YAMLPair, endpoint: String) -> DeclaredParameter? {
        let context = "parameter '\(name)' of endpoint '\(endpoint)'"
        guard pair.value.mapping != nil else {
            return type(pair.value, context).map {
                DeclaredParameter(name: name, wireName: name, type: $0, secret: false, location: pair.key.location)
            }
        }
        guard let fields = fields(pair.value, context, allowed: Self.parameterKeys, required: ["type"]),
              let type = fields["type"].flatMap({ type($0, context) })
        else { return nil }
        let secret = fields["secret"].flatMap { bool($0, "'secret'") } ?? false
        if secret, type.unwrapped != .string {
            sink.error("\(context) is secret but has type '\(type)'; only String parameters can be secret", at: fields.pair("secret")!.key.location)
        }
        let placement = fields["in"].flatMap { node in
            choice(node, "parameter placement", as: Parameter.Placement.self).map { ($0, node.location) }
        }
        return DeclaredParameter(
            name: name, wireName: optionalString(fields["key"], "the key of \(context)") ?? name, type: type,
            placement: placement, secret: secret, defaultValue: fields["default"]?.resolved,
            description: optionalString(fields["description"], "the description of \(context)"), location: pair.key.location
        )
    }

    /// Resolves each parameter's placement: `{name}` in the path, else `in:`, else query without a body, body with one.
    func placed(
        _ declared: [DeclaredParameter], method: HTTPMethod, pathParts: [TemplatePart], endpoint: String, methodKey: YAMLNode
    ) -> [Parameter] {
        let placeholders = Template.placeholders(in: pathParts)
        let names = Set(declared.map(\.name))
        for placeholder in placeholders where !names.contains(placeholder) {
            sink.error("endpoint '\(endpoint)' path uses '{\(placeholder)}' but declares no parameter '\(placeholder)'", at: methodKey.location)
        }
        return declared.map { parameter in
            let context = "parameter '\(parameter.name)' of endpoint '\(endpoint)'"
            let placement: Parameter.Placement
            if placeholders.contains(parameter.name) {
                placement = .path
                if let explicit = parameter.placement, explicit.value != .path {
                    sink.error("\(context) is bound to '{\(parameter.name)}' in the path but says 'in: \(explicit.value.rawValue)'", at: explicit.location)
                }
                if parameter.type.isOptional {
                    sink.error("path \(context) cannot be optional", at: parameter.location)
                }
            } else if let explicit = parameter.placement {
                placement = explicit.value
                if placement == .path {
                    sink.error("endpoint '\(endpoint)' declares parameter '\(parameter.name)' in: path but its path has no '{\(parameter.name)}'", at: explicit.location)
                }
                if placement == .body, !method.allowsBody {
                    sink.error("\(context) is sent in the body, but \(method.rawValue) requests have no body", at: explicit.location)
                }
            } else {
                placement = method.allowsBody ? .body : .query
            }
            if parameter.secret, placement == .query {
                sink.warning("secret \(context) is sent in the query, where servers and proxies log it", at: parameter.location)
            }
            return Parameter(
                name: parameter.name, wireName: parameter.wireName, type: parameter.type, placement: placement, secret: parameter.secret,
                defaultValue: parameter.defaultValue, description: parameter.description, location: parameter.location
            )
        }
    }

    /// Reports names that differ as written but become the same Swift identifier, at the later one.
    func checkSwiftNames(
        _ items: [(name: String, location: SourceLocation)], _ swiftName: (String) -> String, describe: (String, String) -> String
    ) {
        var first: [String: String] = [:]
        for item in items {
            let identifier = swiftName(item.name)
            if let earlier = first[identifier] {
                sink.error("\(describe(earlier, item.name)) both become the Swift name '\(identifier)'", at: item.location)
            } else {
                first[identifier] = item.name
            }
        }
    }
}
