import Diagnostics
import EndpointSpec
import YAML

/// Polymorphism by `allOf`: a base schema with a `discriminator`, whose subtypes are `allOf: [Base, {…}]` or the schemas
/// its mapping names. Where the base is declared, a value may be any subtype (`{"className": "Dog", "breed": "b"}` where
/// `Animal` is), so the base's name is a union of the subtypes that its discriminator chooses between, and a value that
/// names none is kept whole as `unknown`. The base's own struct (`AnimalBase`) is an alternative only when the mapping
/// names the base itself. The subtypes still include the base's properties as they always did.
extension SchemaTranslator {
    /// The union model for a base schema that a reference leads to, built on first use; `nil` when the schema is no
    /// discriminated base with a subtype.
    func polymorphicModel(_ base: DocumentNode, name: String) -> String? {
        if let known = polymorphicModels[base.identity] { return known }
        let variants = subtypeVariants(base)
        guard variants.contains(where: { $0.identity != base.identity }) else { return nil }
        // Claimed before the subtypes are built: a subtype that refers to the base again ends here.
        let claimed = names.claim(modelTypeName(name, at: base.location))
        polymorphicModels[base.identity] = claimed
        if variants.contains(where: { $0.identity == base.identity }) {
            _ = model(for: base, name: claimed + "Base", inline: false)
        }
        let kind = unionKind(base, variants: variants, model: claimed)
        models[claimed] = Model(
            name: claimed, kind: kind, description: base.text("description") ?? base.text("title"), location: base.location,
            deprecated: base.flag("deprecated"))
        return claimed
    }

    /// Whether a schema (or what its reference leads to) is a base whose values may be any of its subtypes: not an object
    /// whose properties can be spread into arguments.
    func isPolymorphicBase(_ schema: DocumentNode) -> Bool {
        let base = dereferenced(schema)
        return polymorphicModels[base.identity] != nil || subtypeVariants(base).contains { $0.identity != base.identity }
    }

    /// The alternatives of a discriminated base: the schemas its mapping names (the base itself as its own node), then
    /// the schemas of its file's `components` that extend it with `allOf`, directly or through another subtype. Empty for a
    /// schema with no discriminator, or one that is a `oneOf`/`anyOf` itself (a union already).
    private func subtypeVariants(_ base: DocumentNode) -> [DocumentNode] {
        guard base["discriminator"]?.text("propertyName") != nil, base["oneOf"] == nil, base["anyOf"] == nil, shape(base).isObject else { return [] }
        var variants: [DocumentNode] = []
        var seen: Set<NodeIdentity> = []
        for member in base["discriminator"]?["mapping"]?.members ?? [] {
            guard let text = member.value.node.text else { continue }
            let pointer = text.contains("/") || text.contains("#") ? text : "#/components/schemas/" + text
            let reference = Self.referenceNode(pointer, at: member.location, in: base.file)
            // A mapping entry that leads nowhere is warned about where the union reads the mapping.
            guard let (target, _) = documents.resolve(pointer, from: reference) else { continue }
            let schema = dereferenced(target)
            guard seen.insert(schema.identity).inserted else { continue }
            variants.append(schema.identity == base.identity ? base : reference)
        }
        var parents = [base.identity]
        while !parents.isEmpty {
            let parent = parents.removeFirst()
            for (schema, reference) in directSubtypes(inFileOf: base)[parent] ?? [] where seen.insert(schema).inserted {
                variants.append(reference)
                parents.append(schema)
            }
        }
        return variants
    }

    /// For each schema of the `components/schemas` of a node's file that another extends with `allOf` (by identity), the
    /// extending schemas: their identities and references to them, in the file's order. Built once a file.
    private func directSubtypes(inFileOf node: DocumentNode) -> [NodeIdentity: [(schema: NodeIdentity, reference: DocumentNode)]] {
        let file = node.file
        if let known = subtypesByFile[file] { return known }
        var result: [NodeIdentity: [(schema: NodeIdentity, reference: DocumentNode)]] = [:]
        let components = documents.resolve("#", from: node)?.target["components"]?["schemas"]?.members ?? []
        for member in components {
            guard let parts = member.value["allOf"]?.items else { continue }
            let subtype = dereferenced(member.value).identity
            let reference = Self.referenceNode(Self.componentPointer(member.key), at: member.location, in: file)
            for part in parts where part.reference != nil {
                let parent = dereferenced(part).identity
                if parent != subtype, result[parent]?.contains(where: { $0.schema == subtype }) != true {
                    result[parent, default: []].append((subtype, reference))
                }
            }
        }
        subtypesByFile[file] = result
        return result
    }

    /// `#/components/schemas/NAME`, the name escaped as a JSON pointer token.
    static func componentPointer(_ name: String) -> String {
        "#/components/schemas/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// A `{$ref: POINTER}` schema written at `location` in `file`, as if the document held it there.
    static func referenceNode(_ pointer: String, at location: SourceLocation, in file: String) -> DocumentNode {
        let reference = YAMLNode(.mapping([YAMLPair(key: YAMLNode(.scalar(YAMLScalar("$ref")), location: location),
                                                    value: YAMLNode(.scalar(YAMLScalar(pointer)), location: location))]),
                                 location: location)
        return DocumentNode(node: reference, file: file)
    }
}
