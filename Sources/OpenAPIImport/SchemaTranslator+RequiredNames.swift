import Diagnostics
import EndpointSpec

extension SchemaTranslator {
    /// The names an object schema (with its `allOf` parts) lists in `required` without an entry in `properties`, in
    /// order, each with the node that names it: the value must be there, and nothing says what it is, so the model
    /// keeps it as a required `JSON` member rather than lose it.
    func undeclaredRequiredNames(_ schema: DocumentNode, declared: Set<String>) -> [DocumentNode] {
        var seen = declared
        var visited: Set<NodeIdentity> = []
        var result: [DocumentNode] = []
        func walk(_ node: DocumentNode) {
            let target = dereferenced(node)
            guard visited.insert(target.identity).inserted else { return }
            for part in target["allOf"]?.items ?? [] { walk(part) }
            for name in target["required"]?.items ?? [] {
                if let text = name.node.text, seen.insert(text).inserted { result.append(name) }
            }
        }
        walk(schema)
        return result
    }

    /// The required `JSON` members of `model` for its undeclared required names, each warned about where it is named.
    func undeclaredRequiredProperties(_ schema: DocumentNode, declared: [Property], model: String, swiftNames: inout UniqueNames) -> [Property] {
        undeclaredRequiredNames(schema, declared: Set(declared.map(\.wireName))).map { name in
            let key = name.node.text ?? ""
            if warnedRequiredNames.insert(name.location).inserted {
                diagnostics.warning("'\(key)' is required in '\(model)' but has no entry in 'properties'; it is a required member typed JSON (any value)", at: name.location)
            }
            return Property(
                name: swiftNames.claimMember(for: key), wireName: key, type: .json, defaultValue: nil, description: nil, location: name.location
            )
        }
    }
}
