import Diagnostics
import EndpointSpec

extension SchemaTranslator {
    /// A `oneOf`/`anyOf` of objects: a `oneOf` model with the schema's discriminator, or, where its alternatives
    /// cannot be told apart as cases, one struct with the properties of every alternative (with a warning).
    func unionKind(_ schema: DocumentNode, variants: [DocumentNode], model: String) -> Model.Kind {
        let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        let listed = variants.map(describe).joined(separator: ", ")
        switch oneOf(schema, variants: variants, model: model) {
        case .success(let oneOf):
            return .oneOf(oneOf)
        case .failure(let problem):
            diagnostics.warning("'\(keyword)' of objects (\(listed)) cannot be an enum of its alternatives: \(problem.reason); it is generated as one struct '\(model)' with the properties of every alternative, optional unless all require them", at: schema.location)
            return .object(unionProperties(variants, model: model))
        }
    }

    /// Why a union cannot be a `oneOf` model.
    struct UnionProblem: Error {
        var reason: String
    }

    private func oneOf(_ schema: DocumentNode, variants: [DocumentNode], model: String) -> Result<OneOf, UnionProblem> {
        var alternatives: [OneOf.Alternative] = []
        var caseNames: [String: String] = [:]
        /// The component name each referenced alternative has, for the discriminator's implicit values.
        var componentNames: [String: String] = [:]
        for (index, variant) in variants.enumerated() {
            let inlineName = variant.text("title").map { SwiftName.type($0) } ?? model + "Option\(index + 1)"
            guard case .type(let type) = type(variant, name: inlineName), case .model(let name) = type.unwrapped else {
                return .failure(UnionProblem(reason: "alternative \(describe(variant)) is not a model"))
            }
            if name == model { return .failure(UnionProblem(reason: "it lists itself")) }
            // A schema listed twice, or two identical inline ones, is one alternative.
            if alternatives.contains(where: { $0.name == name }) { continue }
            let caseName = SwiftName.member(name)
            if let other = caseNames[caseName] {
                return .failure(UnionProblem(reason: "the alternatives '\(other)' and '\(name)' both become the case '\(caseName)'"))
            }
            caseNames[caseName] = name
            alternatives.append(OneOf.Alternative(type: .model(name), location: variant.location))
            if let reference = variant.reference { componentNames[name] = Self.componentName(reference) }
        }
        guard let discriminator = schema["discriminator"], let key = discriminator.text("propertyName") else {
            return .success(OneOf(alternatives: alternatives, discriminator: nil, mapping: []))
        }
        var mapping = discriminatorMapping(discriminator, alternatives: alternatives, model: model)
        // OpenAPI's implicit value is the component's name; ours is the model's, which may differ.
        for alternative in alternatives where !mapping.contains(where: { $0.model == alternative.name }) {
            if let component = componentNames[alternative.name], component != alternative.name {
                mapping.append(DiscriminatorMapping(value: component, model: alternative.name, location: alternative.location))
            }
        }
        let oneOf = OneOf(alternatives: alternatives, discriminator: key, mapping: mapping)
        var selected: [String: String] = [:]
        for alternative in alternatives {
            for value in oneOf.discriminatorValues(of: alternative) {
                if let other = selected[value] {
                    return .failure(UnionProblem(reason: "the discriminator value '\(value)' selects both '\(other)' and '\(alternative.name)'"))
                }
                selected[value] = alternative.name
            }
        }
        return .success(oneOf)
    }

    /// `discriminator.mapping` with each schema reference (or bare schema name) turned into its model's name;
    /// an entry for a schema that is no alternative is left out with a warning.
    private func discriminatorMapping(_ discriminator: DocumentNode, alternatives: [OneOf.Alternative], model: String) -> [DiscriminatorMapping] {
        (discriminator["mapping"]?.members ?? []).compactMap { member in
            guard let text = member.value.node.text else { return nil }
            let reference = text.contains("/") || text.contains("#") ? text : "#/components/schemas/" + text
            if let name = builtModel(reference, from: member.value), alternatives.contains(where: { $0.name == name }) {
                return DiscriminatorMapping(value: member.key, model: name, location: member.location)
            }
            diagnostics.warning("the discriminator value '\(member.key)' of '\(model)' maps to '\(text)', which is not one of its alternatives; the value decodes as unknown", at: member.location)
            return nil
        }
    }
}
