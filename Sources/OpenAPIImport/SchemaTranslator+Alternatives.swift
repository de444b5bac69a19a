import Diagnostics
import EndpointSpec

/// Telling the alternatives of a union without a discriminator apart: by a property each gives one constant value (an
/// implied discriminator), else by their required keys, else the first that decodes (with a warning).
extension SchemaTranslator {
    /// The single value a property of an object schema allows: `const: x`, or `enum: [x]` (closed here even though a
    /// string enum is open elsewhere: `{type: string, enum: [function]}` says what the object is).
    func constantValue(of key: String, in schema: DocumentNode) -> String? {
        constantValues(schema)[key]
    }

    /// Every property of an object schema that allows a single value, with that value.
    private func constantValues(_ schema: DocumentNode) -> [String: String] {
        var result: [String: String] = [:]
        for property in rawProperties(schema) {
            let node = dereferenced(property.schema)
            if let constant = node.node["const"], !constant.isNull {
                result[property.key] = constant.text
            } else if let values = node.node["enum"]?.sequence, values.count == 1, !values[0].isNull {
                result[property.key] = values[0].text
            }
        }
        return result
    }

    /// A discriminator for objects that each fix one property (the same key in all) to a different constant: OpenAI's tools
    /// (`type: function`, `type: code_interpreter`), Stripe's `object: card`. `nil` when no key does.
    func impliedDiscriminator(_ alternatives: [OneOf.Alternative], schemas: [String: DocumentNode]) -> OneOf? {
        guard alternatives.count > 1, let first = alternatives.first.flatMap({ schemas[$0.name] }) else { return nil }
        let constants = alternatives.map { alternative in schemas[alternative.name].map(constantValues) ?? [:] }
        for candidate in rawProperties(first).map(\.key) {
            let values = constants.map { $0[candidate] }
            guard values.allSatisfy({ $0 != nil }), Set(values.compactMap { $0 }).count == values.count else { continue }
            let mapping = zip(values, alternatives).map { DiscriminatorMapping(value: $0!, model: $1.name, location: $1.location) }
            return OneOf(alternatives: alternatives, discriminator: candidate, mapping: mapping)
        }
        return nil
    }

    /// The required JSON keys and all the keys of each object alternative, by name.
    private func requiredKeys(_ alternatives: [OneOf.Alternative], schemas: [String: DocumentNode], objects: Set<String>) -> [String: Set<String>] {
        allKeys(alternatives, schemas: schemas, objects: objects).mapValues(\.required)
    }

    private func allKeys(_ alternatives: [OneOf.Alternative], schemas: [String: DocumentNode], objects: Set<String>) -> [String: (required: Set<String>, all: Set<String>)] {
        var result: [String: (required: Set<String>, all: Set<String>)] = [:]
        for alternative in alternatives where objects.contains(alternative.name) {
            guard let schema = schemas[alternative.name] else { continue }
            let properties = rawProperties(schema)
            result[alternative.name] = (Set(properties.filter(\.required).map(\.key)), Set(properties.map(\.key)))
        }
        return result
    }

    /// The alternatives with each object moved before the earlier objects whose required keys are a strict subset of its
    /// own: decoding tries the more demanding first, so `{x, y}` is not taken by the alternative that requires only `x`.
    func requiredKeyOrder(_ alternatives: [OneOf.Alternative], schemas: [String: DocumentNode], objects: Set<String>) -> [OneOf.Alternative] {
        let required = requiredKeys(alternatives, schemas: schemas, objects: objects)
        var ordered: [OneOf.Alternative] = []
        for alternative in alternatives {
            guard let own = required[alternative.name] else {
                ordered.append(alternative)
                continue
            }
            let position = ordered.firstIndex { earlier in required[earlier.name]?.isStrictSubset(of: own) ?? false }
            ordered.insert(alternative, at: position ?? ordered.endIndex)
        }
        return ordered
    }

    /// A warning when a value of one object alternative can decode as an earlier one: the earlier one requires no key that
    /// the later one lacks (the generated decoder then weighs both, `AlternativeChoice`).
    func warnIfAmbiguous(_ ordered: [OneOf.Alternative], schemas: [String: DocumentNode], objects: Set<String>, model: String, at location: SourceLocation) {
        let keys = allKeys(ordered, schemas: schemas, objects: objects)
        let objectAlternatives = ordered.filter { keys[$0.name] != nil }
        for (index, earlier) in objectAlternatives.enumerated() {
            guard let required = keys[earlier.name]?.required else { continue }
            for later in objectAlternatives[(index + 1)...] {
                guard let all = keys[later.name]?.all, required.isSubset(of: all) else { continue }
                diagnostics.warning(
                    "the alternatives '\(earlier.name)' and '\(later.name)' of '\(model)' cannot be told apart: no discriminator, constant property or required key separates them, so a value decodes as the one that keeps the most of its members ('\(earlier.name)' when both keep them all); a value with members of both keeps only one's",
                    at: location)
                return
            }
        }
    }
}
