import EndpointSpec

/// One endpoint's context: its Swift signature, and the runtime `Request` it builds, as code.
func translateEndpoint(
    _ endpoint: Endpoint, in spec: Spec, names: ModelNames, options: GeneratorOptions, endpointsName: String, fakeName: String
) -> EndpointContext {
    let baseName = endpointMethodName(endpoint.name)
    let name = SwiftName.escaped(baseName)
    // `self` would hide the client inside its methods; methods may add `progress`, completion variants
    // `queue` and `completion`.
    let streamed = streamedCall(endpoint.responseStream, payload: swiftResponseType(endpoint.response, names: names))
    let reservedLabels = Set(options.completionHandlers ? ["self", "progress", "queue", "completion"] : ["self", "progress"])
        .union(streamed?.reservedLabels ?? [])
    // A whole-value body is the first argument, without a label: `addPet(_ pet: Pet)`.
    let bodyValue = endpoint.bodyValue.map { value in
        translateParameter(bodyValueParameter(value), names: names, reserved: reservedLabels)
    }
    let parameters = endpoint.parameters.map { translateParameter($0, names: names, reserved: reservedLabels) }
    let pairs = Array(zip(endpoint.parameters, parameters))
    let allParameters = (bodyValue.map { [$0] } ?? []) + parameters
    let describedParameters = (endpoint.bodyValue.map { [bodyValueParameter($0)] } ?? []) + endpoint.parameters

    func filtered(_ placement: Parameter.Placement) -> [(Parameter, ParameterContext)] {
        pairs.filter { $0.0.placement == placement }
    }
    let pathParameters = filtered(.path).map { "\(SwiftLiteral.string($0.0.name)): \($0.1.name)" }
    let query = filtered(.query).map { "QueryItem(\($0.1.wireNameLiteral), \($0.1.name)\(styleArgument($0.0)))" }
        + endpoint.query.map { "QueryItem.template(\(SwiftLiteral.string($0.name)), \(SwiftLiteral.string($0.value)))" }
    // A `Content-Type` parameter of a binary body gives the body's media type (see `binaryContentType`), not a header;
    // a header of a multipart body's part (`part:`) goes in that part.
    let headers = filtered(.header).filter { $0.0.part == nil && !Endpoint.isPerCallContentType($0.0, bodyEncoding: endpoint.bodyEncoding) }
        .map { "HeaderField(\($0.1.wireNameLiteral), \($0.1.name))" }
        + endpoint.headers.map { "HeaderField.template(\(SwiftLiteral.string($0.name)), \(SwiftLiteral.string($0.value)))" }
    let cookies = filtered(.cookie).map { "Cookie(\($0.1.wireNameLiteral), \($0.1.name))" }
    let contentType = binaryContentType(endpoint, parameters: pairs)
    let body = bodyValue.map { (expression: translateBodyValue(endpoint, $0, contentType: contentType), context: BodyContext?.none) }
        ?? translateBody(
            endpoint, parameters: filtered(.body), partHeaders: filtered(.header).filter { $0.0.part != nil }, names: names, contentType: contentType)

    let method = endpoint.method.rawValue
    // A streamed response's method returns the sequence; its request's type argument is each event's or line's type.
    let requestBodyType = swiftResponseType(endpoint.response, names: names)
    let bodyType = streamed?.returnType ?? requestBodyType
    // A call whose body is `Empty` but whose headers are declared (a HEAD request, say) returns the headers.
    let responseType = endpoint.response == .empty && !endpoint.responseHeaders.isEmpty
        ? "\(endpointsName).\(SwiftName.type(endpoint.name))Headers" : bodyType
    // The body value, when there is one, is the first of `allParameters`.
    let isBodyValue = { (index: Int) in bodyValue != nil && index == 0 }
    let declared = allParameters.enumerated().map { index, p in (isBodyValue(index) ? "_ " : "") + "\(p.name): \(p.type)" }
    let signature = zip(declared, allParameters).map { text, p in text + (p.defaultValue.map { " = \($0)" } ?? "") }
    let requirement = declared
    // Endpoints that move bytes report progress (a parameter named `progress` was renamed above); a text body does not.
    let movesBytes = endpoint.response == .data || endpoint.bodyEncoding == .multipart
        || (endpoint.bodyEncoding == .binary && endpoint.bodyValue?.type.unwrapped != .string)
    let progress = "progress: (@Sendable (TransferProgress) -> Void)?"
    // What the method adds to the endpoint's parameters: a streamed call's own, else `progress` if it moves bytes.
    let added = streamed.map { ($0.parameters, $0.requirements, $0.forwarding, $0.callArgument) }
        ?? (movesBytes ? ([progress + " = nil"], [progress], ["progress: progress"], ", progress: progress") : ([], [], [], ""))
    let arguments = allParameters.enumerated().map { index, p in isBodyValue(index) ? p.name : "\(argumentLabel(p.name)): \(p.name)" }
    let documented = zip(describedParameters, allParameters).compactMap { parameter, context in
        parameter.description.map { (name: argumentLabel(context.name).trimmingCharacters(in: ["`"]), text: $0) }
    }
    let callouts = DocComment.callouts(parameters: documented, returns: returnsText(endpoint.response, in: spec))
    let rules = pairs.flatMap { translateRules($0.0, $0.1, names: names) }
    let docComment = DocComment.lines(endpoint.description, then: ["`\(method) \(endpoint.path)`"]) + (callouts.isEmpty ? [] : ["///"] + callouts)
    let protocolDocComment = DocComment.lines(endpoint.description, then: ["`\(endpointsName).\(name)` builds its request."])
        + (callouts.isEmpty ? [] : ["///"] + callouts)
    let errorBodies = translateErrorBodies(endpoint, names: names, baseName: baseName, endpointsName: endpointsName)
    return EndpointContext(
        name: name,
        baseName: baseName,
        handlerName: baseName + "Handler",
        docComment: docComment,
        protocolDocComment: protocolDocComment,
        deprecated: endpoint.deprecated ? SwiftLiteral.deprecationMessage(endpoint.name) : nil,
        method: "." + method.lowercased(),
        pathLiteral: SwiftLiteral.string(endpoint.path),
        responseType: responseType,
        discardableResult: endpoint.response == .empty && streamed == nil,
        errorDocComment: errorDocComment(endpoint, errorBodies: errorBodies, names: names),
        errorBodies: errorBodies,
        parameters: allParameters,
        signature: signature.joined(separator: ", "),
        requirementSignature: requirement.joined(separator: ", "),
        methodSignature: (signature + added.0).joined(separator: ", "),
        methodRequirementSignature: (requirement + added.1).joined(separator: ", "),
        progressArgument: added.3,
        arguments: arguments.joined(separator: ", "),
        forwardingArguments: (arguments + added.2).joined(separator: ", "),
        parameterTypes: allParameters.map(\.type).joined(separator: ", "),
        parameterNames: allParameters.map(\.name).joined(separator: ", "),
        hasParameters: !allParameters.isEmpty,
        hasDefaults: !added.0.isEmpty || allParameters.contains { $0.defaultValue != nil },
        rulesExpression: rules.isEmpty ? "" : "[" + rules.joined(separator: ", ") + "]",
        pathParametersExpression: pathParameters.isEmpty ? "[:]" : "[" + pathParameters.joined(separator: ", ") + "]",
        queryExpression: "[" + query.joined(separator: ", ") + "]",
        headersExpression: "[" + headers.joined(separator: ", ") + "]",
        cookiesExpression: cookies.isEmpty ? "" : "[" + cookies.joined(separator: ", ") + "]",
        bodyExpression: endpoint.wrap.map { body.expression + ".wrapped(in: \(SwiftLiteral.string($0)))" } ?? body.expression,
        auth: "." + endpoint.auth.rawValue,
        authSchemesExpression: endpoint.authSchemes.isEmpty ? "" : "[" + endpoint.authSchemes.map(SwiftLiteral.string).joined(separator: ", ") + "]",
        timeout: endpoint.timeout.flatMap { $0 == spec.policy.timeout ? nil : SwiftCode.duration($0) } ?? "nil",
        retry: retryOverride(endpoint, spec: spec),
        secretsExpression: SwiftCode.stringArray(endpoint.parameters.filter(\.secret).map(\.wireName)),
        body: body.context,
        contentTypeLiteral: endpoint.bodyEncoding == .json ? endpoint.contentType.map(SwiftLiteral.string) : nil,
        acceptExpression: endpoint.accept.map(SwiftCode.stringArray),
        missingHandlerLiteral: SwiftLiteral.string("\(fakeName).\(baseName)Handler is not set"),
        pagination: translatePagination(
            endpoint, in: spec, names: names, baseName: baseName, responseType: bodyType,
            hasParameterDefaults: parameters.contains { $0.defaultValue != nil }, fakeName: fakeName),
        metadata: translateResponseMetadata(
            endpoint, baseName: baseName, docComments: (docComment, protocolDocComment), bodyType: bodyType,
            endpointsName: endpointsName, fakeName: fakeName),
        requestBodyType: requestBodyType,
        download: translateDownload(endpoint, signature: signature),
        uploadFromFile: translateUploadFromFile(
            endpoint, parameters: allParameters, signature: signature, bodyIndex: binaryBodyIndex(endpoint, pairs: pairs), contentType: contentType)
    )
}

