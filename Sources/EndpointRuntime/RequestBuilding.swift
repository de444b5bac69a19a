// EndpointRuntime: Turning a Request and the configuration into a URLRequest: paths, queries, headers, cookies.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - RequestBuilder

/// Turns a `Request` and the configuration into a `URLRequest`, refusing what must not be sent.
///
/// What every request shares (the base URL, the default query and headers) is resolved once, here: resolving it
/// for each request took more than half of the time spent building one (measured in place, 25 µs then, 10 µs now).
struct RequestBuilder: Sendable {
    let configuration: ClientConfiguration
    let encoder: JSONEncoder
    private let variables: [String: String]
    private let baseURLString: String
    /// Why no request can be sent to the server: a `{variable}` of its address without a value.
    private let serverFailure: String?
    /// The defaults, or the error each request reports when one of them refers to an undefined variable or is an invalid header.
    private let defaults: Result<Defaults, EndpointError>

    /// The part of every request that depends only on the configuration.
    private struct Defaults {
        /// The default query items, percent-encoded and joined.
        var queryText: String
        /// `Accept` and the default headers.
        var headers: HeaderSet
    }

    init(configuration: ClientConfiguration, encoder: JSONEncoder) {
        self.configuration = configuration
        self.encoder = encoder
        variables = configuration.templateVariables
        baseURLString = configuration.server.baseURLString
        serverFailure = configuration.server.unfilledVariable.map { name in
            "the server \(configuration.server.baseURLString) uses variable '\(name)', which has no value: set configuration.variables[\"\(name)\"] "
                + "or computedVariables[\"\(name)\"] before the client is made (for a generated client's shared instance, in configureShared), "
                + "or give the variable a default in the spec"
        }
        defaults = Result { [variables] () throws(EndpointError) in try Self.defaults(of: configuration, variables) }
    }

    private static func defaults(of configuration: ClientConfiguration, _ variables: [String: String]) throws(EndpointError) -> Defaults {
        var query: [String] = []
        for template in configuration.defaultQuery {
            query.append("\(PercentEncoding.encode(template.name))=\(PercentEncoding.encode(try template.resolve(variables)))")
        }
        var headers = HeaderSet()
        if !configuration.acceptableContentTypes.isEmpty { headers["Accept"] = configuration.acceptableContentTypes.joined(separator: ", ") }
        for template in configuration.defaultHeaders {
            headers[template.name] = try checkedHeader(template.name, try template.resolve(variables))
        }
        return Defaults(queryText: query.joined(separator: "&"), headers: headers)
    }

