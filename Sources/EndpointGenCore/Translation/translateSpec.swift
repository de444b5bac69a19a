import Diagnostics
import EndpointSpec

/// The whole template context for a validated spec, and the warnings translation has to give
/// (e.g. a model renamed because its name would shadow a type the generated code uses).
func translateSpec(_ spec: Spec, specPath: String, options: GeneratorOptions) -> (ClientContext, [Diagnostic]) {
    var options = options
    options.completionHandlers = options.completionHandlers || spec.completionHandlers
    let prefix = SwiftName.type(spec.name)
    let clientName = prefix + "Client"
    let protocolName = clientName + "Protocol"
    let endpointsName = prefix + "Endpoints"
    let fakeName = "Fake" + clientName
    let names = ModelNames(spec: spec, reserved: GeneratedCodeNames.reserved(clientNames: [clientName, protocolName, endpointsName, fakeName]))
    let warnings = names.renamed.compactMap { renamed -> Diagnostic? in
        guard let model = spec.models.first(where: { $0.name == renamed.spec }) else { return nil }
        return Diagnostic(.warning, "model '\(renamed.spec)' would shadow a type the generated code uses; it is generated as '\(renamed.swift)'", at: model.location)
    }

    var models: [ModelContext] = []
    var enums: [EnumContext] = []
    var oneOfs: [OneOfContext] = []
    var aliases: [AliasContext] = []
    let indirect = indirectProperties(of: spec.models.filter { $0.sameAs == nil })
    let objects = Set(spec.models.filter { if case .object = $0.kind { true } else { false } }.map(\.name))
    for model in spec.models {
        if let target = model.sameAs {
            let (name, target) = (names.typeName(model.name), names.typeName(target))
            aliases.append(AliasContext(
                name: name, target: target, docComment: DocComment.lines(model.description ?? "The same type as `\(target)`, under the name `\(name)`.")))
            continue
        }
        switch model.kind {
        case .object(let properties):
            models.append(translateObject(model, properties: properties, names: names, indirect: indirect[model.name] ?? []))
        case .enumeration(let cases, let rawType): enums.append(translateEnum(model, cases: cases, rawType: rawType, names: names))
        case .oneOf(let oneOf): oneOfs.append(translateOneOf(model, oneOf: oneOf, names: names, objects: objects))
        }
    }
    let endpoints = spec.endpoints.map {
        translateEndpoint($0, in: spec, names: names, options: options, endpointsName: endpointsName, fakeName: fakeName)
    }

    let context = ClientContext(
        header: GeneratedHeader.line(for: specPath),
        specPath: specPath,
        access: options.modifier,
        name: prefix,
        clientName: clientName,
        protocolName: protocolName,
        endpointsName: endpointsName,
        fakeName: fakeName,
        completionHandlers: options.completionHandlers,
        // No line per endpoint: the enum's declaration stays as it is when an endpoint's path changes.
        endpointsDocComment: DocComment.lines(
            "The request each endpoint of the \(prefix) API builds: a static function per endpoint, named like the client's method.\n"
                + "Each one's doc comment gives the endpoint's method and path."),
        server: translateServer(spec.server),
        version: spec.version.map(SwiftLiteral.string) ?? "nil",
        defaultQuery: spec.defaults.query.map(translateNameValue),
        defaultHeaders: spec.defaults.headers.map(translateNameValue),
        variableList: spec.variables.isEmpty ? "none" : spec.variables.map { "`\($0.name)`" }.joined(separator: ", "),
        variablesExpression: variablesExpression(spec.variables),
        auth: spec.auth.flatMap { $0.isNamed ? nil : translateAuth($0) } ?? "nil",
        tokenStoreType: spec.auth?.placement == .basic && spec.auth?.isNamed == false ? "BasicCredentialStore" : "TokenStore",
        namedAuth: translateNamedAuth(spec.auth, clientName: clientName),
        policy: translatePolicy(spec),
        endpoints: endpoints,
        models: models,
        enums: enums,
        oneOfs: oneOfs,
        aliases: aliases
    )
    return (context, warnings)
}

/// The variables with defaults as a dictionary literal in spec order, or empty when none has a default.
private func variablesExpression(_ variables: [Variable]) -> String {
    let entries = variables.compactMap { variable in
        variable.defaultValue.map { "\(SwiftLiteral.string(variable.name)): \(SwiftLiteral.string($0))" }
    }
    return entries.isEmpty ? "" : "[" + entries.joined(separator: ", ") + "]"
}

private func translateServer(_ server: Server) -> ServerContext {
    let port = server.port.map { ":\($0)" } ?? ""
    return ServerContext(
        schemeLiteral: SwiftLiteral.string(server.scheme.rawValue),
        hostLiteral: SwiftLiteral.string(server.host),
        port: server.port.map(String.init) ?? "nil",
        basePathLiteral: SwiftLiteral.string(server.basePath),
        display: "\(server.scheme.rawValue)://\(server.host)\(port)\(server.basePath)"
    )
}

private func translateNameValue(_ parameter: DefaultParameter) -> NameValueContext {
    NameValueContext(nameLiteral: SwiftLiteral.string(parameter.name), valueLiteral: SwiftLiteral.string(parameter.value))
}

private func translatePolicy(_ spec: Spec) -> PolicyContext {
    let policy = spec.policy
    var context = PolicyContext(
        timeout: policy.timeout.map(SwiftCode.duration) ?? "ClientConfiguration.defaultTimeout",
        retry: policy.retry.map(SwiftCode.retry) ?? "RetryPolicy.none",
        rateLimit: policy.rateLimit.map { "RateLimit(count: \($0.count), interval: \(SwiftCode.duration($0.per)))" } ?? "nil",
        maxConcurrentRequests: policy.maxConcurrentRequests.map(String.init) ?? "nil",
        acceptableContentTypes: policy.acceptableContentTypes.map(SwiftLiteral.string).joined(separator: ", "),
        errorMessageFields: SwiftCode.stringArray(spec.errors.messageFields),
        fallbackErrorMessage: spec.errors.fallback.map(SwiftLiteral.string) ?? "ClientConfiguration.defaultFallbackErrorMessage",
        dateCoding: "." + policy.dates.rawValue,
        bodyCoders: translateBodyCoders(spec)
    )
    context.totalTimeout = policy.totalTimeout.map(SwiftCode.duration)
    return context
}
