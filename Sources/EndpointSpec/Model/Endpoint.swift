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
    /// The error models by status when the endpoint documents several (`error: { 401: Challenge, default: Problem }`),
    /// exact statuses first, then ranges; `errorModel` is every other status's (`default`). Empty when it has one.
    public var errorModels: [StatusErrorModel]
    /// Whether the token is sent, resolved against the spec's `auth`.
    public var auth: AuthRequirement
    /// The named schemes (`auth: { schemes: ... }`) the endpoint may authenticate with, in order, resolved against the
    /// spec's `auth.default`; empty for a spec with one unnamed scheme or none.
    public var authSchemes: [String]
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
    /// The body sent as one value (`body: { type: Pet }`), or `nil` when body parameters (if any) make the body.
    public var bodyValue: BodyValue?
    /// The body's media type where the spec names one (`body: { contentType: ... }`), e.g.
    /// `application/merge-patch+json`; `nil` sends the encoding's.
    public var contentType: String?
    /// The response media types the endpoint accepts (`accept:`), sent as `Accept` and checked against the
    /// response; `nil` leaves it to the spec's `policy.acceptableContentTypes`.
    public var accept: [String]?
    /// How its pages follow one another (`paginate:`), or `nil` when the endpoint is not paginated.
    public var pagination: Pagination?
    /// The response headers it declares, in source order, read into typed properties.
    public var responseHeaders: [ResponseHeader]
    /// The effective key or dotted path a JSON response is unwrapped from (the endpoint's `unwrap`, else the spec's
    /// for responses decoded from JSON), e.g. `data`; `nil` decodes the whole body.
    public var unwrap: String?
    /// The effective key or dotted path a JSON body is wrapped in (the endpoint's `wrap`, else the spec's for JSON
    /// bodies), e.g. `data`; `nil` sends the body as it is.
    public var wrap: String?
    /// How the response's body is streamed (`response: bytes`, `{ events: T }`, `{ jsonLines: T }`), or `nil` when it is
    /// gathered in memory; `response` is then each event's or line's type (`Data` for bytes).
    public var responseStream: ResponseStream?

    /// Creates an endpoint.
    public init(
        name: String, method: HTTPMethod, path: String, pathParts: [TemplatePart], parameters: [Parameter],
        bodyEncoding: BodyEncoding?, response: ResponseType, errorModel: TypeRef?, auth: AuthRequirement,
        timeout: Duration?, retry: RetryPolicy?, query: [DefaultParameter], headers: [DefaultParameter],
        description: String?, deprecated: Bool, location: SourceLocation, bodyValue: BodyValue? = nil, contentType: String? = nil,
        accept: [String]? = nil, pagination: Pagination? = nil, authSchemes: [String] = [],
        responseHeaders: [ResponseHeader] = [], unwrap: String? = nil, wrap: String? = nil, responseStream: ResponseStream? = nil,
        errorModels: [StatusErrorModel] = []
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.pathParts = pathParts
        self.parameters = parameters
        self.bodyEncoding = bodyEncoding
        self.response = response
        self.errorModel = errorModel
        self.errorModels = errorModels
        self.auth = auth
        self.authSchemes = authSchemes
        self.timeout = timeout
        self.retry = retry
        self.query = query
        self.headers = headers
        self.description = description
        self.deprecated = deprecated
        self.location = location
        self.bodyValue = bodyValue
        self.contentType = contentType
        self.accept = accept
        self.pagination = pagination
        self.responseHeaders = responseHeaders
        self.unwrap = unwrap
        self.wrap = wrap
        self.responseStream = responseStream
    }
}

/// The HTTP methods a spec may use.
public enum HTTPMethod: String, Equatable, Sendable, CaseIterable {
    /// Written in capitals, as in the spec and on the wire.
    case GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS

    /// Whether parameters go in the body unless they say otherwise: `POST`, `PUT` and `PATCH`.
    public var allowsBody: Bool {
        switch self {
        case .POST, .PUT, .PATCH: true
        case .GET, .DELETE, .HEAD, .OPTIONS: false
        }
    }

    /// Whether a spec may give the request a body at all: every method but `GET` and `HEAD` (URLSession on Apple
    /// platforms refuses a GET body, and a HEAD response cannot answer one).
    public var mayHaveBody: Bool { self != .GET && self != .HEAD }

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
    /// The single `Data` parameter is the body (or a whole-value `Data` or `String` body, sent as it is).
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
    /// The parts of a multipart body (`Multipart` in the spec): `MultipartBody`.
    case multipart
    /// A decoded type, e.g. a model or `[User]`.
    case type(TypeRef)
}