    /// The URL request for `request`; throws `.invalidRequest` for a broken rule of an argument, a bad path
    /// parameter, header or body.
    func urlRequest<R>(for request: Request<R>) throws(EndpointError) -> URLRequest {
        if let serverFailure { throw .invalidRequest(serverFailure) }
        for rule in request.rules {
            if let failure = rule.failure { throw .invalidRequest(failure) }
        }
        let (variables, defaults) = try resolvedDefaults()
        var query = defaults.queryText
        for item in request.query {
            if let failure = item.encodingFailure { throw .invalidRequest(failure) }
            let pairs = if let template = item.template { [ParameterPair(item.name, try template.resolve(variables))] } else { item.pairs }
            for pair in pairs {
                query += (query.isEmpty ? "" : "&") + "\(PercentEncoding.encode(pair.name))=\(PercentEncoding.encode(pair.value))"
            }
        }
        let path = try expand(request.path, with: request.pathParameters)
        let text = baseURLString + (path.hasPrefix("/") ? path : "/" + path) + (query.isEmpty ? "" : "?" + query)
        guard let url = URL(string: text) else { throw .invalidRequest("'\(text)' is not a valid URL") }

        // Headers are gathered first and set once: each `URLRequest.setValue` is costly on Linux.
        var headers = defaults.headers
        for header in request.headers {
            if let template = header.template {
                headers[header.name] = try Self.checkedHeader(header.name, try template.resolve(variables))
            } else if !header.values.isEmpty {
                headers[header.name] = try Self.checkedHeader(header.name, header.values.joined(separator: ", "))
            }
        }
        if let accept = request.accept {
            headers["Accept"] = accept.isEmpty ? nil : try Self.checkedHeader("Accept", accept.joined(separator: ", "))
        }
        let cookies = request.cookies.compactMap(\.pair)
        if !cookies.isEmpty {
            headers["Cookie"] = ([headers["Cookie"]].compactMap { $0 } + cookies).joined(separator: "; ")
        }
        var urlRequest = URLRequest(url: url)
        // The request's own cookies must arrive as given: URLSession would replace its `Cookie` header with the cookies
        // its storage holds for the host (a process-wide store that other clients of the same host fill).
        if !cookies.isEmpty { urlRequest.httpShouldHandleCookies = false }
        if case .file(let file, _) = request.body {
            headers["Content-Length"] = String(try Self.fileSize(file))  // the transport reads the file (`PipelineRequest.bodyFile`)
        }
        if let body = request.body {
            let (data, contentType) = try encode(body)
            if case .file = body {} else { urlRequest.httpBody = data }
            // The spec's media type (a JSON merge patch, say) replaces the encoding's.
            if let override = request.contentType {
                headers["Content-Type"] = try Self.checkedHeader("Content-Type", override)
            } else {
                headers["Content-Type"] = contentType
            }
        }
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }  // GET is the default; setting it costs
        urlRequest.timeoutInterval = Self.seconds(request.timeout ?? configuration.timeout)
        urlRequest.allHTTPHeaderFields = headers.fields
        return urlRequest
    }

    /// The variables and defaults of one request. Computed variables are read for each request, so the defaults that
    /// may use them are resolved then; without any, those resolved once at start-up serve.
    private func resolvedDefaults() throws(EndpointError) -> (variables: [String: String], defaults: Defaults) {
        guard !configuration.computedVariables.isEmpty else { return (variables, try defaults.get()) }
        let variables = self.variables.merging(configuration.computedVariables.mapValues { $0() }) { $1 }
        return (variables, try Self.defaults(of: configuration, variables))
    }

    /// `request` (one the caller built) with what the client adds to every request and the caller did not set: the
    /// default query items (by name), `Accept` and the default headers (by name, any case), and the client's timeout
    /// when the request has URLRequest's own 60 s.
    func addingDefaults(to request: URLRequest) throws(EndpointError) -> URLRequest {
        let defaults = try resolvedDefaults().defaults
        var request = request
        if let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            let present = Set((components.queryItems ?? []).map(\.name))
            let missing = defaults.queryText.split(separator: "&").filter { item in
                let name = String(item.split(separator: "=", maxSplits: 1).first ?? "")
                return !present.contains(name.removingPercentEncoding ?? name)
            }
            if !missing.isEmpty {
                components.percentEncodedQuery = ([components.percentEncodedQuery].compactMap { $0 } + missing.map(String.init)).joined(separator: "&")
                request.url = components.url ?? url
            }
        }
        request.allHTTPHeaderFields = HeaderSet.adding(defaults.headers.fields, to: request.allHTTPHeaderFields ?? [:])
        if request.timeoutInterval == URLRequest(url: URL(fileURLWithPath: "/")).timeoutInterval {
            request.timeoutInterval = Self.seconds(configuration.timeout)
        }
        return request
    }

    /// `path` with each `{name}` replaced by its parameter as one percent-encoded segment.
    private func expand(_ path: String, with parameters: [String: [String]]) throws(EndpointError) -> String {
        try ParameterTemplate.fill(path, literal: PercentEncoding.encodePath) { name throws(EndpointError) in
            guard let values = parameters[name], values.count == 1, let value = values.first else {
                throw .invalidRequest("path parameter '\(name)' needs exactly one value")
            }
            guard !value.isEmpty else { throw .invalidRequest("path parameter '\(name)' is empty") }
            return PercentEncoding.encodeSegment(value)
        }
    }

    /// `value`, after checking that neither it nor `name` can split the request.
    private static func checkedHeader(_ name: String, _ value: String) throws(EndpointError) -> String {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(tokenCharacters.contains) else {
            throw .invalidRequest("'\(name)' is not a valid header name")
        }
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" }) else {
            throw .invalidRequest("header '\(name)' contains a line break")
        }
        return value
    }

    private static let tokenCharacters = CharacterSet(
        charactersIn: "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// The bytes and content type of a body.
    private func encode(_ body: RequestBody) throws(EndpointError) -> (Data, String) {
        switch body {
        case .json(let value):
            do {
                return (try encoder.encodeBody(value), "application/json")
            } catch {
                throw .invalidRequest("the JSON body did not encode: \(error)")
            }
        case .form(let fields):
            if let failure = fields.lazy.compactMap(\.encodingFailure).first { throw .invalidRequest(failure) }
            let pairs = fields.flatMap(\.pairs).map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
            return (Data(pairs.joined(separator: "&").utf8), "application/x-www-form-urlencoded")
        case .multipart(let parts):
            return try Self.multipart(parts, boundary: "EndpointGen-\(UUID().uuidString)")
        case .data(let data, let contentType):
            return (data, contentType)
        case .file(_, let contentType):
            return (Data(), contentType)
        case .encoded(let value, let mediaType):
            return try encodeWithCoder(value, mediaType: mediaType)
        }
    }

    /// The size of a file to upload; `.invalidRequest` when it is not a readable regular file.
    static func fileSize(_ file: URL) throws(EndpointError) -> Int64 {
        guard file.isFileURL, FileManager.default.isReadableFile(atPath: file.path),
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? NSNumber
        else { throw .invalidRequest("cannot read the file to upload at '\(file.path)'") }
        return size.int64Value
    }

    /// A `multipart/form-data` body (RFC 7578) with `boundary`; `.invalidRequest` when a part's header value holds a
    /// line break.
    static func multipart(_ parts: [MultipartPart], boundary: String) throws(EndpointError) -> (Data, String) {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(quoted(filename))\"" }
            if let contentType = part.contentType { head += "\r\nContent-Type: \(contentType)" }
            for header in part.headers where !header.values.isEmpty {
                head += "\r\n\(header.name): \(try checkedHeader(header.name, header.values.joined(separator: ", ")))"
            }
            body.append(Data((head + "\r\n\r\n").utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// A name safe inside a quoted disposition parameter (the HTML form encoding of `"`, CR and LF).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Header fields by case-insensitive name; a later value replaces an earlier one under its own spelling. The one
/// place header names are compared: the builder fills a set, and the static functions read and change the plain
/// dictionaries of a `URLRequest` or a `Response` without building one.
struct HeaderSet {
    /// The fields as `URLRequest` takes them, kept up to date so that an unchanged set costs nothing to hand over.
    private(set) var fields: [String: String] = [:]
    /// The spelling each field has in `fields`, by lowercased name.
    private var spellings: [String: String] = [:]

    subscript(name: String) -> String? {
        get { spellings[name.lowercased()].flatMap { fields[$0] } }
        set {
            let key = name.lowercased()
            if let old = spellings[key] { fields[old] = nil }
            spellings[key] = newValue.map { _ in name }
            if let newValue { fields[name] = newValue }
        }
    }

    /// The value of `name` in `fields`, in any case: the exact spelling first, then a scan.
    static func value(_ name: String, in fields: [String: String]) -> String? {
        if let exact = fields[name] { return exact }
        let key = name.lowercased()
        return fields.first { $0.key.lowercased() == key }?.value
    }

    /// Sets `name` to `value` in `fields`, removing the field under every other spelling first.
    static func replace(_ name: String, with value: String, in fields: inout [String: String]) {
        let key = name.lowercased()
        for spelling in fields.keys where spelling.lowercased() == key { fields[spelling] = nil }
        fields[name] = value
    }

    /// `fields` with each of `defaults` added unless `fields` has it in some spelling.
    static func adding(_ defaults: [String: String], to fields: [String: String]) -> [String: String] {
        let present = Set(fields.keys.map { $0.lowercased() })
        var merged = fields
        for (name, value) in defaults where !present.contains(name.lowercased()) { merged[name] = value }
        return merged
    }
}

// MARK: - RequestBuilder+BodyCoder

extension RequestBuilder {
    /// The bytes of a `.encoded` body, by the configured coder that handles `mediaType`, or by JSON for a JSON type.
    func encodeWithCoder(_ value: any Encodable & Sendable, mediaType: String) throws(EndpointError) -> (Data, String) {
        let type = ResponseDecoder.mediaType(of: mediaType)
        let configured = configuration.bodyCoders.coder(for: mediaType)
        guard configured != nil || JSONBodyCoder.isJSON(type) else {
            throw .invalidRequest("no body coder handles the media type '\(type)'; add one to ClientConfiguration.bodyCoders")
        }
        do {
            return (try configured?.encode(value) ?? encoder.encodeBody(value), mediaType)
        } catch {
            throw .invalidRequest("the \(type) body did not encode: \(error)")
        }
    }
}

// MARK: - HTTPMethod

/// An HTTP method such as `.get`; any other token is `HTTPMethod("PROPFIND")`.
public struct HTTPMethod: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token, upper case.
    public let rawValue: String

    /// A method from its token.
    public init(_ rawValue: String) { self.rawValue = rawValue.uppercased() }
    /// A method from a literal such as `"GET"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// GET.
    public static let get = HTTPMethod("GET")
    /// POST.
    public static let post = HTTPMethod("POST")
    /// PUT.
    public static let put = HTTPMethod("PUT")
    /// PATCH.
    public static let patch = HTTPMethod("PATCH")
    /// DELETE.
    public static let delete = HTTPMethod("DELETE")
    /// HEAD.
    public static let head = HTTPMethod("HEAD")
    /// OPTIONS.
    public static let options = HTTPMethod("OPTIONS")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110), so it may be retried.
    public var isIdempotent: Bool { ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue) }

    /// The method token.
    public var description: String { rawValue }
}

