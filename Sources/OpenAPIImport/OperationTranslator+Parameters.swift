import Diagnostics
import EndpointSpec
import YAML

extension OperationTranslator {
    /// The operation's parameters: the path item's, replaced by the operation's of the same name and place.
    func declaredParameters(item: DocumentNode, operation: DocumentNode) -> [DocumentNode] {
        var result: [DocumentNode] = []
        for node in (item["parameters"]?.items ?? []) + (operation["parameters"]?.items ?? []) {
            let parameter = schemas.dereferenced(node)
            result.removeAll { $0.text("name") == parameter.text("name") && $0.text("in") == parameter.text("in") }
            result.append(parameter)
        }
        return result
    }

    /// The path with each placeholder renamed to its parameter's Swift name, and the path parameters.
    ///
    /// A placeholder without a declared parameter gets a `String` one, with a warning.
    func pathParameters(
        _ path: String, item: DocumentNode, operation: DocumentNode, names: inout UniqueNames, context: OperationContext
    ) -> (String, [Parameter]) {
        let declared = declaredParameters(item: item, operation: operation).filter { $0.text("in") == "path" }
        var parameters: [Parameter] = []
        var renamed: [String: String] = [:]
        for placeholder in path.placeholderNames where renamed[placeholder] == nil {
            let name = names.claimMember(for: placeholder)
            renamed[placeholder] = name
            let node = declared.first { $0.text("name") == placeholder }
            var type = TypeRef.string
            if let node {
                type = parameterType(node, name: name, context: context).map(Self.nonOptional) ?? .string
            } else {
                diagnostics.warning("the path placeholder '{\(placeholder)}' of \(context) has no parameter; it is generated as a String", at: operation.location)
            }
            parameters.append(Parameter(
                name: name, wireName: placeholder, type: type, placement: .path, secret: false, defaultValue: nil,
                description: node.flatMap(schemas.dereferencedDescription), location: node?.location ?? operation.location
            ))
        }
        for node in declared where !renamed.keys.contains(node.text("name") ?? "") {
            diagnostics.warning("the path parameter '\(node.text("name") ?? "")' of \(context) is not in its path; it is left out", at: node.location)
        }
        return (path.replacingPlaceholders { "{" + (renamed[$0] ?? $0) + "}" }, parameters)
    }

    /// Query, header and cookie parameters.
    func otherParameters(item: DocumentNode, operation: DocumentNode, names: inout UniqueNames, context: OperationContext) -> [Parameter] {
        var parameters: [Parameter] = []
        for node in declaredParameters(item: item, operation: operation) {
            guard let wireName = node.text("name"), let place = node.text("in"), place != "path" else { continue }
            guard let placement = Parameter.Placement(rawValue: place), placement != .body else {
                diagnostics.warning("the \(place) parameter '\(wireName)' of \(context) is not supported (EndpointGen sends path, query, header and cookie parameters); it is left out", at: node.location)
                continue
            }
            let required = node.flag("required")
            let deep = node.text("style") == "deepObject"
            if let schema = node["schema"], isObject(schema) {
                parameters += flattened(schema, key: wireName, deep: deep, required: required, placement: placement, names: &names, context: context)
                continue
            }
            guard let type = parameterType(node, name: wireName, context: context) else { continue }
            // deepObject of an array: the `key[]` convention of Rails, PHP and Stripe.
            let sentName = deep && type.unwrapped.isArray ? wireName + "[]" : wireName
            parameters.append(parameter(node, wireName: sentName, type: required ? type : Self.optional(type), placement: placement, names: &names, context: context))
        }
        return parameters
    }

    /// A parameter from a schema node, named uniquely, with its default when it fits.
    func parameter(
        _ node: DocumentNode, wireName: String, type: TypeRef, placement: Parameter.Placement, names: inout UniqueNames, context: OperationContext
    ) -> Parameter {
        let name = names.claimMember(for: wireName)
        let schema = node["schema"] ?? node
        var type = type
        var defaultValue = schemas.defaultValue(schema, type: type, context: "parameter '\(wireName)' of \(context)")
        if defaultValue == .null { defaultValue = nil }
        if defaultValue != nil { type = type.unwrapped }
        return Parameter(
            name: name, wireName: wireName, type: type, placement: placement, secret: false, defaultValue: defaultValue,
            description: schemas.dereferencedDescription(node) ?? schemas.dereferencedDescription(schema), location: node.location
        )
    }

