import Diagnostics
import EndpointSpec

/// An object schema's members: its `properties` (with those of its `allOf` parts) and the members beyond them that
/// `additionalProperties` and `patternProperties` allow.
extension SchemaTranslator {
    /// One property of a schema before translation: its JSON key, schema and whether it is required.
    struct RawProperty {
        var key: String
        var location: SourceLocation
        var schema: DocumentNode
        var required: Bool
    }

    /// The properties of an object schema, `allOf` parts merged in order (the first definition of a key wins).
    func rawProperties(_ schema: DocumentNode) -> [RawProperty] {
        buildOwner(schema)
        var result: [RawProperty] = []
        var required: Set<String> = []
        collect(dereferenced(schema), into: &result, required: &required)
        return result.map { property in
            var property = property
            property.required = required.contains(property.key)
            return property
        }
    }

    private func collect(_ schema: DocumentNode, into result: inout [RawProperty], required: inout Set<String>) {
        _ = guarded(schema, in: \.collectionsInProgress) {
            for part in schema["allOf"]?.items ?? [] where !isAnnotationOnly(part) {
                let target = dereferenced(part)
                if case .other = shape(target), target["properties"] == nil {
                    diagnostics.warning("an 'allOf' part that is not an object is not supported in an object; it is left out", at: part.location)
                    continue
                }
                buildOwner(part)
                collect(target, into: &result, required: &required)
            }
            for name in schema["required"]?.items ?? [] {
                if let text = name.node.text { required.insert(text) }
            }
            for member in schema["properties"]?.members ?? [] where !result.contains(where: { $0.key == member.key }) {
                result.append(RawProperty(key: member.key, location: member.location, schema: member.value, required: false))
            }
        }
    }

    func objectProperties(_ schema: DocumentNode, model: String) -> [Property] {
        let node = dereferenced(schema)
        var swiftNames = UniqueNames()
        let declared = rawProperties(schema).compactMap { raw in
            property(raw, required: raw.required, model: model, swiftNames: &swiftNames)
        }
        return declared + undeclaredRequiredProperties(node, declared: declared, model: model, swiftNames: &swiftNames)
    }

    /// The type of an object model's members beyond its properties (`memberType` of `membersDeclaration`); what cannot
    /// be typed precisely is any JSON value, with a warning.
    func additionalMembers(_ schema: DocumentNode, model: String) -> TypeRef? {
        let node = membersDeclaration(dereferenced(schema))
        switch memberType(node, name: model) {
        case .type(let type)?: return type
        case .unsupported(let reason)?:
            let at = node["patternProperties"]?.location ?? node["additionalProperties"]?.location ?? node.location
            diagnostics.warning("the members beyond the properties of '\(model)' are \(reason), which EndpointGen cannot type precisely; they are typed JSON", at: at)
            return .json
        case nil: return nil
        }
    }

    /// The properties of every alternative of a union, optional unless every alternative requires them.
    func unionProperties(_ variants: [DocumentNode], model: String) -> [Property] {
        let perVariant = variants.map(rawProperties)
        var merged: [RawProperty] = []
        for raw in perVariant.joined() where !merged.contains(where: { $0.key == raw.key }) {
            let everywhere = perVariant.allSatisfy { $0.contains { $0.key == raw.key && $0.required } }
            merged.append(RawProperty(key: raw.key, location: raw.location, schema: raw.schema, required: everywhere))
        }
        var swiftNames = UniqueNames()
        return merged.compactMap { raw in
            let types = perVariant.joined().filter { $0.key == raw.key }.map { type($0.schema, name: model + SwiftName.type($0.key)).typeRef?.unwrapped }
            if types.contains(where: { $0 != types[0] }) {
                diagnostics.warning("property '\(raw.key)' has different types in the alternatives of '\(model)'; it is left out", at: raw.location)
                return nil
            }
            return property(raw, required: raw.required, model: model, swiftNames: &swiftNames)
        }
    }