// MARK: - ParameterTemplate

/// A parameter every request carries (a default query item or header) whose value may contain
/// `{version}` and `{variableName}` placeholders, filled in at send time.
///
/// For example `ParameterTemplate(name: "X-Device", value: "{deviceType}")` with
/// `variables["deviceType"] = "ios"` sends `X-Device: ios`. A variable without a value fails the request before it is sent.
public struct ParameterTemplate: Sendable, Equatable {
    /// The query item or header name.
    public var name: String
    /// The value, with optional `{placeholder}`s.
    public var value: String

    /// A template from its name and value, e.g. `ParameterTemplate(name: "api-version", value: "{version}")`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The value with each `{placeholder}` replaced from `variables`; throws `.invalidRequest` for an undefined one.
    func resolve(_ variables: [String: String]) throws(EndpointError) -> String {
        try Self.fill(value, literal: { $0 }) { variable throws(EndpointError) in
            guard let replacement = variables[variable] else {
                throw .invalidRequest(
                    "parameter '\(name)' uses variable '\(variable)', which has no value: set configuration.variables[\"\(variable)\"] "
                        + "or computedVariables[\"\(variable)\"] (for a generated client's shared instance, in configureShared), "
                        + "or give the variable a default in the spec")
            }
            return replacement
        }
    }

