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
        for placeholder in Template.placeholderNames(in: path) where renamed[placeholder] == nil {
            let name = names.claimMember(for: placeholder)
            renamed[placeholder] = name
            let node = declared.first { $0.text("name") == placeholder }
            var type = TypeRef.string
            if let node {
                type = textParameterType(node, name: name, context: context).map(Self.nonOptional) ?? .string
            } else {
                diagnostics.warning("the path placeholder '{\(placeholder)}' of \(context) has no parameter; it is generated as a String", at: operation.location)
            }
            parameters.append(Parameter(
                name: name, wireName: placeholder, type: type, placement: .path, secret: false, defaultValue: nil,
                description: node.flatMap(schemas.dereferencedDescription), location: node?.location ?? operation.location,
                rules: node.map { parameterRules($0["schema"] ?? $0, type: type, name: placeholder, context: context) } ?? ParameterRules()
            ))
        }
        for node in declared where !renamed.keys.contains(node.text("name") ?? "") {
            diagnostics.warning("the path parameter '\(node.text("name") ?? "")' of \(context) is not in its path; it is left out", at: node.location)
        }
        return (Template.replacingPlaceholders(in: path) { "{" + (renamed[$0] ?? $0) + "}" }, parameters)
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
            let style = declaredStyle(node, fallback: .form(explode: true))
            // An object whose members all have a text form is one parameter per member (`key[member]` for deepObject).
            if let schema = node["schema"], isObject(schema), membersAreText(schema, key: wireName, context: context) {
                parameters += flattened(schema, key: wireName, deep: deep, required: required, placement: placement, names: &names, context: context)
                continue
            }
            switch parameterType(node, name: wireName, context: context) {
            case .text(let type):
                // deepObject of an array: the `key[]` convention of Rails, PHP and Stripe.
                let sentName = deep && type.unwrapped.isArray ? wireName + "[]" : wireName
                var textParameter = parameter(node, wireName: sentName, type: required ? type : Self.optional(type), placement: placement, names: &names, context: context)
                // A list joined into one value (`explode: false`, the delimited styles) keeps its style: `ids=3,4,5`.
                if placement == .query, type.unwrapped.isArray, !deep, style != .form(explode: true) { textParameter.style = style }
                parameters.append(textParameter)
            case .structured(let type):
                parameters.append(structuredParameter(
                    node, wireName: wireName, type: required ? type : Self.optional(type), style: style, placement: placement,
                    sendsPairs: placement == .query, names: &names, context: context))
            case .unsupported(let reason):
                parameters.append(untypedParameter(
                    node, wireName: wireName, reason: reason, required: required, style: placement == .query && node["style"] != nil ? style : nil,
                    placement: placement, names: &names, context: context))
            }
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
            description: schemas.dereferencedDescription(node) ?? schemas.dereferencedDescription(schema), location: node.location,
            rules: parameterRules(schema, type: type, name: wireName, context: context)
        )
    }

    /// What a parameter's schema becomes: a type sent as text, a structured type (sent in a style), or nothing
    /// EndpointGen can type.
    enum ParameterTyping {
        case text(TypeRef)
        case structured(TypeRef)
        case unsupported(String)
    }

    /// The type of a path parameter, which is sent as text; `nil` after a warning when it has none.
    func textParameterType(_ node: DocumentNode, name: String, context: OperationContext) -> TypeRef? {
        switch parameterType(node, name: name, context: context) {
        case .text(let type): return type
        case .structured(let type):
            diagnostics.warning("the parameter '\(node.text("name") ?? name)' of \(context) has the type '\(type)', which cannot be sent as text in a path; it is generated as a String", at: node.location)
            return nil
        case .unsupported(let reason):
            diagnostics.warning("the parameter '\(node.text("name") ?? name)' of \(context) is \(reason), which EndpointGen cannot type; it is generated as a String", at: node.location)
            return nil
        }
    }

    /// The type of a parameter: sent as text, or structured.
    func parameterType(_ node: DocumentNode, name: String, context: OperationContext) -> ParameterTyping {
        let wireName = node.text("name") ?? name
        guard let schema = node["schema"] else {
            if node["content"] != nil {
                diagnostics.warning("the parameter '\(wireName)' of \(context) has 'content' instead of a schema, which is not supported; it is generated as a String for the caller to fill with the encoded value", at: node.location)
                return .text(.string)
            }
            diagnostics.warning("the parameter '\(wireName)' of \(context) has no schema; it is generated as a String", at: node.location)
            return .text(.string)
        }
        switch schemas.type(schema, name: context.typeName + SwiftName.type(name)) {
        case .type(let type):
            let text = schemas.parameterType(textual(type), widenedFor: node, context: "the parameter '\(wireName)' of \(context)")
            return isParameterValue(text) ? .text(text) : .structured(type)
        case .unsupported(let reason):
            return .unsupported(reason)
        }
    }

    /// An object schema as one parameter per property: `key[property]` when `deep` (deepObject), `property` otherwise.
    func flattened(
        _ schema: DocumentNode, key: String, deep: Bool, required: Bool, placement: Parameter.Placement, names: inout UniqueNames, context: OperationContext
    ) -> [Parameter] {
        return schemas.rawProperties(schema).map { raw in
            let wireName = deep ? "\(key)[\(raw.key)]" : raw.key
            let owner = context.typeName + SwiftName.type(key) + SwiftName.type(raw.key)
            switch schemas.type(raw.schema, name: owner) {
            case .type(let type) where isParameterValue(textual(type)):
                let type = textual(type)
                return parameter(raw.schema, wireName: wireName, type: required && raw.required ? type : Self.optional(type), placement: placement, names: &names, context: context)
            case .type(let type):
                // Below `key[member]` a structured value goes on in brackets, whatever the parameter's style.
                return structuredParameter(
                    raw.schema, wireName: wireName, type: required && raw.required ? type : Self.optional(type), style: .deepObject,
                    placement: placement, sendsPairs: placement == .query || placement == .body, names: &names, context: context)
            case .unsupported(let reason):
                return untypedParameter(
                    raw.schema, wireName: wireName, reason: reason, required: required && raw.required, style: .deepObject, placement: placement,
                    names: &names, context: context)
            }
        }
    }

    /// Whether every member of an object schema has a text form, so that it can be sent as one parameter per member.
    func membersAreText(_ schema: DocumentNode, key: String, context: OperationContext) -> Bool {
        schemas.rawProperties(schema).allSatisfy { raw in
            if case .type(let type) = schemas.type(raw.schema, name: context.typeName + SwiftName.type(key) + SwiftName.type(raw.key)) {
                return isParameterValue(textual(type))
            }
            return false
        }
    }

    /// Whether a schema (after references) becomes a struct.
    func isObject(_ schema: DocumentNode?) -> Bool {
        // A discriminated base stands for any of its subtypes: it is sent whole, never spread.
        guard let schema, !schemas.isPolymorphicBase(schema) else { return false }
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
        case .string, .int, .int32, .int64, .double, .float, .decimal, .bool, .date, .url, .uuid, .json: true
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
