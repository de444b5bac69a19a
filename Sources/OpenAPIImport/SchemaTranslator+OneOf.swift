import Diagnostics
import EndpointSpec

extension SchemaTranslator {
    /// A `oneOf`/`anyOf` of objects and scalars: a `oneOf` model with the schema's discriminator, or, where its
    /// alternatives cannot be told apart as cases, one struct with the properties of every alternative (with a warning).
    func unionKind(_ schema: DocumentNode, variants: [DocumentNode], model: String) -> Model.Kind {
        let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        let listed = variants.map(describe).joined(separator: ", ")
        switch oneOf(schema, variants: variants, model: model) {
        case .success(let oneOf):
            return .oneOf(oneOf)
        case .failure(let problem):
            let allObjects = variants.allSatisfy { shape($0).isObject }
            let union = allObjects ? "'\(keyword)' of objects (\(listed))" : "'\(keyword)' of \(listed)"
            diagnostics.warning("\(union) cannot be an enum of its alternatives: \(problem.reason); it is generated as one struct '\(model)' with the properties of every alternative, optional unless all require them", at: schema.location)
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
        /// The alternatives that are objects (by the schema's shape: a model may still be being built), which a discriminator needs.
        var objects: Set<String> = []
        /// The schema of each alternative, by name, for the values and keys that tell alternatives apart.
        var schemasByName: [String: DocumentNode] = [:]
        for (index, variant) in variants.enumerated() {
            let inlineName = variant.text("title").map { SwiftName.type($0) } ?? model + "Option\(index + 1)"
            guard case .type(let translated) = type(variant, name: inlineName), Self.isAlternative(translated.unwrapped) else {
                return .failure(UnionProblem(reason: "alternative \(describe(variant)) is not a model or a scalar"))
            }
            let type = translated.unwrapped
            if type == .model(model) { return .failure(UnionProblem(reason: "it lists itself")) }
            // A schema listed twice, or two identical inline ones, is one alternative.
            if alternatives.contains(where: { $0.type == type }) { continue }
            let name = type.description
            let caseName = OneOf.Alternative(type: type, location: variant.location).caseName
            if let other = caseNames[caseName] {
                return .failure(UnionProblem(reason: "the alternatives '\(other)' and '\(name)' both become the case '\(caseName)'"))
            }
            caseNames[caseName] = name
            alternatives.append(OneOf.Alternative(type: type, location: variant.location))
            if shape(variant).isObject { objects.insert(name) }
            schemasByName[name] = variant
            if let reference = variant.reference { componentNames[name] = Self.componentName(reference) }
        }
        alternatives = decodeOrder(alternatives)
        let allObjects = alternatives.allSatisfy { objects.contains($0.name) }
        guard let discriminator = schema["discriminator"], let key = discriminator.text("propertyName") else {
            if allObjects, let implied = impliedDiscriminator(alternatives, schemas: schemasByName) { return .success(implied) }
            let ordered = requiredKeyOrder(alternatives, schemas: schemasByName, objects: objects)
            warnIfAmbiguous(ordered, schemas: schemasByName, objects: objects, model: model, at: schema.location)
            return .success(OneOf(alternatives: ordered, discriminator: nil, mapping: []))
        }
        if let other = alternatives.first(where: { !objects.contains($0.name) }) {
            diagnostics.warning("the discriminator '\(key)' of '\(model)' is ignored: its alternative '\(other.name)' is not an object, so the first alternative that decodes wins", at: discriminator.location)
            return .success(OneOf(alternatives: alternatives, discriminator: nil, mapping: []))
        }
        var mapping = discriminatorMapping(discriminator, alternatives: alternatives, model: model)
        // OpenAPI's implicit value is the component's name; ours is the model's, which may differ. Data often holds the
        // discriminator property's own single value instead (Spotify's `type: {enum: [track]}` in `TrackObject`): it selects
        // the alternative too, after the name.
        for alternative in alternatives where !mapping.contains(where: { $0.model == alternative.name }) {
            let component = componentNames[alternative.name] ?? alternative.name
            let constant = schemasByName[alternative.name].flatMap { constantValue(of: key, in: $0) }
            if component != alternative.name || (constant != nil && constant != component) {
                mapping.append(DiscriminatorMapping(value: component, model: alternative.name, location: alternative.location))
            }
            if let constant, constant != component, !mapping.contains(where: { $0.value == constant }) {
                mapping.append(DiscriminatorMapping(value: constant, model: alternative.name, location: alternative.location))
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

    /// Whether a type can be an alternative: a model, a built-in scalar or an array of them (not a map or optional).
    private static func isAlternative(_ type: TypeRef) -> Bool {
        switch type {
        case .array(let element): isAlternative(element)
        case .dictionary, .optional, .json: false
        case .model, .string, .int, .int32, .int64, .double, .float, .decimal, .bool, .date, .data, .url, .uuid: true
        }
    }

    /// An array schema whose items can be an alternative themselves: `{type: array, items: {type: string}}`, an array
    /// of arrays of integers, an array of objects or unions (chat content's parts).
    func isArrayAlternative(_ schema: DocumentNode) -> Bool {
        guard schema["allOf"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil, let items = schema["items"] else { return false }
        guard typeNames(schema) == ["array"] || typeNames(schema).isEmpty else { return false }
        switch shape(items) {
        case .object, .union, .enumeration: return true
        case .other:
            let element = dereferenced(items)
            return isScalar(element) || isArrayAlternative(element)
        }
    }

    /// Whether a type is a string enumeration's model (built whole before it is used, unlike an object's).
    private func isEnumeration(_ type: TypeRef) -> Bool {
        guard case .model(let name) = type, case .enumeration? = models[name]?.kind else { return false }
        return true
    }

    /// The alternatives in the order a decoder without a discriminator must try them, the spec's order within a rank.
    ///
    /// Objects (and unions) first, then scalars: an object never decodes as a scalar nor a scalar as an object, so this order is
    /// wrong for no value, and it keeps a string from shadowing anything. Among scalars, the narrower first:
    /// integers before floating point (a whole number decodes as both), formatted strings (`Date`, `UUID`) before
    /// the types that take nearly any string (an open enum, `URL`, `Data`, `String`). An array never decodes as an object
    /// or a scalar either: arrays rank by their elements (`[Int]` before `[Double]`), after everything else.
    private func decodeOrder(_ alternatives: [OneOf.Alternative]) -> [OneOf.Alternative] {
        func rank(_ type: TypeRef) -> Int {
            switch type {
            case .model: isEnumeration(type) ? 4 : 0
            case .int, .int32, .int64: 1
            case .double, .float, .decimal, .bool: 2
            case .date, .uuid: 3
            case .url, .data, .string, .dictionary, .optional, .json: 4
            case .array(let element): 10 + rank(element)
            }
        }
        return alternatives.enumerated()
            .sorted { (rank($0.element.type), $0.offset) < (rank($1.element.type), $1.offset) }
            .map(\.element)
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