    /// `template` with each `{name}` replaced by `placeholder(name)` and the text around them by `literal(text)`: the
    /// one placeholder scanner of the runtime, for paths (`/users/{id}`) and parameter values (`{deviceType}-ios`). A `{`
    /// without a `}` after it is text.
    static func fill(
        _ template: String, literal: (String) -> String, placeholder: (String) throws(EndpointError) -> String
    ) throws(EndpointError) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += literal(String(rest[..<open]))
            result += try placeholder(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result + literal(String(rest))
    }
}

// MARK: - ParameterValue

/// A value that can be a path, query, header or form parameter: it gives its text form(s).
///
/// One value gives one string, an array gives one per element (repeated query keys), `nil` gives none
/// (the parameter is omitted). Generated enums conform through `OpenEnumValue`: their text is the raw value's.
public protocol ParameterValue {
    /// The text forms of the value, e.g. `["42"]`, `["a", "b"]` or `[]`.
    var parameterValues: [String] { get }
}

extension ParameterValue where Self: RawRepresentable, RawValue: LosslessStringConvertible {
    /// The raw value's text.
    public var parameterValues: [String] { [rawValue.description] }
}

extension ParameterValue where Self: LosslessStringConvertible {
    /// The value's `description`, e.g. `42`, `1.5`, `true`.
    public var parameterValues: [String] { [description] }
}

extension String: ParameterValue {}
extension Int: ParameterValue {}
extension Int32: ParameterValue {}
extension Int64: ParameterValue {}
extension Double: ParameterValue {}
extension Float: ParameterValue {}
extension Bool: ParameterValue {}

extension Decimal: ParameterValue {
    /// Every digit, e.g. `0.1` or `12345678901234567890.25`.
    public var parameterValues: [String] { [description] }
}

extension Date: ParameterValue {
    /// ISO 8601 in UTC, e.g. `2024-05-01T12:00:00Z`, with fractional seconds to the microsecond when there are some
    /// (`2024-05-01T12:00:00.123456Z`).
    public var parameterValues: [String] { [ISO8601DateText.text(of: self)] }
}

