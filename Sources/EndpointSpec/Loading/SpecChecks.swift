import Diagnostics
import YAML

/// Checks that need the whole decoded spec: Swift name clashes, unused declarations, defaults that fit their types.
///
/// They run whatever else failed, over what did decode; `damage` says what did not, so that they stay silent where
/// their finding would only follow from an error already reported.
struct SpecChecks {
    let spec: Spec
    /// The file the user loaded; unused models are only reported there, as included models are shared.
    let mainPath: String
    let sink: DiagnosticSink
    let damage: Damage
    /// The models by name.
    let models: [String: Model]

    init(spec: Spec, mainPath: String, sink: DiagnosticSink, damage: Damage) {
        self.spec = spec
        self.mainPath = mainPath
        self.sink = sink
        self.damage = damage
        self.models = Dictionary(spec.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func run() {
        let decoder = SpecDecoder(sink: sink, damage: damage, modelNames: [])
        decoder.checkSwiftNames(spec.endpoints.map { ($0.name, $0.location) }, SwiftName.member) { "endpoints '\($0)' and '\($1)'" }
        decoder.checkSwiftNames(spec.models.map { ($0.name, $0.location) }, SwiftName.type) { "models '\($0)' and '\($1)'" }
        checkVariablesAreUsed()
        checkModelsAreUsed()
        checkDefaults()
        checkDiscriminatedAlternatives()
        checkStructuredParametersHaveAStyle()
        PaginationChecks(checks: self).run()
        checkResponseVariantNames()
    }

    /// A discriminator is a key of a JSON object, so each alternative must be an object model.
    private func checkDiscriminatedAlternatives() {
        for model in spec.models {
            guard case .oneOf(let oneOf) = model.kind, let discriminator = oneOf.discriminator else { continue }
            for alternative in oneOf.alternatives {
                if case .model(let name) = alternative.type, case .object = models[name]?.kind { continue }
                if case .model(let name) = alternative.type, damage.brokenModels.contains(name) { continue }
                sink.error(
                    "alternative '\(alternative.name)' of model '\(model.name)' is not an object model, so it cannot have the discriminator '\(discriminator)'",
                    at: sink.span(of: alternative.name, at: alternative.location))
            }
        }
    }

    private func checkVariablesAreUsed() {
        let fixed = spec.defaults.query + spec.defaults.headers + spec.endpoints.flatMap { $0.query + $0.headers }
        let used = Set(fixed.flatMap { Template.placeholders(in: $0.parts) } + spec.server.variableNames)
        for variable in spec.variables where !used.contains(variable.name) && !damage.mentioned.contains(variable.name) {
            sink.warning("variable '\(variable.name)' is declared but no template uses it", at: sink.span(of: variable.name, at: variable.location))
        }
    }

    private func checkModelsAreUsed() {
        guard !damage.endpointsUnknown else { return }
        var types = spec.endpoints.flatMap { endpoint in
            endpoint.parameters.map(\.type) + endpoint.errorTypes + [endpoint.bodyValue?.type].compactMap { $0 }
                + (endpoint.response.typeRef.map { [$0] } ?? [])
        }
        types += [spec.errors.model].compactMap { $0 }
        types += spec.models.compactMap { $0.sameAs.map(TypeRef.model) }
        // A `sameAs` model's kind is the other's: what it holds is that model's to use.
        for model in spec.models where model.sameAs == nil {
            switch model.kind {
            case .object(let properties):
                types += (properties.map(\.type) + [model.additionalProperties].compactMap { $0 }).filter { $0.modelNames != [model.name] }
            case .oneOf(let oneOf): types += oneOf.alternatives.map(\.type)
            case .enumeration: break
            }
        }
        let used = Set(types.flatMap(\.modelNames)).union(damage.mentioned)
        for model in spec.models where model.location.file == mainPath && !used.contains(model.name) {
            sink.warning("model '\(model.name)' is never used", at: sink.span(of: model.name, at: model.location))
        }
    }

    /// Each default against its type, at the value; a type whose model did not decode is not checked.
    private func checkDefaults() {
        for pending in damage.pendingDefaults where pending.type.modelNames.allSatisfy({ !damage.brokenModels.contains($0) }) {
            let value = SpecValue(pending.node.resolved)
            guard !value.fits(pending.type, models: models) else { continue }
            if case .model(let name) = pending.type.unwrapped, let model = models[name], case .enumeration(let cases, let rawType) = model.kind,
               let text = value.enumText(rawType)
            {
                let names = cases.map(\.value)
                let note = sink.note(
                    "enum '\(name)' has the cases \(names.map { "'\($0)'" }.joined(separator: ", "))", at: sink.span(of: name, at: model.location))
                sink.error(
                    "the default '\(text)' of \(pending.context) is not a case of enum '\(name)'\(rawType == .string ? Suggestion.hint(for: text, in: names) : "")",
                    at: pending.node, notes: [note])
            } else {
                sink.error("the default of \(pending.context) does not fit its type '\(pending.type)'\(Self.form(of: pending.type))", at: pending.node)
            }
        }
    }
}

extension SpecChecks {
    /// How a default of the types whose text must parse is written, for the misfit error.
    static func form(of type: TypeRef) -> String {
        switch type.unwrapped {
        case .date: ": a date default is an ISO 8601 date and time, e.g. '2024-05-01T12:00:00Z'"
        case .data: ": a data default is base64 text, e.g. 'aGk='"
        case .uuid: ": a UUID default is 32 hexadecimal digits in groups, e.g. '6F9619FF-8B86-D011-B42D-00C04FC964FF'"
        case .url: ": a URL default must parse as a URL"
        default: ""
        }
    }
}

extension ResponseType {
    /// The decoded type, when the response is one.
    var typeRef: TypeRef? {
        if case .type(let type) = self { return type }
        return nil
    }
}
