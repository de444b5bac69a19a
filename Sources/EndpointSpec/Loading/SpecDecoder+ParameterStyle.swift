import YAML

/// A parameter's `style:` and `explode:` as written, with their nodes, for the checks that need the placement.
struct DeclaredStyle {
    /// The style they give.
    var style: ParameterStyle
    /// The first of `style:` and `explode:` written, to point an error at, and its key.
    var key: String
    var node: YAMLNode
}

extension SpecDecoder {
    /// `filter: { type: Filter, style: deepObject }`, `ids: { type: "[Int]", style: form, explode: false }`; `explode`
    /// alone means `style: form`.
    func parameterStyle(_ fields: Fields, _ context: String) -> DeclaredStyle? {
        let styleNode = fields["style"]
        let explodeNode = fields["explode"]
        guard styleNode != nil || explodeNode != nil else { return nil }
        let name = styleNode.map { choice($0, "parameter style", as: ParameterStyle.Name.self) } ?? .form
        let explode = explodeNode.flatMap { bool($0, "'explode'") }
        let key = styleNode != nil ? "style" : "explode"
        let node = styleNode ?? explodeNode!
        // A style that did not decode is reported once: the parameter is not also told that it needs one. (The spec
        // is refused, so the stand-in is never generated.)
        guard let name else { return DeclaredStyle(style: .deepObject, key: key, node: node) }
        switch name {
        case .form:
            return DeclaredStyle(style: .form(explode: explode ?? true), key: key, node: node)
        case .deepObject, .spaceDelimited, .pipeDelimited:
            // OpenAPI defines deepObject only exploded, and the delimited styles only not exploded.
            let exploded = name == .deepObject
            if let explode, explode != exploded, let explodeNode {
                sink.error(
                    "'style: \(name.rawValue)' of \(context) is always \(exploded ? "exploded" : "joined into one value"); leave 'explode' out",
                    at: explodeNode)
            }
            let style: ParameterStyle = name == .deepObject ? .deepObject : name == .spaceDelimited ? .spaceDelimited : .pipeDelimited
            return DeclaredStyle(style: style, key: key, node: node)
        }
    }

    /// A style only means something in a query string or a form body.
    func checkParameterStyle(_ parameter: DeclaredParameter, placement: Parameter.Placement, body: DeclaredBody?, context: String) {
        guard let style = parameter.style else { return }
        let isForm = body?.encoding?.value == .form
        if placement == .query || (placement == .body && isForm) { return }
        let reason = placement == .body ? "the endpoint's body is not a form" : "it is sent in the \(placement.rawValue)"
        sink.error(
            "'\(style.key)' of \(context) is for query parameters and members of a form body, but \(reason)", at: style.node,
            notes: [sink.note("a value in a path, header or cookie, or in a JSON or multipart body, is sent as its text or JSON", at: parameter.key)])
    }
}