extension UUID: ParameterValue {
    /// The lower-case UUID string, e.g. `e621e1f8-c36c-495a-93fc-0c247a3e6e5f`: RFC 9562 has UUIDs written in lower
    /// case, and servers that keep ids as text (Jupyter's kernels and sessions) match them case-sensitively.
    public var parameterValues: [String] { [lowercasedText] }
}

extension URL: ParameterValue {
    /// The absolute string.
    public var parameterValues: [String] { [absoluteString] }
}

extension Array: ParameterValue where Element: ParameterValue {
    /// One string per element, in order.
    public var parameterValues: [String] { flatMap(\.parameterValues) }
}

extension Optional: ParameterValue where Wrapped: ParameterValue {
    /// The wrapped value's strings, or none for `nil`.
    public var parameterValues: [String] { self?.parameterValues ?? [] }
}

// MARK: - QueryItem

/// A query parameter of one request: `QueryItem("include", ["a", "b"])` sends `include=a&include=b`.
public struct QueryItem: Sendable, Equatable {
    /// The key.
    public let name: String
    /// The text forms of the value (several for arrays, none for `nil`).
    public let values: [String]

    /// A value with `{variable}` placeholders, filled in from the client's variables at send time.
    public let template: ParameterTemplate?

    /// The pairs of a structured value (`init(_:_:style:)`), sent instead of `name=value` for each of `values`.
    public let structuredPairs: [ParameterPair]?

    /// Why a structured value could not be written (its `encode(to:)` threw); building the request throws it as
    /// `.invalidRequest`.
    public let encodingFailure: String?

    /// An item from its key and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
        self.template = nil
        self.structuredPairs = nil
        self.encodingFailure = nil
    }

    /// An item holding a structured value (a model, a union, `JSON`, an array, a dictionary) written in `style`:
    /// `QueryItem("created", Range(gt: 1, lt: 2), style: .deepObject)` sends `created[gt]=1&created[lt]=2`.
    public init(_ name: String, _ value: some Encodable, style: ParameterStyle) {
        self.name = name
        self.values = []
        self.template = nil
        let encoded = StructuredParameterEncoder.pairsOrFailure(name, value, style: style, what: "query parameter")
        structuredPairs = encoded.pairs
        encodingFailure = encoded.failure
    }

    /// The names and values this item sends, before percent-encoding.
    public var pairs: [ParameterPair] {
        structuredPairs ?? values.map { ParameterPair(name, $0) }
    }

    /// A fixed query item of one endpoint whose value may name run-time variables, e.g. `.template("X-Device", "{deviceType}")`.
    public static func template(_ name: String, _ value: String) -> QueryItem {
        QueryItem(name: name, template: ParameterTemplate(name: name, value: value))
    }

    private init(name: String, template: ParameterTemplate) {
        self.name = name
        self.values = []
        self.template = template
        self.structuredPairs = nil
        self.encodingFailure = nil
    }
}

// MARK: - HeaderField

/// A header of one request: `HeaderField("X-Trace", trace)`; a `nil` value omits it, an array joins with `, `.
public struct HeaderField: Sendable, Equatable {
    /// The header name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]

    /// A value with `{variable}` placeholders, filled in from the client's variables at send time.
    public let template: ParameterTemplate?

    /// A header from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
        self.template = nil
    }

    /// A fixed header of one endpoint whose value may name run-time variables, e.g. `.template("X-Device", "{deviceType}")`.
    public static func template(_ name: String, _ value: String) -> HeaderField {
        HeaderField(name: name, template: ParameterTemplate(name: name, value: value))
    }

    private init(name: String, template: ParameterTemplate) {
        self.name = name
        self.values = []
        self.template = template
    }
}

// MARK: - HeaderValue

/// A type a response header's text can be read as (the types `responseHeaders:` accepts).
///
/// The requirement is a static method, not an initialiser: the standard types conform, and an `init?(_: String)`-shaped
/// initialiser of theirs would make an app's own `["1", "x"].compactMap(Int.init)` ambiguous.
public protocol HeaderValue: Sendable {
    /// The value of a header's text, or `nil` when it does not parse.
    static func parsed(fromHeader text: String) -> Self?
    /// What a value looks like, for error messages, e.g. `an integer`.
    static var headerDescription: String { get }
}

extension String: HeaderValue {
    /// The text as it is.
    public static func parsed(fromHeader text: String) -> String? { text }
    /// `text`.
    public static var headerDescription: String { "text" }
}

