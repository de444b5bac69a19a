// EndpointRuntime: What a client is configured with: server, dates, retry and rate limits, logging.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - ClientConfiguration

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
    /// e.g. `["message", "error.message", "error"]`; the first that holds a non-empty string is the message. Empty
    /// tries `commonErrorMessageFields`. A field holding a list of validation errors (FastAPI's
    /// `detail: [{loc, msg}]`) gives them joined: `body.name: field required; query.limit: …`.
    public var errorMessageFields: [String]
    /// The fields tried when `errorMessageFields` is empty: where most APIs put the message, OAuth 2.0's
    /// `error_description` before its code in `error`, RFC 9457's `detail` before its `title`.
    public static let commonErrorMessageFields = ["message", "error_description", "error.message", "detail", "error", "title", "msg"]
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

    /// The timeout when the spec names none: 60 seconds.
    public static let defaultTimeout: Duration = .seconds(60)

    /// The message of a failed request when the server gives none and the spec names no fallback.
    public static let defaultFallbackErrorMessage = "The server could not complete the request."

    /// A configuration; only the server is required.
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

// MARK: - ClientConfiguration+JSONDecoder

extension ClientConfiguration {
    /// A JSON decoder as a client with this configuration decodes bodies: its `dateCoding`, ISO 8601 with or without
    /// fractional seconds by default. For decoding what the API sends outside a call, e.g. a stored response or an example:
    ///
    /// ```swift
    /// let pet = try PetStoreClient.defaultConfiguration.makeJSONDecoder().decode(Pet.self, from: data)
    /// ```
    public func makeJSONDecoder() -> JSONDecoder {
        dateCoding.makeDecoder()
    }
}

// MARK: - ServerAddress

/// Where the API lives: scheme, host, optional port and a base path that prefixes every endpoint path.
public struct ServerAddress: Sendable, Equatable {
    /// `"https"` or `"http"`.
    public var scheme: String
    /// The host name or IP address, e.g. `"api.example.com"`.
    public var host: String
    /// The port, or `nil` for the scheme's default.
    public var port: Int?
    /// A path prefix such as `"/api/v2"`; empty for none.
    public var basePath: String

    /// An address from its parts, e.g. `ServerAddress(host: "api.example.com", basePath: "/v1")`.
    public init(scheme: String = "https", host: String, port: Int? = nil, basePath: String = "") {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// The address of a URL such as `http://127.0.0.1:8080/api`, or `nil` when it has no scheme or host.
    public init?(url: URL) {
        guard let scheme = url.scheme, let host = url.host else { return nil }
        self.init(scheme: scheme, host: host, port: url.port, basePath: url.path == "/" ? "" : url.path)
    }

    /// The address with each `{name}` of its host and base path (a server variable, as in `{region}.api.example.com`)
    /// replaced by the configuration's value of that variable: `computedVariables` (read now, once) before `variables`.
    /// A client does this when it is made; a placeholder without a value stays, and each request fails saying so.
    func filled(from configuration: ClientConfiguration) -> ServerAddress {
        guard host.contains("{") || basePath.contains("{") else { return self }
        let variables = configuration.templateVariables.merging(configuration.computedVariables.mapValues { $0() }) { $1 }
        func fill(_ text: String) -> String {
            (try? ParameterTemplate.fill(text, literal: { $0 }) { name in variables[name] ?? "{\(name)}" }) ?? text
        }
        var filled = self
        (filled.host, filled.basePath) = (fill(host), fill(basePath))
        return filled
    }

    /// The first `{name}` placeholder left in the host or base path, or `nil` when there is none.
    var unfilledVariable: String? {
        for text in [host, basePath] {
            guard let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") else { continue }
            return String(text[text.index(after: open)..<close])
        }
        return nil
    }

    /// `scheme://host[:port]basePath` as text, without a trailing slash.
    public var baseURLString: String {
        let portPart = port.map { ":\($0)" } ?? ""
        let path = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        let slash = path.isEmpty || path.hasPrefix("/") ? "" : "/"
        return "\(scheme)://\(host)\(portPart)\(slash)\(PercentEncoding.encodePath(path))"
    }

    /// The base URL, or `nil` when the parts do not form one.
    public var baseURL: URL? { URL(string: baseURLString) }

    /// Whether `url` points at this server (same scheme, host and effective port): credentials go nowhere else.
    public func isSameOrigin(as url: URL) -> Bool {
        guard let otherScheme = url.scheme?.lowercased(), let otherHost = url.host?.lowercased() else { return false }
        return otherScheme == scheme.lowercased() && otherHost == host.lowercased()
            && (url.port ?? Self.defaultPort(otherScheme)) == (port ?? Self.defaultPort(scheme.lowercased()))
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        ["http": 80, "https": 443][scheme]
    }
}

// MARK: - DateCoding

/// How dates are written in and read from JSON bodies.
public enum DateCoding: Sendable, Equatable {
    /// ISO 8601 text such as `2024-05-01T12:00:00Z`, with fractional seconds when there are some (`12:00:00.25Z`),
    /// to the microsecond both ways.
    case iso8601
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970

