/// One endpoint: its method on the client, its request builder and its fake's handler.
public struct EndpointContext: Codable, Equatable, Sendable {
    /// The method name, escaped if it is a keyword, e.g. `user` or `` `default` ``.
    public var name: String
    /// The name without escaping, for prose, e.g. `user`.
    public var baseName: String
    /// The fake's handler property, e.g. `userHandler`.
    public var handlerName: String
    /// The doc comment: the description, then e.g. ``/// `GET /users/{id}` ``, then `- Parameter`/`- Parameters:`
    /// lines for the parameters the spec describes and `- Returns:` with the response model's description.
    public var docComment: [String]
    /// The doc comment of the protocol's requirement and default and of the fake's method: `docComment` with the method
    /// and path replaced by the request builder's name, e.g. ``/// `AuthEndpoints.user` builds its request.``, so
    /// that editing a path leaves the protocol's file and the fake's as they are.
    public var protocolDocComment: [String]
    /// The deprecation message as a literal, or `null` when the endpoint is not deprecated.
    public var deprecated: String?
    /// The runtime's method, e.g. `.get`.
    public var method: String
    /// The path template as a literal, e.g. `"/users/{id}"`.
    public var pathLiteral: String
    /// The Swift type the call returns, e.g. `User`, `Empty`, `Data`, `String`; the declared headers' struct (e.g.
    /// `AuthEndpoints.PingHeaders`) when the body is `Empty` and the endpoint declares response headers.
    public var responseType: String
    /// True when the response is `Empty`: callers may ignore it (`@discardableResult`).
    public var discardableResult: Bool
    /// The `- Throws:` doc comment line saying what an error response's body decodes into (the endpoint's `error:` or
    /// the spec's `errors.model`), or `null` when the spec names none.
    public var errorDocComment: String?
    /// The error bodies by status of an endpoint that documents several types, or `null`.
    public var errorBodies: ErrorBodiesContext?
    /// The parameters, in spec order, after a whole-value body (`placement` `body`, passed without a label).
    public var parameters: [ParameterContext]
    /// The parameter list with defaults, e.g. `id: Int, include: [String]? = nil`.
    public var signature: String
    /// The same without defaults, for protocol requirements, e.g. `id: Int, include: [String]?`.
    public var requirementSignature: String
    /// The client method's parameters: `signature`, plus `progress` for endpoints that move bytes
    /// (a `Data` response, a binary or multipart body), e.g. `photo: Data, progress: (...)? = nil`.
    public var methodSignature: String
    /// The same without defaults, for the protocol and the fake.
    public var methodRequirementSignature: String
    /// What the client method adds to `send`: `, progress: progress` or nothing.
    public var progressArgument: String
    /// Arguments passing each parameter on, e.g. `id: id, include: include`.
    public var arguments: String
    /// `arguments`, plus `progress: progress` for endpoints that move bytes: a call of the method with the same
    /// signature, e.g. `photo: photo, progress: progress`.
    public var forwardingArguments: String
    /// The parameter types, for the fake's handler, e.g. `Int, [String]?`.
    public var parameterTypes: String
    /// The parameter names, for calling the fake's handler, e.g. `id, include`.
    public var parameterNames: String
    /// True when the endpoint takes parameters.
    public var hasParameters: Bool
    /// True when `methodSignature` has a default, so the protocol gets an extension method with the same defaults.
    public var hasDefaults: Bool
    /// The request's `rules` argument: the spec's rules of the parameters (`minLength`, `maximum`...), e.g.
    /// `[.length("email", email, min: 1)]`, or empty when there are none (so templates can leave the argument out).
    public var rulesExpression: String
    /// e.g. `["id": id]`, or `[:]`.
    public var pathParametersExpression: String
    /// e.g. `[QueryItem("include", include)]`, or `[]`.
    public var queryExpression: String
    /// e.g. `[HeaderField("X-Trace", trace)]`, or `[]`.
    public var headersExpression: String
    /// e.g. `[Cookie("session", session)]`, or empty when the endpoint sends no cookie parameter (so templates
    /// can leave the argument out).
    public var cookiesExpression: String
    /// e.g. `.json(AuthenticateBody(email: email, password: password))`, or `nil`.
    public var bodyExpression: String
    /// e.g. `.required`.
    public var auth: String
    /// The named schemes the endpoint may use, e.g. `["user", "admin"]`, or empty for a spec without named schemes (so
    /// templates can leave the argument out).
    public var authSchemesExpression: String
    /// e.g. `.seconds(30)`, or `nil` for the client's timeout.
    public var timeout: String
    /// A `RetryPolicy(...)` expression, or `nil` for the client's policy.
    public var retry: String
    /// e.g. `["password"]`, or `[]`.
    public var secretsExpression: String
    /// The body, or `null` when the request has none.
    public var body: BodyContext?
    /// The JSON body's media type as a literal where the spec names one, e.g. `"application/merge-patch+json"`, or
    /// `null` (binary and whole-value `Data` and `String` bodies carry theirs in `bodyExpression`).
    public var contentTypeLiteral: String?
    /// The response media types the endpoint accepts, e.g. `["application/vnd.api+json"]`, or `null` for the
    /// client's `acceptableContentTypes`.
    public var acceptExpression: String?
    /// The fake's error text for a missing handler, as a literal.
    public var missingHandlerLiteral: String
    /// The pages and items methods of a paginated endpoint (`paginate:`), or `null`.
    public var pagination: PaginationContext?
    /// The `…WithResponse` variant, the declared response headers and the response's envelope.
    public var metadata: ResponseMetadataContext
    /// The request's type argument, e.g. `User`; for a streamed response each event's or line's type (`Data` for bytes),
    /// while `metadata.bodyType` is the sequence the method returns.
    public var requestBodyType: String
    /// The client's download-to-file method of a binary response, or `null`.
    public var download: DownloadContext?
    /// The client's upload-from-file method of a binary body, or `null`.
    public var uploadFromFile: UploadFromFileContext?
}

/// One parameter of an endpoint.
public struct ParameterContext: Codable, Equatable, Sendable {
    /// The Swift parameter name, escaped if needed, e.g. `include`.
    public var name: String
    /// The Swift type, e.g. `[String]?`.
    public var type: String
    /// The name on the wire as a literal, e.g. `"include"`.
    public var wireNameLiteral: String
    /// `path`, `query`, `header`, `cookie` or `body`.
    public var placement: String
    /// The default as code (e.g. `nil`, `"member"`, `.member`), or `null` when the caller must pass it.
    public var defaultValue: String?
}

/// A request body.
public struct BodyContext: Codable, Equatable, Sendable {
    /// `json`, `form`, `multipart` or `binary`.
    public var encoding: String
    /// True for a JSON body, which gets its own `Encodable` struct.
    public var isJSON: Bool
    /// The JSON body's struct, nested in the endpoints enum, e.g. `AuthenticateBody`.
    public var typeName: String
    /// The body's fields, in spec order.
    public var fields: [PropertyContext]
}
