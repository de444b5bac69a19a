import Diagnostics
import YAML

extension SpecDecoder {
    /// `oneOf: [Cat, Dog]` with an optional `discriminator: petType` and `mapping: { cat: Cat }`.
    ///
    /// That a discriminator's alternatives are objects is checked in `SpecChecks`, which knows every model's kind.
    func oneOf(_ fields: Fields, model: String) -> OneOf? {
        guard let node = fields["oneOf"], let items = sequence(node, "the alternatives of model '\(model)'") else { return nil }
        if items.isEmpty {
            sink.error("model '\(model)' has no alternatives in 'oneOf'", at: node)
        }
        var seen: [String: YAMLNode] = [:]
        var valid = true
        let alternatives = items.compactMap { item -> OneOf.Alternative? in
            guard let alternative = alternative(item, model: model) else {
                valid = false
                return nil
            }
            if let first = seen[alternative.name] {
                let note = sink.note("'\(alternative.name)' is first listed here", at: first)
                sink.error("model '\(model)' lists alternative '\(alternative.name)' twice", at: item, notes: [note])
                valid = false
                return nil
            }
            seen[alternative.name] = item
            return alternative
        }
        let caseNames = Dictionary(alternatives.map { ($0.name, $0.caseName) }, uniquingKeysWith: { first, _ in first })
        checkSwiftNames(alternatives.map { ($0.name, $0.location) }, { caseNames[$0] ?? SwiftName.member($0) }) { "alternatives '\($0)' and '\($1)' of model '\(model)'" }
        let discriminator = optionalString(fields["discriminator"], "the discriminator of model '\(model)'")
        let mapping = fields.pair("mapping").map { self.mapping($0, discriminator: discriminator, alternatives: alternatives, model: model) } ?? []
        guard valid, let mapping else { return nil }
        let oneOf = OneOf(alternatives: alternatives, discriminator: discriminator, mapping: mapping)
        return discriminator == nil || valuesAreDistinct(oneOf, model: model) ? oneOf : nil
    }

    /// Whether each discriminator value selects one alternative: an unmapped alternative's name may be
    /// another's mapped value.
    private func valuesAreDistinct(_ oneOf: OneOf, model: String) -> Bool {
        var selected: [String: String] = [:]
        for alternative in oneOf.alternatives {
            for value in oneOf.discriminatorValues(of: alternative) {
                if let other = selected[value] {
                    sink.error("discriminator value '\(value)' of model '\(model)' selects both '\(other)' and '\(alternative.name)'", at: sink.span(of: alternative.name, at: alternative.location))
                    return false
                }
                selected[value] = alternative.name
            }
        }
        return true
    }

    /// A model, a built-in type or an array of them; a dictionary or optional would have no name to make a case of.
    private func alternative(_ item: YAMLNode, model: String) -> OneOf.Alternative? {
        guard let type = type(item, "an alternative of model '\(model)'") else { return nil }
        var element = type
        while case .array(let inner) = element { element = inner }
        switch element {
        case .dictionary, .optional:
            sink.error("alternative '\(type)' of model '\(model)' must be a model, a built-in type or an array of them; declare a model for it", at: item)
            return nil
        case .model(model) where type == element:
            sink.error("model '\(model)' lists itself as an alternative", at: item)
            return nil
        default:
            // `[Node]` in `Node` is fine: an array holds its elements out of line.
            return OneOf.Alternative(type: type, location: item.location)
        }
    }

    /// `mapping: { cat: Cat }`: each value names a listed alternative; `nil` after an error.
    private func mapping(_ pair: YAMLPair, discriminator: String?, alternatives: [OneOf.Alternative], model: String) -> [DiscriminatorMapping]? {
        guard discriminator != nil else {
            sink.error("model '\(model)' has a 'mapping' but no 'discriminator' to read the value from", at: pair.key)
            return nil
        }
        guard let pairs = mapping(pair.value, "the mapping of model '\(model)'") else { return nil }
        let names = alternatives.map(\.name)
        let entries = pairs.compactMap { entry -> DiscriminatorMapping? in
            guard let value = string(entry.key, "a discriminator value of model '\(model)'"),
                  let target = string(entry.value, "the alternative of discriminator value '\(value)' of model '\(model)'")
            else { return nil }
            guard names.contains(target) else {
                sink.error("discriminator value '\(value)' of model '\(model)' maps to '\(target)', which is not one of its alternatives\(Suggestion.hint(for: target, in: names))", at: entry.value)
                return nil
            }
            return DiscriminatorMapping(value: value, model: target, location: entry.key.location)
        }
        return entries.count == pairs.count ? entries : nil
    }
}
