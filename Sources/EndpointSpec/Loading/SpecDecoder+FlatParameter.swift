extension SpecDecoder {
    /// `extra: { type: "[String: JSON]", flat: true }`: the map's entries are members of the body beside the other
    /// parameters, so only a map sent in a JSON, form or multipart body can be flat.
    func checkFlat(_ parameter: DeclaredParameter, placement: Parameter.Placement, body: DeclaredBody?, context: String) {
        guard let node = parameter.flat else { return }
        let reason: String? =
            if case .dictionary = parameter.type { nil }
            else { "its type is '\(parameter.type)'" }
        let placementReason: String? =
            if placement != .body { "it is sent in the \(placement.rawValue)" }
            else if body?.encoding?.value == .binary { "the endpoint's body is binary" }
            else if parameter.style != nil { "it has a 'style', which is for one member holding a structured value" }
            else { nil }
        guard let problem = reason ?? placementReason else { return }
        sink.error(
            "'flat' of \(context) is for a map whose entries are sent as members of the body, but \(problem)", at: node,
            notes: [sink.note("e.g. extra: { type: \"[String: JSON]\", flat: true, default: {} }: the body of a JSON, form or multipart endpoint", at: parameter.key)])
    }
}
