import Diagnostics
import EndpointSpec

/// Telling the alternatives of a union without a discriminator apart: by a property each gives one constant value (an
/// implied discriminator), else by their required keys, else the first that decodes (with a warning).
extension SchemaTranslator {
    /// The single value a property of an object schema allows: `const: x`, or `enum: [x]` (closed here even though a
    /// string enum is open elsewhere: `{type: string, enum: [function]}` says what the object is).
    func constantValue(of key: String, in schema: DocumentNode) -> String? {
        guard let property = rawProperties(schema).first(where: { $0.key == key }) else { return nil }
        let node = dereferenced(property.schema)
        if let constant = node.node["const"], constant.resolved != .null { return constant.text }
        guard let values = node.node["enum"]?.sequence, values.count == 1, values[0].resolved != .null else { return nil }
        return values[0].text
    }

    /// A discriminator for objects that each fix one property (the same key in all) to a different constant: OpenAI's tools
    /// (`type: function`, `type: code_interpreter`), Stripe's `object: card`. `nil` when no key does.
    func impliedDiscriminator(_ alternatives: [OneOf.Alternative], schemas: [String: DocumentNode]) -> OneOf? {
        guard alternatives.count > 1, let first = alternatives.first.flatMap({ schemas[$0.name] }) else { return nil }
        for candidate in rawProperties(first).map(\.key) {
            let values = alternatives.map { alternative in schemas[alternative.name].flatMap { constantValue(of: candidate, in: $0) } }
            guard values.allSatisfy({ $0 != nil }), Set(values.compactMap { $0 }).count == values.count else { continue }
            let mapping = zip(values, alternatives).map { DiscriminatorMapping(value: $0!, model: $1.name, location: $1.location) }
            return OneOf(alternatives: alternatives, discriminator: candidate, mapping: mapping)
        }
        return nil
    }

    /// The required JSON keys and all the keys of an object alternative.
    private func keys(_ schema: DocumentNode) -> (required: Set<String>, all: Set<String>) {
        let properties = rawProperties(schema)
        return (Set(properties.filter(\.required).map(\.key)), Set(properties.map(\.key)))
    }

    /// The alternatives with each object moved before the earlier objects whose required keys are a strict subset of its
    /// own: decoding tries the more demanding first, so `{x, y}` is not taken by the alternative that requires only `x`.
    func requiredKeyOrder(_ alternatives: [OneOf.Alternative], schemas: [String: DocumentNode], objects: Set<String>) -> [OneOf.Alternative] {
        var ordered: [OneOf.Alternative] = []
        for alternative in alternatives {
            guard objects.contains(alternative.name), let schema = schemas[alternative.name] else {
                ordered.append(alternative)
                continue
            }
            let required = keys(schema).required
            let position = ordered.firstIndex { earlier in
                guard objects.contains(earlier.name), let other = schemas[earlier.name] else { return false }
                return keys(other).required.isStrictSubset(of: required)
            }
            ordered.insert(alternative, at: position ?? ordered.endIndex)
        }
        return ordered
    }

    /// A warning when a value of one object alternative can decode as an earlier one: the earlier one requires no key that
    /// the later one lacks.
    func warnIfAmbiguous(_ ordered: [OneOf.Alternative], schemas: [String: DocumentNode], objects: Set<String>, model: String, at location: SourceLocation) {
        let objectAlternatives = ordered.filter { objects.contains($0.name) }
        for (index, earlier) in objectAlternatives.enumerated() {
            guard let earlierSchema = schemas[earlier.name] else { continue }
            let required = keys(earlierSchema).required
            for later in objectAlternatives[(index + 1)...] {
                guard let laterSchema = schemas[later.name], required.isSubset(of: keys(laterSchema).all) else { continue }
                diagnostics.warning(
                    "the alternatives '\(earlier.name)' and '\(later.name)' of '\(model)' cannot be told apart: no discriminator, constant property or required key separates them, so a '\(later.name)' that also fits '\(earlier.name)' decodes as '\(earlier.name)'",
                    at: location)
                return
            }
        }
    }
}