/// The `- Throws:` line naming what an error response's body decodes into, or `nil` when nothing is documented.
private func errorDocComment(_ endpoint: Endpoint, errorBodies: ErrorBodiesContext?, names: ModelNames) -> String? {
    if let errorBodies {
        let statuses = errorBodies.cases.map { "\($0.status) `\($0.type)`" } + (errorBodies.otherType.map { ["any other `\($0)`"] } ?? [])
        return "/// - Throws: `EndpointError`; the body of an error response decodes as its status documents (\(statuses.joined(separator: ", "))): "
            + "`\(errorBodies.methodName)(of: error)`."
    }
    return endpoint.errorModel.map { SwiftCode.type($0, names: names) }.map {
        "/// - Throws: `EndpointError`; the body of an error response decodes as `\($0)`: `errorBody(of: error, as: \($0).self)`."
    }
}

/// The place among the method's parameters of a body that is one `Data` value: a whole value (first), or the parameter
/// of `body: binary`; `nil` for any other body.
private func binaryBodyIndex(_ endpoint: Endpoint, pairs: [(Parameter, ParameterContext)]) -> Int? {
    if let value = endpoint.bodyValue { return value.type.unwrapped == .data ? 0 : nil }
    guard endpoint.bodyEncoding == .binary else { return nil }
    return pairs.firstIndex { $0.0.placement == .body && $0.0.type.unwrapped == .data }
}