    private func property(_ raw: RawProperty, required: Bool, model: String, swiftNames: inout UniqueNames) -> Property? {
        let type: TypeRef
        // A nullable member is `T?` either way; `null` then is a value of its own (required: always sent; optional: kept
        // apart from a missing key).
        var null = NullForm.absent
        switch self.type(raw.schema, name: model + SwiftName.type(raw.key)) {
        case .type(let translated):
            type = required ? translated : (translated.isOptional ? translated : .optional(translated))
            if translated.isOptional { null = required ? .sent : .kept }
        case .unsupported(let reason):
            // Never dropped: what cannot be typed precisely is kept as any JSON value.
            diagnostics.warning("property '\(raw.key)' of '\(model)' is \(reason), which EndpointGen cannot type precisely; it is typed JSON", at: raw.location)
            type = required ? .json : .optional(.json)
        }
        let name = swiftNames.claimMember(for: raw.key)
        return Property(
            name: name, wireName: raw.key, type: type, defaultValue: defaultValue(raw.schema, type: type, context: "property '\(raw.key)' of '\(model)'"),
            description: dereferencedDescription(raw.schema), location: raw.location, xml: xmlMark(raw, type: type, model: model),
            deprecated: raw.schema.flag("deprecated"), null: null
        )
    }

    // MARK: Members beyond the properties

    func dictionaryType(_ schema: DocumentNode, name: String) -> SchemaType {
        // A free-form object (`type: object` and nothing more, or `additionalProperties: false` alone) is any JSON
        // object: `JSON`, which also takes the arrays that Kubernetes' `Patch` (declared an object) carries as a JSON
        // patch. An explicit `additionalProperties: true` or `{}` says it is a map of anything: `[String: JSON]`.
        switch memberType(schema, name: name) {
        case .type(let value)?: return .type(.dictionary(value))
        case .unsupported(let reason)?: return .unsupported("a map of \(reason.droppingArticle)")
        case nil: return .type(.json)
        }
    }

    /// The schema that says which members an object has beyond its properties: the object itself when it has
    /// `additionalProperties` (`false` included) or `patternProperties`, else the first of its `allOf` parts that allows
    /// some (as the first definition of a property wins), else the object. Documents declare them in a part and mean
    /// the whole object.
    func membersDeclaration(_ schema: DocumentNode) -> DocumentNode {
        if schema["additionalProperties"] != nil || schema["patternProperties"] != nil { return schema }
        return allowingPart(of: schema) ?? schema
    }

    /// The first `allOf` part, depth first, that allows members beyond the properties; a part's
    /// `additionalProperties: false` speaks for that part alone.
    private func allowingPart(of schema: DocumentNode) -> DocumentNode? {
        guarded(schema, in: \.collectionsInProgress) {
            for part in (schema["allOf"]?.items ?? []).map(dereferenced) {
                if part["patternProperties"] != nil || part["additionalProperties"].map({ !$0.node.isBool(false) }) == true { return part }
                if let found = allowingPart(of: part) { return found }
            }
            return nil
        } ?? nil
    }

    /// The type of an object's members beyond its `properties`: those `additionalProperties` allows (`true`: any JSON
    /// value) and those of `patternProperties` (whose patterns are not checked), which must have one type; `nil` when
    /// the schema allows none explicitly.
    func memberType(_ schema: DocumentNode, name: String) -> SchemaType? {
        var schemas = (schema["patternProperties"]?.members ?? []).map(\.value)
        if let additional = schema["additionalProperties"], !additional.node.isBool(false) { schemas.append(additional) }
        guard !schemas.isEmpty else { return nil }
        let types = schemas.map { $0.node.isBool(true) ? .type(.json) : type($0, name: name + "Value") }
        if types.count == 1 || types.dropFirst().allSatisfy({ $0 == types[0] }) { return types[0] }
        return .unsupported("members of different types (by 'patternProperties' and 'additionalProperties')")
    }
}
