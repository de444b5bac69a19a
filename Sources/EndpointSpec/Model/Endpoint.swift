public import Diagnostics

/// One request the client can send, e.g. `GET /users/{id}` returning `User`.
public struct Endpoint: Equatable, Sendable {
    /// The name as written, e.g. `tokenCheck`; `SwiftName.member(name)` is the method name.
    public var name: String
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path as written, after the server's `basePath`, e.g. `/users/{id}`.
    public var path: String
    /// The path split into text and `{name}` placeholders, each placeholder a path parameter.
    public var pathParts: [TemplatePart]
    /// The parameters, in source order, each with its resolved placement.
    public var parameters: [Parameter]
    /// How body parameters are encoded; `nil` when there are none.
    public var bodyEncoding: BodyEncoding?
    /// What a successful response decodes into.
    public var response: ResponseType
    /// What an error response decodes into: the endpoint's `error` or else the spec's `errors.model`.
    public var errorModel: TypeRef?
    /// Whether the token is sent, resolved against the spec's `auth`.
    public var auth: AuthRequirement
    /// The effective timeout: the endpoint's, or else the spec's policy.
    public var timeout: Duration?
    /// The effective retry policy: the endpoint's, or else the spec's for idempotent methods; `nil` is none.
    public var retry: RetryPolicy?
    /// Query items this endpoint always sends, besides the spec's defaults.
    public var query: [DefaultParameter]
    /// Headers this endpoint always sends, besides the spec's defaults.
    public var headers: [DefaultParameter]
    /// Becomes the generated method's doc comment.
    public var description: String?
    /// Marks the generated method `@available(*, deprecated)`.
    public var deprecated: Bool
    /// Where the endpoint's name is written.
    public var location: SourceLocation
    /// The response headers it declares, in source order, read into typed properties.
    public var responseHeaders: [ResponseHeader]
    /// The effective key or dotted path a JSON response is unwrapped from (the endpoint's `unwrap`, else the spec's
    /// for responses decoded from JSON), e.g. `data`; `nil` decodes the whole body.
    public var unwrap: String?
    /// The effective key or dotted path a JSON body is wrapped in (the endpoint's `wrap`, else the spec's for JSON
    /// bodies), e.g. `data`; `nil` sends the body as it is.
    public var wrap: String?

    /// Creates an endpoint.
    public init(
        name: String, method: HTTPMethod, path: String, pathParts: [TemplatePart], parameters: [Parameter],
        bodyEncoding: BodyEncoding?, response: ResponseType, errorModel: TypeRef?, auth: AuthRequirement,
        timeout: Duration?, retry: RetryPolicy?, query: [DefaultParameter], headers: [DefaultParameter],
        description: String?, deprecated: Bool, location: SourceLocation,
        responseHeaders: [ResponseHeader] = [], unwrap: String? = nil, wrap: String? = nil
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.pathParts = pathParts
        self.parameters = parameters
        self.bodyEncoding = bodyEncoding
        self.response = response
        self.errorModel = errorModel
        self.auth = auth
        self.timeout = timeout
        self.retry = retry
        self.query = query
        self.headers = headers
        self.description = description
        self.deprecated = deprecated
        self.location = location
        self.responseHeaders = responseHeaders
        self.unwrap = unwrap
        self.wrap = wrap
    }
}

/// The HTTP methods a spec may use.
public enum HTTPMethod: String, Equatable, Sendable, CaseIterable {
    /// Written in capitals, as in the spec and on the wire.
    case GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS

    /// Whether the method may carry a body: `POST`, `PUT` and `PATCH`.
    public var allowsBody: Bool {
        switch self {
        case .POST, .PUT, .PATCH: true
        case .GET, .DELETE, .HEAD, .OPTIONS: false
        }
    }

    /// Whether sending the request twice does no more than sending it once, so it may be retried.
    public var isIdempotent: Bool { self != .POST && self != .PATCH }
}

/// How body parameters are encoded.
public enum BodyEncoding: String, Equatable, Sendable, CaseIterable {
    /// A JSON object, one member per parameter.
    case json
    /// `application/x-www-form-urlencoded`.
    case form
    /// `multipart/form-data`.
    case multipart
    /// The single `Data` parameter is the body.
    case binary
}

/// What a successful response decodes into.
public enum ResponseType: Equatable, Sendable {
    /// Nothing is decoded (`Empty` in the spec).
    case empty
    /// The raw bytes.
    case data
    /// The body as UTF-8 text.
    case string
    /// A decoded type, e.g. a model or `[User]`.
    case type(TypeRef)
}