/// A binary body's media type as code: the `Content-Type` parameter when the endpoint has one (its value, else the
/// spec's type when it is optional and `nil`), else the spec's type as a literal.
private func binaryContentType(_ endpoint: Endpoint, parameters: [(Parameter, ParameterContext)]) -> String {
    let literal = SwiftLiteral.string(endpoint.requestMediaType ?? BodyEncoding.binary.mediaType)
    guard let parameter = endpoint.perCallContentType, let context = parameters.first(where: { $0.0 == parameter })?.1 else { return literal }
    return parameter.type.isOptional ? "\(context.name) ?? \(literal)" : context.name
}

/// What the method's doc comment says it returns: the description of the model it returns, if the spec gives one.
private func returnsText(_ response: ResponseType, in spec: Spec) -> String? {
    guard case .type(let type) = response, case .model(let name) = type.unwrapped else { return nil }
    return spec.models.first { $0.name == name }?.description
}

/// A call's argument label: keywords need no backticks there (`let` and `var` are warned about), except `inout`.
/// A declaration's label keeps them (`init(\`let\`: Int)`: bare, `let` there is taken for the old parameter syntax).
func argumentLabel(_ name: String) -> String {
    let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    return bare == "inout" ? name : bare
}

/// The client stores its runtime client as `client`, so an endpoint of that name becomes `clientEndpoint`.
func endpointMethodName(_ specName: String) -> String {
    let name = SwiftName.member(specName)
    return name == "client" ? "clientEndpoint" : name
}

/// The endpoint's retry policy where it differs from the client's, else `nil` as code.
private func retryOverride(_ endpoint: Endpoint, spec: Spec) -> String {
    let inherited = endpoint.method.isIdempotent ? spec.policy.retry : nil
    if endpoint.retry == inherited { return "nil" }
    return endpoint.retry.map(SwiftCode.retry) ?? "RetryPolicy.none"
}

private func translateParameter(_ parameter: Parameter, names: ModelNames, reserved: Set<String>) -> ParameterContext {
    var base = SwiftName.member(parameter.name)
    if reserved.contains(base) { base += "Parameter" }
    let defaultValue =
        parameter.defaultValue.flatMap { SwiftCode.value($0, as: parameter.type, names: names) }
        ?? (parameter.type.isOptional ? "nil" : nil)
    return ParameterContext(
        name: SwiftName.escaped(base),
        type: SwiftCode.type(parameter.type, names: names),
        wireNameLiteral: SwiftLiteral.string(parameter.wireName),
        placement: parameter.placement.rawValue,
        defaultValue: defaultValue
    )
}

private func swiftResponseType(_ response: ResponseType, names: ModelNames) -> String {
    switch response {
    case .empty: "Empty"
    case .data: "Data"
    case .string: "String"
    case .multipart: "MultipartBody"
    case .type(let type): SwiftCode.type(type, names: names)
    }
}