/// Numbers read their decimal text, blanks around it allowed (`Content-Length:  42`).
extension HeaderValue where Self: LosslessStringConvertible {
    /// The value of the trimmed text, or `nil` when it is not one.
    public static func parsed(fromHeader text: String) -> Self? { Self(text.trimmingCharacters(in: .whitespaces)) }
}

extension Int: HeaderValue {
    /// `an integer`.
    public static var headerDescription: String { "an integer" }
}

extension Int32: HeaderValue {
    /// `a 32-bit integer`.
    public static var headerDescription: String { "a 32-bit integer" }
}

extension Int64: HeaderValue {
    /// `a 64-bit integer`.
    public static var headerDescription: String { "a 64-bit integer" }
}

extension Double: HeaderValue {
    /// `a number`.
    public static var headerDescription: String { "a number" }
}

extension Float: HeaderValue {
    /// `a number`.
    public static var headerDescription: String { "a number" }
}

extension Bool: HeaderValue {
    /// `true` or `false`, in any case.
    public static func parsed(fromHeader text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }
    /// `true or false`.
    public static var headerDescription: String { "true or false" }
}

extension URL: HeaderValue {
    /// An absolute or relative URL, e.g. `Location: /api/contents/untitled`.
    public static func parsed(fromHeader text: String) -> URL? { URL(string: text.trimmingCharacters(in: .whitespaces)) }
    /// `a URL`.
    public static var headerDescription: String { "a URL" }
}

extension UUID: HeaderValue {
    /// A UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    public static func parsed(fromHeader text: String) -> UUID? { UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) }
    /// `a UUID`.
    public static var headerDescription: String { "a UUID" }
}

extension Date: HeaderValue {
    /// An HTTP date in RFC 9110's preferred IMF-fixdate form, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func parsed(fromHeader text: String) -> Date? { HTTPDate.parse(text.trimmingCharacters(in: .whitespaces)) }
    /// `an HTTP date (e.g. Sun, 06 Nov 1994 08:49:37 GMT)`.
    public static var headerDescription: String { "an HTTP date (e.g. Sun, 06 Nov 1994 08:49:37 GMT)" }
}

/// RFC 9110 IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), parsed by hand: a `DateFormatter` is neither cheap nor
/// `Sendable`, and the format is fixed-width.
enum HTTPDate {
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or `nil` when `text` is not an IMF-fixdate of a real day and time.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","), days.contains(String(fields[0].dropLast())),
            fields[1].count == 2, let day = Int(fields[1]),
            let month = months.firstIndex(of: fields[2]),
            fields[3].count == 4, let year = Int(fields[3]),
            fields[5] == "GMT"
        else { return nil }
        let time = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard fields[4].count == 8, time.count == 3, time.allSatisfy({ $0.count == 2 }),
            let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let components = DateComponents(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
        // A day the month does not have (31 Feb) would roll over into the next month: refuse it.
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        let weekday = (calendar.component(.weekday, from: date) + 5) % 7  // Calendar's Sunday is 1; ours is 6
        return days[weekday] == String(fields[0].dropLast()) ? date : nil
    }
}

// MARK: - Cookie

/// A cookie of one request: `Cookie("session", session)`. All of a request's cookies go in one `Cookie` header
/// (`a=1; b=2`); a `nil` value omits the cookie, an array joins with `,`.
public struct Cookie: Sendable, Equatable {
    /// The cookie name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]

    /// A cookie from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
    }

    /// `name=value` for the `Cookie` header, percent-encoded where a cookie allows no such byte (so a value can
    /// neither end its cookie nor split the header), or `nil` when there is no value.
    var pair: String? {
        guard !values.isEmpty else { return nil }
        return PercentEncoding.encodeCookieName(name) + "=" + PercentEncoding.encodeCookieValue(values.joined(separator: ","))
    }
}

// MARK: - AcceptedMediaTypes

/// The response media types a client or one request accepts, matched against a response's `Content-Type`.
///
/// Matching ignores case and parameters (`application/json; charset=utf-8` is `application/json`); `type/*` accepts
/// every subtype of `type` and `*/*` anything, as in an `Accept` header.
struct AcceptedMediaTypes: Sendable {
    /// The media types, lowercased.
    private let types: Set<String>

    /// `types` as written, e.g. `["application/json", "text/*"]`; an empty list accepts any response.
    init(_ types: [String]) {
        self.types = Set(types.map { ResponseDecoder.mediaType(of: $0) })
    }