    /// The type of a parameter that can be sent as text; `nil` after a warning when it cannot.
    func parameterType(_ node: DocumentNode, name: String, context: OperationContext) -> TypeRef? {
        let wireName = node.text("name") ?? name
        guard let schema = node["schema"] else {
            if node["content"] != nil {
                diagnostics.warning("the parameter '\(wireName)' of \(context) has 'content' instead of a schema, which is not supported; it is generated as a String for the caller to fill with the encoded value", at: node.location)
                return .string
            }
            diagnostics.warning("the parameter '\(wireName)' of \(context) has no schema; it is generated as a String", at: node.location)
            return .string
        }
        switch schemas.type(schema, name: context.typeName + SwiftName.type(name)) {
        case .type(let type):
            let text = schemas.parameterType(textual(type), widenedFor: node, context: "the parameter '\(wireName)' of \(context)")
            guard isParameterValue(text) else {
                diagnostics.warning("the parameter '\(wireName)' of \(context) has the type '\(type)', which cannot be sent as text; it is left out", at: node.location)
                return nil
            }
            return text
        case .unsupported(let reason):
            diagnostics.warning("the parameter '\(wireName)' of \(context) is \(reason), which EndpointGen cannot type; it is left out", at: node.location)
            return nil
        }
    }

    /// An object schema as one parameter per property: `key[property]` when `deep` (deepObject), `property` otherwise.
    func flattened(
        _ schema: DocumentNode, key: String, deep: Bool, required: Bool, placement: Parameter.Placement, names: inout UniqueNames, context: OperationContext
    ) -> [Parameter] {
        return schemas.rawProperties(schema).compactMap { raw in
            let wireName = deep ? "\(key)[\(raw.key)]" : raw.key
            let owner = context.typeName + SwiftName.type(key) + SwiftName.type(raw.key)
            switch schemas.type(raw.schema, name: owner) {
            case .type(let type) where isParameterValue(textual(type)):
                let type = textual(type)
                return parameter(raw.schema, wireName: wireName, type: required && raw.required ? type : Self.optional(type), placement: placement, names: &names, context: context)
            case .type(let type):
                diagnostics.warning("the member '\(wireName)' of \(context) has the type '\(type)', which cannot be sent as text; it is left out", at: raw.location)
                return nil
            case .unsupported(let reason):
                diagnostics.warning("the member '\(wireName)' of \(context) is \(reason), which EndpointGen cannot type; it is left out", at: raw.location)
                return nil
            }
        }
    }

    /// Whether a schema (after references) becomes a struct.
    func isObject(_ schema: DocumentNode?) -> Bool {
        guard let schema else { return false }
        if case .object = schemas.shape(schema) { return true }
        return false
    }

    /// Whether the runtime can send a value of the type as text: built-in scalars, string enums, and arrays and optionals of them.
    func isParameterValue(_ type: TypeRef) -> Bool {
        switch type {
        case .optional(let wrapped): !wrapped.isOptional && isParameterValue(wrapped)
        case .array(let element): !element.isOptional && isParameterValue(element)
        case .model(let name): if case .enumeration = schemas.models[name]?.kind { true } else { false }
        case .dictionary, .data: false
        case .string, .int, .int32, .int64, .double, .float, .bool, .date, .url, .uuid, .json: true
        }
    }

    /// `Data` becomes `String` in text positions: a `byte` parameter is base64 text the caller supplies.
    /// So does a union of scalars only (`string | integer`): each alternative is sent as its text.
    func textual(_ type: TypeRef) -> TypeRef {
        switch type {
        case .data: .string
        case .optional(let wrapped): .optional(textual(wrapped))
        case .array(let element): .array(textual(element))
        default: scalarUnionAsText(type)
        }
    }

    /// A `oneOf` model whose alternatives can all be sent as text (scalars, string enums: Stripe's `trial_end`,
    /// `now` or a timestamp) becomes `String` (in arrays and optionals too), for the positions that send text;
    /// a union with an object alternative stays as it is (and cannot be sent).
    func scalarUnionAsText(_ type: TypeRef) -> TypeRef {
        switch type {
        case .optional(let wrapped): return .optional(scalarUnionAsText(wrapped))
        case .array(let element): return .array(scalarUnionAsText(element))
        case .model(let name):
            guard case .oneOf(let oneOf)? = schemas.models[name]?.kind else { return type }
            let alternatives = oneOf.alternatives.map { textual($0.type) }
            // A scalar or an array of scalars (`q=5` or `q=a&q=b`): `[String]` sends both, one item being a one-element
            // array. An array of arrays has no text form.
            guard alternatives.allSatisfy({ isParameterValue($0) && !Self.isNestedArray($0) }) else { return type }
            return alternatives.contains(where: \.isArray) ? .array(.string) : .string
        default: return type
        }
    }

    static func optional(_ type: TypeRef) -> TypeRef { type.isOptional ? type : .optional(type) }

    /// Whether the type is an array of arrays, `[[T]]`.
    static func isNestedArray(_ type: TypeRef) -> Bool {
        if case .array(let element) = type { return element.isArray }
        return false
    }

    static func nonOptional(_ type: TypeRef) -> TypeRef { type.unwrapped }
}

extension TypeRef {
    /// Whether the type is `[T]`.
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
