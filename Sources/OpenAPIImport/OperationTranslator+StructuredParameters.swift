import Diagnostics
import EndpointSpec

extension OperationTranslator {
    /// The style a parameter or form member declares (`style:`, `explode:`; a form body's `encoding` entry), or
    /// `fallback` when it declares none. OpenAPI's default is `form`, exploded; `explode` alone keeps that style.
    func declaredStyle(_ node: DocumentNode?, fallback: ParameterStyle) -> ParameterStyle {
        guard let node, node["style"] != nil || node["explode"] != nil else { return fallback }
        let explode = node.text("explode").map { $0 != "false" }
        switch node.text("style") {
        case "deepObject": return .deepObject
        case "spaceDelimited": return .spaceDelimited
        case "pipeDelimited": return .pipeDelimited
        case "form": return .form(explode: explode ?? true)
        default:
            if case .form = fallback { return .form(explode: explode ?? true) }
            return fallback
        }
    }

    /// A value that has no text form (an object, a union with an object alternative, an array of objects, a map) in
    /// a query or a form body: kept with its type and sent in `style`. In a header or cookie, or a multipart body,
    /// which carry text only, it is `JSON`, sent as its JSON text, with a warning.
    func structuredParameter(
        _ node: DocumentNode, wireName: String, type: TypeRef, style: ParameterStyle, placement: Parameter.Placement, sendsPairs: Bool,
        names: inout UniqueNames, context: OperationContext
    ) -> Parameter {
        guard sendsPairs else {
            let what = placement == .body ? "the body member '\(wireName)' of \(context)" : "the \(placement.rawValue) parameter '\(wireName)' of \(context)"
            let carrier = placement == .body ? "a multipart body" : "a \(placement.rawValue)"
            diagnostics.warning("\(what) has the type '\(type)', which \(carrier) carries only as text; it is typed JSON, sent as its JSON text", at: node.location)
            return parameter(node, wireName: wireName, type: type.isOptional ? .optional(.json) : .json, placement: placement, names: &names, context: context)
        }
        var result = parameter(node, wireName: wireName, type: type, placement: placement, names: &names, context: context)
        result.style = style
        return result
    }

    /// A member or parameter EndpointGen cannot type precisely: `JSON`, with a warning, never left out; in a query or
    /// form body written in `style`, elsewhere as its JSON text.
    func untypedParameter(
        _ node: DocumentNode, wireName: String, reason: String, required: Bool, style: ParameterStyle?, placement: Parameter.Placement,
        names: inout UniqueNames, context: OperationContext
    ) -> Parameter {
        diagnostics.warning("the parameter '\(wireName)' of \(context) is \(reason), which EndpointGen cannot type precisely; it is typed JSON", at: node.location)
        var result = parameter(node, wireName: wireName, type: required ? .json : .optional(.json), placement: placement, names: &names, context: context)
        result.style = style
        return result
    }
}