    /// Whether any response is accepted (the list is empty).
    var acceptsAny: Bool { types.isEmpty }

    /// Whether a response with this `Content-Type` is accepted; one without is not, unless any is.
    func accepts(_ contentType: String?) -> Bool {
        if types.isEmpty { return true }
        guard let contentType else { return false }
        let mediaType = ResponseDecoder.mediaType(of: contentType)
        if types.contains(mediaType) || types.contains("*/*") { return true }
        guard let slash = mediaType.firstIndex(of: "/") else { return false }
        return types.contains(mediaType[..<slash] + "/*")
    }
}

// MARK: - PercentEncoding

/// Percent-encoding of path segments, query items and form fields (everything but RFC 3986's unreserved
/// characters), and of cookies.
enum PercentEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` with every byte outside the unreserved set as `%XX`.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// RFC 3986's `pchar` and `/`: what a path may hold as it is.
    private static let pathCharacters = unreserved.union(CharacterSet(charactersIn: "!$&'()*+,;=:@/"))

    /// A literal path (a base path, the text between placeholders) with anything else encoded, so that
    /// `URL(string:)` never has to repair it (Linux's repair encodes `%` again, mangling encoded parameters).
    static func encodePath(_ text: String) -> String {
        // Most paths need nothing encoded, and a look at the bytes says so: 0.06 µs for `/api/v1/users/` against 2 µs
        // in Foundation's encoder (release, measured apart), which runs for every piece of every path; runtime-benchmark's
        // stub-transport row is the whole request, 19 µs.
        if text.utf8.allSatisfy({ $0 < 0x80 && pathBytes[Int($0)] }) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? text
    }

    /// `pathCharacters` as a table of the ASCII bytes.
    private static let pathBytes: [Bool] = (0..<128).map { byte in
        pathCharacters.contains(Unicode.Scalar(UInt8(byte)))
    }

    /// `text` as exactly one path segment: also `.` and `..` are encoded, so they never climb the path.
    static func encodeSegment(_ text: String) -> String {
        text == "." || text == ".." ? String(repeating: "%2E", count: text.count) : encode(text)
    }

    /// RFC 6265's `cookie-octet` without `%`: printable ASCII but space, `"`, `,`, `;` and `\`.
    private static let cookieValueCharacters = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))
        .subtracting(CharacterSet(charactersIn: "\",;\\%"))

    /// A cookie value with every byte a cookie may not hold (and `%`, so that decoding gives the value back) as `%XX`.
    static func encodeCookieValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: cookieValueCharacters) ?? text
    }

    /// A cookie name: like a value, and `=` encoded too, since it would end the name.
    static func encodeCookieName(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: cookieValueCharacters.subtracting(CharacterSet(charactersIn: "="))) ?? text
    }
}

// MARK: - ParameterPair

/// One name and value of a query string or a form body, before percent-encoding: `created[gt]` and `1`.
public struct ParameterPair: Sendable, Hashable {
    /// The name, e.g. `created[gt]`.
    public var name: String
    /// The value as text, e.g. `1`.
    public var value: String