    /// A JSON encoder using this date format.
    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        switch self {
        case .iso8601: encoder.dateEncodingStrategy = .custom(ISO8601DateText.encode)
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        }
        return encoder
    }

    /// A JSON decoder using this date format.
    func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch self {
        case .iso8601: decoder.dateDecodingStrategy = .custom(ISO8601DateText.decode)
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return decoder
    }
}

// MARK: - RetryPolicy

/// When and how often a request is tried again. The client's policy applies to idempotent requests only; a
/// request's own (`Request.retry`, an endpoint's `retry:` in the spec) applies to any method.
public struct RetryPolicy: Sendable, Equatable {
    /// A failure without a response that may be retried.
    public enum Failure: Sendable, Hashable, CaseIterable {
        /// The attempt's timeout passed (`EndpointError.timeout`).
        case timeout
        /// No connection, or it was lost (`EndpointError.transport`).
        case connection
    }

    /// How long to wait before the next attempt.
    public enum Backoff: Sendable, Equatable {
        /// Retry at once.
        case none
        /// Wait the same time before each retry.
        case constant(Duration)
        /// Wait `base`, then twice that, and so on, each time a random 50–100 % of it (jitter).
        case exponential(base: Duration)
    }

    /// Extra tries after the first attempt (0 = no retries).
    public var attempts: Int
    /// Statuses worth retrying, e.g. 503.
    public var statuses: Set<Int>
    /// Failures without a response worth retrying: timeouts, connection failures, both or neither.
    public var failures: Set<Failure>
    /// The wait between attempts when the server sends no `Retry-After`.
    public var backoff: Backoff
    /// The longest wait, also for a server's `Retry-After`.
    public var maxDelay: Duration

    /// A policy, e.g. `RetryPolicy(attempts: 2, backoff: .exponential(base: .milliseconds(200)))`.
    public init(
        attempts: Int,
        statuses: Set<Int> = [408, 429, 502, 503, 504],
        failures: Set<Failure> = [.timeout, .connection],
        backoff: Backoff = .exponential(base: .milliseconds(200)),
        maxDelay: Duration = .seconds(30)
    ) {
        self.attempts = attempts
        self.statuses = statuses
        self.failures = failures
        self.backoff = backoff
        self.maxDelay = maxDelay
    }

    /// Never retry.
    public static let none = RetryPolicy(attempts: 0, statuses: [], failures: [], backoff: .none)
    /// Two retries of 408, 429, 502, 503, 504, timeouts and connection failures, with exponential backoff from 200 ms.
    public static let standard = RetryPolicy(attempts: 2)

