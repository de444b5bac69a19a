import EndpointSpec

/// The error-body enum and method of an endpoint that documents error models per status, or `nil` for one with one.
func translateErrorBodies(_ endpoint: Endpoint, names: ModelNames, baseName: String, endpointsName: String) -> ErrorBodiesContext? {
    guard !endpoint.errorModels.isEmpty else { return nil }
    let typeName = SwiftName.type(endpoint.name) + "ErrorBody"
    // The statuses are distinct and written one way (StatusErrorModel.statusKey), so their case names are distinct.
    let cases = endpoint.errorModels.map { model in
        let pattern = model.status.hasSuffix("XX") ? "\(model.status.prefix(1))00...\(model.status.prefix(1))99" : model.status
        return ErrorBodyCaseContext(
            name: errorCaseName(model.status), type: SwiftCode.type(model.type, names: names), status: model.status, pattern: pattern)
    }
    return ErrorBodiesContext(
        typeName: typeName, qualifiedTypeName: "\(endpointsName).\(typeName)", methodName: baseName + "ErrorBody", cases: cases,
        otherType: endpoint.errorModel.map { SwiftCode.type($0, names: names) })
}

/// A case name from the status's reason phrase (RFC 9110), e.g. `notFound`; `status418` for one without a common
/// phrase; `clientError` and `serverError` for `4XX` and `5XX`.
private func errorCaseName(_ status: String) -> String {
    switch status {
    case "4XX": "clientError"
    case "5XX": "serverError"
    case "400": "badRequest"
    case "401": "unauthorized"
    case "402": "paymentRequired"
    case "403": "forbidden"
    case "404": "notFound"
    case "405": "methodNotAllowed"
    case "406": "notAcceptable"
    case "408": "requestTimeout"
    case "409": "conflict"
    case "410": "gone"
    case "412": "preconditionFailed"
    case "413": "contentTooLarge"
    case "415": "unsupportedMediaType"
    case "422": "unprocessableContent"
    case "423": "locked"
    case "428": "preconditionRequired"
    case "429": "tooManyRequests"
    case "500": "internalServerError"
    case "501": "notImplemented"
    case "502": "badGateway"
    case "503": "serviceUnavailable"
    case "504": "gatewayTimeout"
    default: "status" + status
    }
}
