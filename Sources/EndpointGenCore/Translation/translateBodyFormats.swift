import EndpointSpec

/// The `bodyCoders` of the generated configuration: an XML coder (with the spec's date format) when a media type
/// the spec decodes or encodes is XML (`policy.acceptableContentTypes`, the `accept` of an endpoint whose response is
/// decoded, not `Data` or `String`, or a body's `contentType`), or a model marks a property with `xml:`.
func translateBodyCoders(_ spec: Spec) -> String? {
    let mediaTypes = spec.policy.acceptableContentTypes + spec.endpoints.flatMap { endpoint in
        let decoded: Bool = if case .type = endpoint.response { true } else { false }
        return (decoded ? endpoint.accept ?? [] : []) + [endpoint.contentType].compactMap { $0 }
    }
    let marked = spec.models.contains { model in
        if case .object(let properties) = model.kind { return properties.contains { $0.xml != nil } }
        return false
    }
    guard marked || mediaTypes.contains(where: isXMLMediaType) else { return nil }
    return "[XMLBodyCoder(dateCoding: .\(spec.policy.dates.rawValue))]"
}

/// Whether a media type (`type/subtype`, maybe with parameters) is XML: `application/xml`, `text/xml` or `+xml`.
func isXMLMediaType(_ mediaType: String) -> Bool {
    let type = mediaType.lowercased().prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
    return type == "application/xml" || type == "text/xml" || type.hasSuffix("+xml")
}

extension SwiftCode {
    /// The `XMLKeyForm` of a property's mark, e.g. `.wrapped(item: "Bucket")`.
    static func xmlForm(_ mark: XMLMark?) -> String {
        switch mark {
        case nil: ".element"
        case .attribute: ".attribute"
        case .flattened: ".flattened"
        case .wrapped(let item?): ".wrapped(item: \(SwiftLiteral.string(item)))"
        case .wrapped(nil): ".wrapped(item: nil)"
        }
    }
}
