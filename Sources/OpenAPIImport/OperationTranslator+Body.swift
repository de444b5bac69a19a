import Diagnostics
import EndpointSpec

extension OperationTranslator {
    /// The request body: spread into body parameters (an object with properties, unless the options send it whole),
    /// or one whole value (`value`), with the media type it is sent as where that is not the encoding's own.
    struct Body {
        var parameters: [Parameter]
        var encoding: BodyEncoding
        /// The body as one argument (an array, a map, `JSON`, a scalar, text, or a model sent whole).
        var value: BodyValue? = nil
        /// The document's media type, when it is not the one the encoding sends (`application/merge-patch+json`).
        var contentType: String? = nil

        static let empty = Body(parameters: [], encoding: .json)

        /// The encoding the endpoint declares: the whole value's, or the parameters' when there are any.
        var endpointEncoding: BodyEncoding? {
            if let value { return value.encoding }
            return parameters.isEmpty ? nil : encoding
        }
    }

    /// The request body, from the first media type we can send: JSON, then a form, multipart, text, then raw bytes.
    /// `nil` only when a required body has no media type at all that can be sent (the operation is left out, warned).
    func requestBody(_ operation: DocumentNode, method: HTTPMethod, names: inout UniqueNames, context: OperationContext, options: ImportOptions) -> Body? {
        guard let reference = operation["requestBody"] else { return .empty }
        if let unresolved = schemas.unresolvedReference(reference), method.mayHaveBody {
            diagnostics.warning("the request body of \(context) is the reference '\(unresolved)', which cannot be resolved; it is sent as any JSON ('body: JSON?')", at: reference.location)
            return wholeBody(nil, required: false, description: nil, at: reference, names: &names, context: context)
        }
        let body = schemas.dereferenced(reference)
        guard method.mayHaveBody else {
            // Stripe gives every GET an empty form body; only a body with something in it is worth a warning.
            let empty = (body["content"]?.members ?? []).allSatisfy { media in
                media.value["schema"].map { schemas.rawProperties($0).isEmpty && schemas.shape($0).isObject } ?? true
            }
            if empty { return .empty }
            diagnostics.warning("the request body of \(context) is not supported on a \(method.rawValue) request (URLSession on Apple platforms refuses one); it is left out", at: reference.location)
            return .empty
        }
        let required = body.flag("required")
        let media = body["content"]?.members ?? []
        let choices: [(BodyEncoding?, (String) -> Bool)] = [
            (.json, Self.isJSON), (.form, { $0 == "application/x-www-form-urlencoded" }), (.multipart, { $0 == "multipart/form-data" }),
            (nil, { $0.hasPrefix("text/") }), (.binary, { Self.isBinary($0) }),
        ]
        for (encoding, matches) in choices {
            guard let (mediaType, _, content) = media.first(where: { matches($0.key.lowercased()) }) else { continue }
            guard let encoding else {
                // Text goes as a whole `String`, which the runtime sends as `text/plain; charset=utf-8`.
                let value = BodyValue(name: names.claim("body"), type: required ? .string : .optional(.string), description: body.text("description"), location: content.location)
                return Body(parameters: [], encoding: .binary, value: value, contentType: mediaType.lowercased() == "text/plain" ? nil : mediaType)
            }
            if encoding == .binary {
                let parameter = Parameter(
                    name: names.claim("body"), wireName: "body", type: required ? .data : .optional(.data), placement: .body,
                    secret: false, defaultValue: nil, description: body.text("description"), location: content.location)
                let contentType = mediaType.lowercased() == "application/octet-stream" ? nil : mediaType
                return Body(parameters: [parameter], encoding: .binary, contentType: contentType)
            }
            let contentType = encoding == .json && mediaType.lowercased() != "application/json" ? mediaType : nil
            if encoding == .json, !(options.spreadsObjectBodies && isObject(content["schema"])) {
                var whole = wholeBody(content["schema"], required: required, description: body.text("description"), at: content, names: &names, context: context)
                whole.contentType = contentType
                return whole
            }
            var spread = structuredBody(content["schema"], encoding: encoding, mediaType: mediaType, at: content, names: &names, context: context)
            spread?.contentType = contentType
            return spread
        }
        let types = media.map { "'\($0.key)'" }.joined(separator: ", ")
        let outcome = required ? "the operation is left out" : "the endpoint sends no body"
        diagnostics.warning("the request body of \(context) has no media type EndpointGen can send (\(types.isEmpty ? "none" : types)); \(outcome)", at: reference.location)
        return required ? nil : .empty
    }

