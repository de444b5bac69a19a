/// One call of an endpoint, built by value and sent with `EndpointClient.send(_:)`.
///
/// ```swift
/// let request = Request<User>(method: .get, path: "/users/{id}", pathParameters: ["id": id],
///                             query: [QueryItem("include", include)], auth: .required)
/// ```
public struct Request<Body: Decodable & Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the base path, with `{name}` placeholders for path parameters.
    public var path: String
    /// Text forms of the path parameters; each is percent-encoded as one segment.
    public var pathParameters: [String: [String]]
    /// Query items, after the configuration's default ones.
    public var query: [QueryItem]
    /// Headers, after the configuration's default ones (a request header with the same name wins).
    public var headers: [HeaderField]
    /// Cookies, sent together in one `Cookie` header (after a `Cookie` header given in `headers`, if any).
    public var cookies: [Cookie]
    /// The body, if any.
    public var body: RequestBody?
    /// The body's media type where it differs from its encoding's, e.g. `application/merge-patch+json` for a JSON
    /// body; `nil` sends the encoding's (`application/json` for `.json`).
    public var contentType: String?
    /// The response media types this request accepts, sent as `Accept` and checked against the response's
    /// `Content-Type`, e.g. `["application/vnd.api+json"]`; `nil` uses the configuration's `acceptableContentTypes`.
    public var accept: [String]?
    /// Whether the token is sent.
    public var auth: AuthRequirement
    /// The named schemes (`ClientConfiguration.authSchemes`) this request may authenticate with, in order: the first
    /// whose provider has a credential is used. Empty: the configuration's `defaultAuthSchemes`.
    public var authSchemes: [String]
    /// This request's timeout, or `nil` for the configuration's.
    public var timeout: Duration?
    /// This request's retry policy, honoured for any method; `nil` for the configuration's, which applies to idempotent methods only.
    public var retry: RetryPolicy?
    /// Parameter names whose values never appear in logs, e.g. `["password"]`.
    public var secretParameters: Set<String>
    /// Statuses that count as success; anything else is `.unacceptableStatus`.
    public var acceptableStatus: Range<Int>
    /// Required text arguments by Swift parameter name, e.g. `[("email", email)]`: the request fails before it is
    /// sent (through the client's `onFailure`, like every failure) when one of them is empty.
    public var nonEmpty: [(parameter: String, value: String)]
    /// The key (or dotted path, `data.item`) of the JSON body's member that the response decodes from, e.g. `data`
    /// for `{"data": {...}}`; `nil` decodes the whole body. Ignored for `Empty`, `Data` and `String` responses.
    public var unwrap: String?

    /// A request; only the method and path are required.
    public init(
        method: HTTPMethod,
        path: String,
        pathParameters: [String: any ParameterValue] = [:],
        query: [QueryItem] = [],
        headers: [HeaderField] = [],
        cookies: [Cookie] = [],
        body: RequestBody? = nil,
        auth: AuthRequirement = .optional,
        authSchemes: [String] = [],
        timeout: Duration? = nil,
        retry: RetryPolicy? = nil,
        secretParameters: Set<String> = [],
        acceptableStatus: Range<Int> = 200..<300,
        nonEmpty: [(parameter: String, value: String)] = [],
        contentType: String? = nil,
        accept: [String]? = nil,
        unwrap: String? = nil
    ) {
        self.method = method
        self.path = path
        self.pathParameters = pathParameters.mapValues(\.parameterValues)
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
        self.auth = auth
        self.authSchemes = authSchemes
        self.timeout = timeout
        self.retry = retry
        self.secretParameters = secretParameters
        self.acceptableStatus = acceptableStatus
        self.nonEmpty = nonEmpty
        self.contentType = contentType
        self.accept = accept
        self.unwrap = unwrap
    }
}