    /// A pair.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

// MARK: - ParameterStyle

/// How a structured value (an object, an array, a union of them) is written as name/value pairs in a query string or
/// an `application/x-www-form-urlencoded` body, as OpenAPI's `style` and `explode` define it.
///
/// For a parameter `p` holding `{"gt": 1, "lt": 2}` or `["a", "b"]`:
///
/// | style | object | array |
/// |---|---|---|
/// | `.deepObject` | `p[gt]=1&p[lt]=2` | `p[]=a&p[]=b`; an array of objects or arrays `p[0][k]=v` |
/// | `.form(explode: true)` | `gt=1&lt=2` | `p=a&p=b` |
/// | `.form(explode: false)` | `p=gt,1,lt,2` | `p=a,b` |
/// | `.spaceDelimited`, `.pipeDelimited` | as `.form(explode: false)` | `p=a b`, `p=a\|b` |
///
/// `.deepObject` is also the bracket notation of form bodies that Rails, PHP and Stripe read
/// (`items[0][price]=p_1&metadata[k]=v`). Below the first level every style writes brackets: `.form(explode: true)`
/// sends `{"a": {"b": 1}}` as `a[b]=1`. A scalar is one pair, `p=1`, whatever the style; `nil` and `null` send nothing.
public enum ParameterStyle: Sendable, Hashable {
    /// Bracket notation: `p[key]=v`, `p[]=v`, `p[0][key]=v`.
    case deepObject
    /// OpenAPI's default for queries: exploded, an object's members are pairs of their own and an array repeats the
    /// name; not exploded, one pair whose value joins the items with commas.
    case form(explode: Bool)
    /// An array as one pair, its items joined with spaces.
    case spaceDelimited
    /// An array as one pair, its items joined with `|`.
    case pipeDelimited
}

// MARK: - StructuredParameterEncoder

/// Writes any `Encodable` (a model, a union, `JSON`, an array, a dictionary) as the name/value pairs of one query
/// parameter or form field in a `ParameterStyle`; percent-encoding is left to the code that joins the pairs.
///
/// The value is encoded as JSON first (dates as ISO 8601 text, `Data` as base64), so it is written as a JSON body
/// would hold it. Members are written in the order of their names, so that one value always gives one query string
/// (a dictionary's own order changes from run to run). Numbers keep their digits (`JSONNumber`).
public enum StructuredParameterEncoder {
    /// The pairs of the parameter `name` holding `value`, e.g. `[("created[gt]", "1"), ("created[lt]", "2")]`.
    public static func pairs(_ name: String, _ value: some Encodable, style: ParameterStyle) throws -> [ParameterPair] {
        pairs(name, try JSONValue(encoding: value), style: style)
    }

    /// The pairs of `value`, or none and why when its `encode(to:)` throws (`what` names it: `query parameter 'q'`),
    /// for a query item or form field to keep until the request is built, which then fails with `.invalidRequest`.
    static func pairsOrFailure(_ name: String, _ value: some Encodable, style: ParameterStyle, what: String) -> (pairs: [ParameterPair], failure: String?) {
        do {
            return (try pairs(name, value, style: style), nil)
        } catch {
            return ([], "\(what) '\(name)' cannot be encoded: \(error)")
        }
    }

    /// The pairs of `name` holding the JSON value `value`.
    static func pairs(_ name: String, _ value: JSONValue, style: ParameterStyle) -> [ParameterPair] {
        switch (style, value) {
        case (.deepObject, _):
            return bracketed(name, value)
        case (.form(explode: true), .object(let members)):
            // Each member is a parameter of its own; what is below it is bracketed.
            return members.sorted { $0.key < $1.key }.flatMap { bracketed($0.key, $0.value) }
        case (.form(explode: true), .array(let items)):
            return items.flatMap { item in text(of: item).map { [ParameterPair(name, $0)] } ?? bracketed(name, item) }
        case (_, .object(let members)):
            return [ParameterPair(name, members.sorted { $0.key < $1.key }.flatMap { [$0.key, joinedText(of: $0.value)] }.joined(separator: ","))]
        case (_, .array(let items)):
            return [ParameterPair(name, items.map(joinedText).joined(separator: separator(of: style)))]
        default:
            return text(of: value).map { [ParameterPair(name, $0)] } ?? []
        }
    }

    /// Bracket notation: `name[key]` for members, `name[]` for an array of scalars, `name[0]` for an array of objects
    /// or arrays (whose items need an index to stay together).
    private static func bracketed(_ name: String, _ value: JSONValue) -> [ParameterPair] {
        switch value {
        case .object(let members):
            return members.sorted { $0.key < $1.key }.flatMap { bracketed("\(name)[\($0.key)]", $0.value) }
        case .array(let items) where items.allSatisfy({ text(of: $0) != nil || $0 == .null }):
            return items.compactMap { item in text(of: item).map { ParameterPair(name + "[]", $0) } }
        case .array(let items):
            return items.enumerated().flatMap { bracketed("\(name)[\($0.offset)]", $0.element) }
        default:
            return text(of: value).map { [ParameterPair(name, $0)] } ?? []
        }
    }

    /// The text of a scalar (`nil` for `null`, objects and arrays).
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let string): string
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number): number.description
        case .null, .array, .object: nil
        }
    }

    /// A value inside a joined (not exploded) list: a scalar's text, the empty text for `null`, else compact JSON.
    private static func joinedText(of value: JSONValue) -> String {
        if value == .null { return "" }
        return text(of: value) ?? value.jsonText
    }

    private static func separator(of style: ParameterStyle) -> String {
        switch style {
        case .spaceDelimited: " "
        case .pipeDelimited: "|"
        case .form, .deepObject: ","
        }
    }
}