    /// A JSON body sent as one value: an array, a map, a scalar, `JSON`, or a model the options keep whole.
    /// What cannot be typed precisely is `JSON`, with a warning.
    private func wholeBody(
        _ schema: DocumentNode?, required: Bool, description: String?, at content: DocumentNode, names: inout UniqueNames, context: OperationContext
    ) -> Body {
        var type = TypeRef.json
        if let schema {
            switch schemas.type(schema, name: context.typeName + "Body") {
            case .type(let translated): type = translated
            case .unsupported(let reason):
                diagnostics.warning("the JSON body of \(context) is \(reason), which EndpointGen cannot type precisely; it is typed JSON", at: schema.location)
            }
        }
        if !required, !type.isOptional { type = .optional(type) }
        let value = BodyValue(
            name: names.claim(BodyValue.defaultName(for: type)), type: type, description: description ?? schema.flatMap(schemas.dereferencedDescription),
            location: content.location)
        return Body(parameters: [], encoding: .json, value: value)
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
            case .unsupported(let reason) where encoding == .json:
                // Never dropped: JSON carries what cannot be typed precisely as any JSON value.
                diagnostics.warning("the body member '\(raw.key)' of \(context) is \(reason), which EndpointGen cannot type precisely; it is typed JSON", at: raw.location)
                parameters.append(parameter(raw.schema, wireName: raw.key, type: raw.required ? .json : .optional(.json), placement: .body, names: &names, context: context))
            case .unsupported(let reason):
                let style = encoding == .form ? declaredStyle(content["encoding"]?[raw.key], fallback: .deepObject) : nil
                parameters.append(untypedParameter(
                    raw.schema, wireName: raw.key, reason: reason, required: raw.required, style: style, placement: .body, names: &names, context: context))
            case .type(let type) where encoding == .json || isParameterValue(type) || (encoding == .multipart && type.unwrapped == .data):
                var member = parameter(raw.schema, wireName: raw.key, type: raw.required ? type : Self.optional(type), placement: .body, names: &names, context: context)
                // An array in a form declared deepObject (Stripe's `expand`) goes as `expand[]=a`, not `expand=a`.
                if encoding == .form, type.unwrapped.isArray, declaredStyle(content["encoding"]?[raw.key], fallback: .form(explode: true)) == .deepObject {
                    member.style = .deepObject
                }
                let headers = encoding == .multipart ? partEncoding(content["encoding"]?[raw.key], of: &member, names: &names, context: context) : []
                parameters.append(member)
                parameters += headers
            case .type where encoding == .form && isObject(raw.schema) && content["encoding"]?[raw.key]?.text("explode") != "false"
                && !schemas.rawProperties(raw.schema).isEmpty && membersAreText(raw.schema, key: raw.key, context: context):
                // A form's object member of text members goes as `member=value` pairs (style form, explode), or
                // `key[member]=value` for deepObject, one parameter each.
                let deep = content["encoding"]?[raw.key]?.text("style") == "deepObject"
                parameters += flattened(raw.schema, key: raw.key, deep: deep, required: raw.required, placement: .body, names: &names, context: context)
            case .type(let type):
                // Objects, unions with an object alternative, arrays of objects and maps keep their type: a form
                // sends them in the declared style, in bracket notation (`items[0][price]`) when it declares none,
                // as OpenAPI leaves nested form values undefined and servers (Rails, PHP, Stripe) read brackets.
                let style = declaredStyle(content["encoding"]?[raw.key], fallback: .deepObject)
                parameters.append(structuredParameter(
                    raw.schema, wireName: raw.key, type: raw.required ? type : Self.optional(type), style: style, placement: .body,
                    sendsPairs: encoding == .form, names: &names, context: context))
            }
        }
        if let flat = flatMembers(schema, encoding: encoding, names: &names, context: context) { parameters.append(flat) }
        if parameters.isEmpty, !schemas.rawProperties(schema).isEmpty {
            diagnostics.warning("no member of the body of \(context) can be sent; the endpoint sends no body", at: content.location)
        }
        return Body(parameters: parameters, encoding: encoding)
    }

    /// The body's members beyond its properties (`additionalProperties`, `patternProperties`) as one `flat` map
    /// parameter, `additionalProperties` unless a property has that name, empty by default; a form or multipart
    /// body sends only text and files that way, else the members are left out with a warning.
    private func flatMembers(_ schema: DocumentNode, encoding: BodyEncoding, names: inout UniqueNames, context: OperationContext) -> Parameter? {
        let node = schemas.membersDeclaration(schemas.dereferenced(schema))
        let at = node["patternProperties"] ?? node["additionalProperties"] ?? node
        guard let members = schemas.memberType(node, name: context.typeName + "Body") else { return nil }
        var type: TypeRef
        switch members {
        case .type(let value): type = value
        case .unsupported(let reason):
            guard encoding == .json else {
                diagnostics.warning("the members beyond the properties of the body of \(context) are \(reason), which a \(encoding.rawValue) body cannot send; they are left out", at: at.location)
                return nil
            }
            diagnostics.warning("the members beyond the properties of the body of \(context) are \(reason), which EndpointGen cannot type precisely; they are typed JSON", at: at.location)
            type = .json
        }
        if encoding != .json, !(isParameterValue(type) || (encoding == .multipart && type.unwrapped == .data)) {
            diagnostics.warning("the members beyond the properties of the body of \(context) are '\(type)', which a \(encoding.rawValue) body cannot send as text; they are left out", at: at.location)
            return nil
        }
        var parameter = Parameter(
            name: names.claimMember(for: "additionalProperties"), wireName: "additionalProperties", type: .dictionary(type), placement: .body,
            secret: false, defaultValue: .object([]), description: "The members beyond the listed ones, by key.", location: at.location)
        parameter.flat = true
        return parameter
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
