import EndpointSpec

/// The models with every inline model whose shape is another model's (descriptions aside) made another name for it
/// (`sameAs`, generated as a `typealias`), so the client compiles one type where the document repeats a shape under
/// several owners (whole Stripe: 602 of its models, a fifth of the models' code).
///
/// Each keeps its own name (`SetupIntentPaymentMethodOptionsCard` still names the type) and description; its kind
/// becomes the other model's, which is the same but for descriptions. Only inline models, whose names the importer
/// made up, become aliases: two components the document names apart stay two types. The other model is a component
/// when one has the shape, else the first inline one by name. Shapes compare with aliases replaced by what they name,
/// repeated until nothing changes, so that models whose members are aliases of each other's are found too; each
/// round recomputes only the shapes that name a model the round before made an alias.
func sameAsIdentical(_ models: [Model], inline: Set<String>) -> [Model] {
    var root: [String: String] = [:]
    func resolved(_ name: String) -> String {
        var name = name
        while let next = root[name] { name = next }
        return name
    }
    // Components first, so that one is the model the others name; then by name.
    let ordered = models.sorted { a, b in
        let (aInline, bInline) = (inline.contains(a.name), inline.contains(b.name))
        return aInline == bInline ? a.name < b.name : !aInline
    }
    // Which models' shapes name each model: only those change when it becomes an alias.
    var namedBy: [String: [String]] = [:]
    for model in models {
        guard case .object(let properties) = model.kind else { continue }
        let types = properties.map(\.type) + [model.additionalProperties].compactMap { $0 }
        for name in Set(types.flatMap(\.modelNames)) { namedBy[name, default: []].append(model.name) }
    }
    var keys: [String: String] = [:]
    var stale = Set(models.map(\.name))
    while !stale.isEmpty {
        for model in ordered where stale.contains(model.name) { keys[model.name] = shape(of: model, rename: resolved) }
        var first: [String: String] = [:]
        var aliased: [String] = []
        for model in ordered where root[model.name] == nil {
            let key = keys[model.name, default: ""]
            if let other = first[key] {
                guard inline.contains(model.name) else { continue }
                root[model.name] = other
                aliased.append(model.name)
                // What names this one now names `other`: should `other` become an alias too, their shapes change.
                namedBy[other, default: []] += namedBy[model.name] ?? []
            } else {
                first[key] = model.name
            }
        }
        stale = Set(aliased.flatMap { namedBy[$0] ?? [] }).filter { root[$0] == nil }
    }
    let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    return models.map { model in
        guard root[model.name] != nil, let other = byName[resolved(model.name)] else { return model }
        var alias = model
        alias.kind = other.kind
        alias.additionalProperties = other.additionalProperties
        alias.sameAs = other.name
        return alias
    }
}

/// What makes two models one type: everything the generated code is made of, not descriptions or locations, with model
/// names as `rename` gives them.
private func shape(of model: Model, rename: (String) -> String) -> String {
    (model.deprecated ? "deprecated\u{1}" : "") + kindShape(of: model, rename: rename)
}

private func kindShape(of model: Model, rename: (String) -> String) -> String {
    switch model.kind {
    case .enumeration(let cases, let rawType):
        return "enum\u{1}\(rawType)" + cases.map { "\u{1}" + $0.value }.joined()
    case .object(let properties):
        return "object" + properties.map { property in
            "\u{1}\(property.name)\u{2}\(property.wireName)\u{2}\(property.type.renamingModels(rename))\u{2}"
                + "\(String(describing: property.defaultValue))\u{2}\(String(describing: property.xml))\u{2}\(property.null)\u{2}\(property.deprecated)"
        }.joined() + (model.additionalProperties.map { "\u{1}additional\u{2}\($0.renamingModels(rename))" } ?? "")
    case .oneOf(let oneOf):
        // Case names and discriminator values come from the alternatives' names as written, so those are the shape.
        return "oneOf\u{1}\(oneOf.discriminator ?? "")" + oneOf.alternatives.map { alternative in
            "\u{1}\(alternative.type)\u{2}" + oneOf.discriminatorValues(of: alternative).joined(separator: "\u{3}")
        }.joined()
    }
}
