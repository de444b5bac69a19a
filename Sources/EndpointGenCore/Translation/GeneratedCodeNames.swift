/// The type names generated code uses without qualifying them: a model of one of these names would shadow it, so the
/// generator gives such a model a `Model` suffix and says so.
enum GeneratedCodeNames {
    /// The names of every client (its protocol, endpoints and fake among them) and everything generated code uses.
    static func reserved(clientNames: [String]) -> Set<String> {
        Set(clientNames).union(swiftAndFoundation).union(runtime)
    }

    /// The standard library's and Foundation's types, protocols and modules that generated code names.
    static let swiftAndFoundation: Set<String> = [
        "String", "Int", "Int32", "Int64", "UInt8", "Double", "Float", "Decimal", "Bool", "Date", "Data", "URL", "UUID",
        "Optional", "Array", "Dictionary", "Set", "Range", "Result", "Never", "Void", "Any", "Self", "Type", "Protocol",
        "Error", "Sendable", "Codable", "Encodable", "Decodable", "Hashable", "Equatable", "CodingKey", "CodingKeys",
        "Decoder", "Encoder", "RawRepresentable", "CustomStringConvertible", "Duration", "Task", "MainActor",
        "DispatchQueue", "Foundation", "EndpointRuntime", "EndpointRuntimeTesting",
    ]

    /// Every public type of `EndpointRuntime` and `EndpointRuntimeTesting`, those behind `@_spi(Generated)` too: a test
    /// holds this list to the sources, so that a type added to the runtime cannot be shadowed by a model.
    static let runtime: Set<String> = [
        "AlternativeChoice", "ArgumentRule", "AuthRequirement", "AuthScheme", "BasicCredentialStore", "BasicCredentials", "BodyCoder",
        "ClientConfiguration", "ClientSettings", "ClosureBasicCredentialProvider", "ClosureTokenProvider", "Cookie",
        "DateCoding", "DeclaredHeaders", "DeclaredResponse", "Discriminator", "Empty", "EndpointClient", "EndpointError",
        "FormField", "HTTPMethod", "HTTPResponse", "HeaderField", "HeaderValue", "Indirect", "JSON", "JSONBodyCoder",
        "JSONLines", "JSONNumber", "JSONValue", "LogSink", "Middleware", "MiddlewareNext", "ModelDecoding",
        "ModelEncoding", "ModelKey", "MultipartBody", "MultipartPart", "NullMembers", "OmittedArguments", "OpenEnumValue",
        "OpenStringValue", "PageItems", "Pages", "Pagination", "ParameterPair", "ParameterStyle", "ParameterTemplate",
        "ParameterValue", "PipelineRequest", "QueryItem", "RateLimit", "Request", "RequestBody", "RequestHandle",
        "RequestSummary", "Response", "ResponseBodyStream", "ResponseDelivery", "RetryPolicy", "SSEReconnection",
        "ServerAddress", "ServerSentEvent", "ServerSentEvents", "SharedClient", "StructuredParameterEncoder",
        "TokenProvider", "TokenStore", "TransferProgress", "Transport", "URLSessionTransport", "XMLBodyCoder",
        "XMLCodingKey", "XMLKeyForm", "StubTransport",
    ]
}
