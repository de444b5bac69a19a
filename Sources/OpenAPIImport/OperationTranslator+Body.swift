import Diagnostics
import EndpointSpec

extension OperationTranslator {
    /// The body parameters and their encoding; `nil` when the operation is left out (a required body we cannot send).
    struct Body {
        var parameters: [Parameter]
        var encoding: BodyEncoding
    }

    /// The request body, from the first media type we can send: JSON, then a form, multipart, then raw bytes.
    func requestBody(_ operation: DocumentNode, method: HTTPMethod, names: inout UniqueNames, context: OperationContext) -> Body? {
        guard let reference = operation["requestBody"] else { return Body(parameters: [], encoding: .json) }
        let body = schemas.dereferenced(reference)
        guard method.allowsBody else {
            // Stripe gives every GET an empty form body; only a body with something in it is worth a warning.
            let empty = (body["content"]?.members ?? []).allSatisfy { media in
                media.value["schema"].map { schemas.rawProperties($0).isEmpty && schemas.shape($0).isObject } ?? true
            }
            if empty { return Body(parameters: [], encoding: .json) }
            diagnostics.warning("the request body of \(context) is not supported on a \(method.rawValue) request; it is left out", at: reference.location)
            return Body(parameters: [], encoding: .json)
        }
        let media = body["content"]?.members ?? []
        let choices: [(BodyEncoding, (String) -> Bool)] = [
            (.json, Self.isJSON), (.form, { $0 == "application/x-www-form-urlencoded" }), (.multipart, { $0 == "multipart/form-data" }),
            (.binary, { Self.isBinary($0) }),
        ]
        for (encoding, matches) in choices {
            guard let (mediaType, _, content) = media.first(where: { matches($0.key.lowercased()) }) else { continue }
            if encoding == .binary {
                if mediaType.lowercased() != "application/octet-stream" {
                    diagnostics.warning("the request body of \(context) is '\(mediaType)', which is sent as 'application/octet-stream'", at: content.location)
                }
                let parameter = Parameter(
                    name: names.claim("body"), wireName: "body", type: body.flag("required") ? .data : .optional(.data), placement: .body,
                    secret: false, defaultValue: nil, description: body.text("description"), location: content.location)
                return Body(parameters: [parameter], encoding: .binary)
            }
            return structuredBody(content["schema"], encoding: encoding, mediaType: mediaType, at: content, names: &names, context: context)
        }
        let types = media.map { "'\($0.key)'" }.joined(separator: ", ")
        let outcome = body.flag("required") ? "the operation is left out" : "the endpoint sends no body"
        diagnostics.warning("the request body of \(context) has no media type EndpointGen can send (\(types.isEmpty ? "none" : types)); \(outcome)", at: reference.location)
        return body.flag("required") ? nil : Body(parameters: [], encoding: .json)
    }

    /// A JSON, form or multipart body: the properties of its object schema become body parameters.
    private func structuredBody(
        _ schema: DocumentNode?, encoding: BodyEncoding, mediaType: String, at content: DocumentNode, names: inout UniqueNames, context: OperationContext
    ) -> Body? {
        guard let schema, isObject(schema) else {
            let what = schema.map { schemas.type($0, name: context.typeName + "Body") }
            let reason: String
            switch what {
            case .type(let type)?: reason = "a '\(type)'"
            case .unsupported(let unsupported)?: reason = unsupported
            case nil: reason = "without a schema"
            }
            diagnostics.warning("the '\(mediaType)' body of \(context) is \(reason), not an object with properties, which EndpointGen cannot send; the operation is left out", at: content.location)
            return nil
        }
        var parameters: [Parameter] = []
        for raw in schemas.rawProperties(schema) {
            let owner = context.typeName + SwiftName.type(raw.key)
            // JSON carries a union as it is; a form or multipart body only as text.
            switch schemas.type(raw.schema, name: owner).map({ encoding == .json ? $0 : scalarUnionAsText($0) }) {
            case .unsupported(let reason):
                diagnostics.warning("the body member '\(raw.key)' of \(context) is \(reason), which EndpointGen cannot type; it is left out", at: raw.location)
            case .type(let type) where encoding == .json || isParameterValue(type) || (encoding == .multipart && type.unwrapped == .data):
                parameters.append(parameter(raw.schema, wireName: raw.key, type: raw.required ? type : Self.optional(type), placement: .body, names: &names, context: context))
            case .type(let type) where encoding == .form && isObject(raw.schema) && content["encoding"]?[raw.key]?.text("explode") != "false":
                // A form's object member goes as `member=value` pairs (style form, explode), or `key[member]=value` for deepObject.
                let deep = content["encoding"]?[raw.key]?.text("style") == "deepObject"
                let members = flattened(raw.schema, key: raw.key, deep: deep, required: raw.required, placement: .body, names: &names, context: context)
                if members.isEmpty {
                    diagnostics.warning("the body member '\(raw.key)' of \(context) has the type '\(type)', which a \(encoding.rawValue) body cannot carry; it is left out", at: raw.location)
                }
                parameters += members
            case .type(let type):
                diagnostics.warning("the body member '\(raw.key)' of \(context) has the type '\(type)', which a \(encoding.rawValue) body cannot carry; it is left out", at: raw.location)
            }
        }
        if parameters.isEmpty, !schemas.rawProperties(schema).isEmpty {
            diagnostics.warning("no member of the body of \(context) can be sent; the endpoint sends no body", at: content.location)
        }
        return Body(parameters: parameters, encoding: encoding)
    }

    /// `application/json`, `application/merge-patch+json`, `text/json` and the like.
    static func isJSON(_ mediaType: String) -> Bool {
        let base = mediaType.split(separator: ";").first.map(String.init) ?? mediaType
        return base == "application/json" || base.hasSuffix("+json") || base == "text/json"
    }

    /// Media types sent as raw bytes: anything but text, JSON, forms and multipart.
    static func isBinary(_ mediaType: String) -> Bool {
        !(isJSON(mediaType) || mediaType.hasPrefix("text/") || mediaType.hasPrefix("multipart/") || mediaType == "application/x-www-form-urlencoded")
    }
}
