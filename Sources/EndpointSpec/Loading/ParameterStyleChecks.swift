import Diagnostics

extension SpecChecks {
    /// A parameter sent as text (path, query, header, cookie, a form or multipart field) whose type has none (an object
    /// model, a union, a dictionary, or a list or optional of them) needs a `style` to be written as name/value pairs,
    /// which only a query or a form body has; without one the generated code could not send it. A flat map's values are
    /// each sent as a field of their own, so they must have a text form.
    func checkStructuredParametersHaveAStyle() {
        for endpoint in spec.endpoints {
            for parameter in endpoint.parameters where parameter.style == nil {
                // A flat map sends each entry as a member of its own: its values are what is sent.
                var sent = parameter.type
                if parameter.flat, case .dictionary(let value) = sent { sent = value }
                let sentAsText = parameter.placement != .body || endpoint.bodyEncoding == .form
                    || (endpoint.bodyEncoding == .multipart && sent.unwrapped != .data)
                guard sentAsText, let structured = structuredPart(of: sent) else { continue }
                let context = "parameter '\(parameter.name)' of endpoint '\(endpoint.name)'"
                let place = parameter.placement == .body ? "a \(endpoint.bodyEncoding?.rawValue ?? "") body" : "the \(parameter.placement.rawValue)"
                if parameter.flat {
                    sink.error(
                        "the values of \(context) have the type '\(sent)', which has no text form to send in \(place) ('\(structured)' is \(describe(structured))); type them JSON to send each one's JSON text",
                        at: sink.span(of: parameter.name, at: parameter.location))
                    continue
                }
                let fix = parameter.placement == .query || endpoint.bodyEncoding == .form && parameter.placement == .body
                    ? "give it a style, e.g. { type: \(parameter.type), style: deepObject } sends \(parameter.wireName)[key]=value"
                    : "only a query or a form body writes one as name/value pairs; type it JSON to send its JSON text"
                sink.error(
                    "\(context) has the type '\(parameter.type)', which has no text form to send in \(place) ('\(structured)' is \(describe(structured))); \(fix)",
                    at: sink.span(of: parameter.name, at: parameter.location))
            }
        }
    }

    /// The first type inside `type` that has no text form, if any.
    private func structuredPart(of type: TypeRef) -> TypeRef? {
        switch type {
        case .optional(let wrapped), .array(let wrapped): return structuredPart(of: wrapped)
        case .dictionary: return type
        case .model(let name):
            guard let model = models[name], !damage.brokenModels.contains(name) else { return nil }
            if case .enumeration = model.kind { return nil }
            return type
        default: return nil
        }
    }

    private func describe(_ type: TypeRef) -> String {
        guard case .model(let name) = type, let model = models[name] else { return "a dictionary" }
        if case .oneOf = model.kind { return "a union" }
        return "an object"
    }
}