/// The body as a `RequestBody` expression, and for JSON the struct that encodes it.
private func translateBody(
    _ endpoint: Endpoint, parameters: [(Parameter, ParameterContext)], partHeaders: [(Parameter, ParameterContext)], names: ModelNames,
    contentType: String
) -> (expression: String, context: BodyContext?) {
    guard let encoding = endpoint.bodyEncoding, !parameters.isEmpty else { return ("nil", nil) }
    let typeName = SwiftName.type(endpoint.name) + "Body"
    let keys = parameters.filter { !$0.0.flat }.map(\.0.wireName)
    let fields = parameters.map { parameter, context in
        guard case .dictionary(let value) = parameter.type, parameter.flat else {
            var property = translateProperty(
                Property(name: parameter.name, wireName: parameter.wireName, type: parameter.type, defaultValue: nil,
                         description: nil, location: parameter.location),
                names: names)
            property.name = context.name
            return property
        }
        return flatMembers(context.name, type: value, beside: keys, names: names)
    }
    let expression: String
    // A JSON body's own media type goes to `Request.contentType`; a binary one travels with its bytes.
    let binaryType = SwiftLiteral.string(endpoint.requestMediaType ?? encoding.mediaType)
    switch encoding {
    case .json:
        let value = "\(typeName)(" + parameters.map { "\(argumentLabel($0.1.name)): \($0.1.name)" }.joined(separator: ", ") + ")"
        // An XML media type is encoded by the client's XML coder; any other stays JSON.
        expression = endpoint.contentType.map(isXMLMediaType) == true ? ".encoded(\(value), mediaType: \(binaryType))" : ".json(\(value))"
    case .form:
        let named = parameters.filter { !$0.0.flat }.map { "FormField(\($0.1.wireNameLiteral), \($0.1.name)\(styleArgument($0.0)))" }
        let flat = parameters.filter(\.0.flat).map { "FormField.fields(\($0.1.name))" }
        expression = ".form(" + ((named.isEmpty ? [] : ["[" + named.joined(separator: ", ") + "]"]) + flat).joined(separator: " + ") + ")"
    case .multipart:
        let parts = parameters.map { parameter, context in
            if parameter.flat, case .dictionary(let value) = parameter.type {
                // Files named by their keys; an optional file that is `nil` sends no part.
                let files = value.isOptional ? "\(context.name).compactMapValues { $0 }" : context.name
                return value.unwrapped == .data
                    ? "MultipartPart.files(\(files)\(parameter.contentType.map { ", contentType: \(SwiftLiteral.string($0))" } ?? ""))"
                    : "MultipartPart.fields(\(context.name))"
            }
            let headers = partHeaders.filter { $0.0.part == parameter.name }.map { "HeaderField(\($0.1.wireNameLiteral), \($0.1.name))" }
            let headerArgument = headers.isEmpty ? "" : ", headers: [" + headers.joined(separator: ", ") + "]"
            return parameter.type.unwrapped == .data
                ? "MultipartPart.files(\(context.wireNameLiteral), \(context.name)\(partArguments(parameter))\(headerArgument))"
                : "MultipartPart.fields(\(context.wireNameLiteral), \(context.name)\(headerArgument))"
        }
        expression = ".multipart(" + parts.joined(separator: " + ") + ")"
    case .binary:
        let (parameter, context) = parameters[0]
        expression = parameter.type.isOptional
            ? "\(context.name).map { .data($0, contentType: \(contentType)) }"
            : ".data(\(context.name), contentType: \(contentType))"
    }
    return (expression, BodyContext(encoding: encoding.rawValue, isJSON: encoding == .json, typeName: typeName, fields: fields))
}

/// A whole-value body as a parameter, so that it is named, typed and documented like the others.
private func bodyValueParameter(_ value: BodyValue) -> Parameter {
    Parameter(
        name: value.name, wireName: value.name, type: value.type, placement: .body, secret: false, defaultValue: nil,
        description: value.description, location: value.location)
}

/// The `RequestBody` expression of a whole-value body: JSON, or as it is for `Data` and UTF-8 text for `String`; an
/// optional value sends no body when it is `nil`.
private func translateBodyValue(_ endpoint: Endpoint, _ parameter: ParameterContext, contentType: String) -> String {
    guard let value = endpoint.bodyValue else { return "nil" }
    let body: (String) -> String
    switch value.type.unwrapped {
    case .data: body = { ".data(\($0), contentType: \(contentType))" }
    case .string: body = { ".data(Data(\($0).utf8), contentType: \(contentType))" }
    default:
        body = endpoint.contentType.map(isXMLMediaType) == true ? { ".encoded(\($0), mediaType: \(contentType))" } : { ".json(\($0))" }
    }
    return value.type.isOptional ? "\(parameter.name).map { \(body("$0")) }" : body(parameter.name)
}

/// The file name and content type arguments of a multipart file part, as the spec gives them (none: the defaults).
private func partArguments(_ parameter: Parameter) -> String {
    (parameter.filename.map { ", filename: \(SwiftLiteral.string($0))" } ?? "")
        + (parameter.contentType.map { ", contentType: \(SwiftLiteral.string($0))" } ?? "")
}