    /// The wait before retry number `retry` (0-based), jittered and bounded by `maxDelay`.
    func delay(beforeRetry retry: Int) -> Duration {
        switch backoff {
        case .none:
            return .zero
        case .constant(let wait):
            return min(wait, maxDelay)
        case .exponential(let base):
            let full = min(base * (1 << min(retry, 30)), maxDelay)
            return full * Double.random(in: 0.5...1.0)
        }
    }
}

// MARK: - RateLimit

/// At most `count` requests per `interval` from one client, e.g. `RateLimit(count: 5, interval: .seconds(1))`.
public struct RateLimit: Sendable, Equatable {
    /// Requests allowed per interval.
    public var count: Int
    /// The sliding window.
    public var interval: Duration

    /// A limit of `count` requests per `interval`.
    public init(count: Int, interval: Duration) {
        self.count = count
        self.interval = interval
    }
}

// MARK: - LogSink

/// Where the client writes its one line per attempt.
public struct LogSink: Sendable {
    /// Receives each line.
    public let write: @Sendable (String) -> Void

    /// A sink from a closure, e.g. `LogSink { logger.info("\($0)") }`.
    public init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Writes each line to standard error.
    public static let standardError = LogSink { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
}

// MARK: - RequestSummary

/// What a log line or the failure hook knows about one request, with secrets already redacted.
public struct RequestSummary: Sendable, Equatable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The URL; secret query values read `<redacted>`.
    public var url: String
    /// The request headers; `Authorization`, cookies and secret parameters read `<redacted>`.
    public var headers: [String: String]
    /// The response status, or `nil` when none arrived.
    public var statusCode: Int?
    /// From the start of the request to its end.
    public var duration: Duration
    /// Response body bytes received.
    public var bytes: Int

    /// The text that replaces a secret.
    public static let redacted = "<redacted>"
    /// Headers always redacted.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// A summary of `request`, redacting the query items and headers named in `secrets` and the credential headers.
    init(request: URLRequest, response: HTTPResponse?, duration: Duration, secrets: Set<String>) {
        method = request.httpMethod ?? "GET"
        url = request.url.map { Self.redact($0, secrets: secrets) } ?? ""
        let secrets = Set(secrets.map { $0.lowercased() })
        headers = (request.allHTTPHeaderFields ?? [:]).reduce(into: [:]) { headers, field in
            let name = field.key.lowercased()
            let secret = Self.credentialHeaders.contains(name) || secrets.contains(name)
            headers[field.key] = secret ? Self.redacted : field.value
        }
        statusCode = response?.statusCode
        self.duration = duration
        bytes = response?.data.count ?? 0
    }

    /// The log line, e.g. `GET https://api.example.com/users/1 -> 200 in 12.3 ms, 512 bytes`.
    public var line: String {
        Self.line(method: method, url: url, statusCode: statusCode, duration: duration, bytes: bytes)
    }

    static func line(method: String, url: String, statusCode: Int?, duration: Duration, bytes: Int) -> String {
        let tenths = duration.components.seconds * 10_000 + duration.components.attoseconds / 100_000_000_000_000
        let outcome = statusCode.map(String.init) ?? "no response"
        return "\(method) \(url) -> \(outcome) in \(tenths / 10).\(tenths % 10) ms, \(bytes) bytes"
    }

    /// The URL text with the value of each query item named in `secrets` (any case) replaced (by hand: `<` and
    /// `>` are not valid in a `URLComponents` query).
    static func redact(_ url: URL, secrets: Set<String>) -> String {
        let text = url.absoluteString
        guard let mark = text.firstIndex(of: "?") else { return text }
        let secrets = Set(secrets.map { $0.lowercased() })
        let items = text[text.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { item in
            let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let secret = secrets.contains((name.removingPercentEncoding ?? name).lowercased())
            return secret ? "\(name)=\(redacted)" : String(item)
        }
        return text[...mark] + items.joined(separator: "&")
    }
}
