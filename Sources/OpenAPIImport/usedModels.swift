import EndpointSpec

/// The models that endpoints reach, directly or through other models' properties and alternatives, in their given order.
///
/// Translation builds a model for every schema it looks at, including those of properties it then leaves
/// out; this keeps the spec to what the client uses.
func usedModels(_ models: [Model], endpoints: [Endpoint], errorModel: TypeRef?) -> [Model] {
    let types = endpoints.flatMap { endpoint in
        endpoint.parameters.map(\.type) + endpoint.errorTypes + [endpoint.bodyValue?.type].compactMap { $0 } + (endpoint.response.typeRef.map { [$0] } ?? [])
    }
    return reachedModels(models, from: types + (errorModel.map { [$0] } ?? []))
}

/// The models that `types` reach, directly or through other models' properties and alternatives, in their given order.
func reachedModels(_ models: [Model], from types: [TypeRef]) -> [Model] {
    let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var pending = types.flatMap(\.modelNames)
    var used: Set<String> = []
    while let name = pending.popLast() {
        guard used.insert(name).inserted else { continue }
        if let other = byName[name]?.sameAs { pending.append(other) }
        switch byName[name]?.kind {
        case .object(let properties)?:
            pending += properties.flatMap(\.type.modelNames) + (byName[name]?.additionalProperties?.modelNames ?? [])
        case .oneOf(let oneOf)?: pending += oneOf.alternatives.flatMap(\.type.modelNames)
        case .enumeration?, nil: break
        }
    }
    return models.filter { used.contains($0.name) }
}

extension ResponseType {
    /// The decoded type, when the response is one.
    var typeRef: TypeRef? {
        if case .type(let type) = self { return type }
        return nil
    }
}

extension Spec {
    /// The spec reduced to the models `types` reach: no endpoints and no error model. What a check that decodes values
    /// of those types compiles, far faster than the whole client (Stripe: dozens of models instead of 1,817).
    func reduced(toModelsReachedFrom types: [TypeRef]) -> Spec {
        var spec = self
        spec.endpoints = []
        spec.errors.model = nil
        spec.models = reachedModels(models, from: types)
        return spec
    }
}
