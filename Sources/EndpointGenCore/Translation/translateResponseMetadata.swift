import EndpointSpec

/// The `…WithResponse` variant of an endpoint's method, its declared headers' struct and its envelope.
///
/// `baseName` is the method's unescaped name, `docComments` its doc comments on the client and on the protocol.
func translateResponseMetadata(
    _ endpoint: Endpoint, baseName: String, docComments: (client: [String], protocol: [String]), bodyType: String,
    endpointsName: String, fakeName: String
) -> ResponseMetadataContext {
    let headers = translateDeclaredHeaders(endpoint, endpointsName: endpointsName)
    let withResponseType = headers.map { "DeclaredResponse<\(bodyType), \($0.qualifiedTypeName)>" } ?? "Response<\(bodyType)>"
    let declaredNote = headers.map { headers in
        ["/// `declared` holds the headers the spec declares, typed: "
            + headers.fields.map { "`\($0.name.trimmingCharacters(in: ["`"]))`" }.joined(separator: ", ") + "."]
    } ?? []
    let intro = ["/// `\(baseName)`, with the status code and every header of its response (`statusCode`, `headers`,", "/// `header(_:)`) beside its `body`."]
        + declaredNote + ["///"]
    let returnsDeclaredHeaders = headers != nil && endpoint.response == .empty
    return ResponseMetadataContext(
        bodyType: bodyType,
        withResponseName: baseName + "WithResponse",
        withResponseType: withResponseType,
        withResponseDocComment: intro + docComments.client,
        protocolWithResponseDocComment: intro + docComments.protocol,
        returnsDeclaredHeaders: returnsDeclaredHeaders,
        returnsBody: !returnsDeclaredHeaders,
        plainRequirement: headers != nil,
        declaringArgument: headers.map { ", declaring: \($0.qualifiedTypeName).self" } ?? "",
        responseHandlerName: baseName + "ResponseHandler",
        fakeResult: headers == nil ? "_response" : "try DeclaredResponse(_response)",
        missingResponseHandlerLiteral: SwiftLiteral.string(
            returnsDeclaredHeaders
                ? "\(fakeName).\(baseName)ResponseHandler is not set"
                : "\(fakeName).\(baseName)ResponseHandler and \(fakeName).\(baseName)Handler are not set"),
        unwrapLiteral: endpoint.unwrap.map(SwiftLiteral.string),
        headers: headers
    )
}

/// The struct of the headers `endpoint` declares, e.g. `UserHeaders` in `AuthEndpoints`; `nil` when it declares none.
private func translateDeclaredHeaders(_ endpoint: Endpoint, endpointsName: String) -> DeclaredHeadersContext? {
    guard !endpoint.responseHeaders.isEmpty else { return nil }
    let typeName = SwiftName.type(endpoint.name) + "Headers"
    let qualified = "\(endpointsName).\(typeName)"
    let fields = endpoint.responseHeaders.map { header in
        let name = SwiftName.escaped(SwiftName.member(header.name))
        let scalar = header.type.unwrapped.description  // a built-in scalar: its spec spelling is its Swift one
        let nameLiteral = SwiftLiteral.string(header.name)
        let read = header.type.isOptional
            ? "response.header(\(nameLiteral), as: \(scalar).self)"
            : "try response.header(\(nameLiteral), as: \(scalar).self, in: \(SwiftLiteral.string(qualified)))"
        let kind = header.type.unwrapped == .date ? ", an HTTP date such as `Sun, 06 Nov 1994 08:49:37 GMT`" : ""
        let absent = header.type.isOptional ? "; `nil` when the response has none or it does not parse" : ""
        return DeclaredHeaderContext(
            name: name, type: scalar + (header.type.isOptional ? "?" : ""),
            docComment: DocComment.lines("The `\(header.name)` response header\(kind)\(absent)."), readExpression: read)
    }
    return DeclaredHeadersContext(
        typeName: typeName, qualifiedTypeName: qualified,
        initSignature: fields.map { "\($0.name): \($0.type)" }.joined(separator: ", "), fields: fields)
}
