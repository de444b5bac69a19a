/// Everything a client needs to know about an API, usually generated from its spec.
public struct ClientConfiguration: Sendable {
    /// The server every request goes to.
    public var server: ServerAddress
    /// The API version, available to templates as `{version}`.
    public var version: String?
    /// Query items every request carries.
    public var defaultQuery: [ParameterTemplate]
    /// Headers every request carries.
    public var defaultHeaders: [ParameterTemplate]
    /// Run-time values for `{name}` placeholders in the templates, e.g. `["deviceType": "ios"]` (the spec's
    /// `default`s to begin with).
    public var variables: [String: String]
    /// Run-time values read for every request, e.g. `["deviceType": { isPad ? "tablet" : "phone" }]`; a name here
    /// wins over the same name in `variables`.
    public var computedVariables: [String: @Sendable () -> String]
    /// How long one attempt may take on the wire, from the moment it leaves the rate and concurrency limits to the
    /// last byte of the response (to the millisecond on Linux too); a request's own `timeout` wins. Time queued in the
    /// limits and waits between retries do not count: bound those with `totalTimeout`.
    public var timeout: Duration
    /// How long a whole call may take: queued in the limits, every attempt and the waits between them; `nil` (the
    /// default) for no overall limit. When it passes the call ends with `EndpointError.timeout`.
    public var totalTimeout: Duration?
    /// Response content types accepted for decoded responses; empty accepts any.
    public var acceptableContentTypes: [String]
    /// The JSON fields of an error body that may hold the server's message, tried in order: keys or dotted paths,
    /// e.g. `["message", "error.message", "error"]`; the first that holds a non-empty string is the message.
    public var errorMessageFields: [String]
    /// The first of `errorMessageFields`; setting it makes it the only one (`nil` clears them).
    public var errorMessageField: String? {
        get { errorMessageFields.first }
        set { errorMessageFields = newValue.map { [$0] } ?? [] }
    }
    /// The message used when the body has none.
    public var fallbackErrorMessage: String
    /// How the token is sent, or `nil` for an API without authentication (or one with named schemes only).
    public var auth: AuthScheme?
    /// Named schemes, e.g. `["user": .header(), "admin": .header(name: "X-Admin-Key", prefix: nil)]`, each with its own
    /// credentials (`EndpointClient`'s `credentials`) and refresh; a request names the ones it may use.
    public var authSchemes: [String: AuthScheme]
    /// The named schemes a request that names none may use, in order; empty: only `auth`.
    public var defaultAuthSchemes: [String]
    /// Retries for idempotent requests; a request's own `retry` wins.
    public var retry: RetryPolicy
    /// At most this many requests per interval, or `nil` for no limit.
    public var rateLimit: RateLimit?
    /// At most this many requests in flight (FIFO), or `nil` for no limit.
    public var maxConcurrentRequests: Int?
    /// The date format of JSON bodies.
    public var dateCoding: DateCoding
    /// Coders of bodies other than JSON (which is built in, with `dateCoding`), by media type: a response is decoded
    /// by the first that handles its `Content-Type`, an error's message read by it, and a `.encoded` request body
    /// encoded by the first that handles its media type; e.g. `[XMLBodyCoder(dateCoding: .iso8601)]`.
    public var bodyCoders: [any BodyCoder]

    /// A configuration; only the server is required.
    /// The timeout when the spec names none: 60 seconds.
    public static let defaultTimeout: Duration = .seconds(60)

    /// The message of a failed request when the server gives none and the spec names no fallback.
    public static let defaultFallbackErrorMessage = "The server could not complete the request."

    public init(
        server: ServerAddress,
        version: String? = nil,
        defaultQuery: [ParameterTemplate] = [],
        defaultHeaders: [ParameterTemplate] = [],
        variables: [String: String] = [:],
        computedVariables: [String: @Sendable () -> String] = [:],
        timeout: Duration = ClientConfiguration.defaultTimeout,
        acceptableContentTypes: [String] = ["application/json"],
        errorMessageFields: [String] = [],
        fallbackErrorMessage: String = ClientConfiguration.defaultFallbackErrorMessage,
        auth: AuthScheme? = nil,
        authSchemes: [String: AuthScheme] = [:],
        defaultAuthSchemes: [String] = [],
        retry: RetryPolicy = .standard,
        rateLimit: RateLimit? = nil,
        maxConcurrentRequests: Int? = nil,
        dateCoding: DateCoding = .iso8601,
        totalTimeout: Duration? = nil,
        bodyCoders: [any BodyCoder] = []
    ) {
        self.totalTimeout = totalTimeout
        self.server = server
        self.version = version
        self.defaultQuery = defaultQuery
        self.defaultHeaders = defaultHeaders
        self.variables = variables
        self.computedVariables = computedVariables
        self.timeout = timeout
        self.acceptableContentTypes = acceptableContentTypes
        self.errorMessageFields = errorMessageFields
        self.fallbackErrorMessage = fallbackErrorMessage
        self.auth = auth
        self.authSchemes = authSchemes
        self.defaultAuthSchemes = defaultAuthSchemes
        self.retry = retry
        self.rateLimit = rateLimit
        self.maxConcurrentRequests = maxConcurrentRequests
        self.dateCoding = dateCoding
        self.bodyCoders = bodyCoders
    }

    /// The fixed template variables plus `version` (`computedVariables` are read per request).
    var templateVariables: [String: String] {
        var all = variables
        if let version { all["version"] = version }
        return all
    }
}
