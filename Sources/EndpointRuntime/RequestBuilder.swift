import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a `Request` and the configuration into a `URLRequest`, refusing what must not be sent.
///
/// What every request shares (the base URL, the default query and headers) is resolved once, here: resolving it
/// for each request took more than half of the time spent building one (measured in place, 25 µs then, 10 µs now).
struct RequestBuilder: Sendable {
    let configuration: ClientConfiguration
    let encoder: JSONEncoder
    private let variables: [String: String]
    private let baseURLString: String
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

    /// The URL request for `request`; throws `.invalidRequest` for an empty required parameter, a bad path
    /// parameter, header or body.
    func urlRequest<R>(for request: Request<R>) throws(EndpointError) -> URLRequest {
        for (parameter, value) in request.nonEmpty where value.isEmpty {
            throw .invalidRequest("required parameter '\(parameter)' is empty")
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
        var fields = request.allHTTPHeaderFields ?? [:]
        let present = Set(fields.keys.map { $0.lowercased() })
        for (name, value) in defaults.headers.fields where !present.contains(name.lowercased()) { fields[name] = value }
        request.allHTTPHeaderFields = fields
        if request.timeoutInterval == URLRequest(url: URL(fileURLWithPath: "/")).timeoutInterval {
            request.timeoutInterval = Self.seconds(configuration.timeout)
        }
        return request
    }

    /// `path` with each `{name}` replaced by its parameter as one percent-encoded segment.
    private func expand(_ path: String, with parameters: [String: [String]]) throws(EndpointError) -> String {
        var result = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += PercentEncoding.encodePath(String(rest[..<open]))
            let name = String(rest[rest.index(after: open)..<close])
            guard let values = parameters[name], values.count == 1, let value = values.first else {
                throw .invalidRequest("path parameter '\(name)' needs exactly one value")
            }
            guard !value.isEmpty else { throw .invalidRequest("path parameter '\(name)' is empty") }
            result += PercentEncoding.encodeSegment(value)
            rest = rest[rest.index(after: close)...]
        }
        return result + PercentEncoding.encodePath(String(rest))
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
                return (try encoder.encode(value), "application/json")
            } catch {
                throw .invalidRequest("the JSON body did not encode: \(error)")
            }
        case .form(let fields):
            if let failure = fields.lazy.compactMap(\.encodingFailure).first { throw .invalidRequest(failure) }
            let pairs = fields.flatMap(\.pairs).map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
            return (Data(pairs.joined(separator: "&").utf8), "application/x-www-form-urlencoded")
        case .multipart(let parts):
            return Self.multipart(parts, boundary: "EndpointGen-\(UUID().uuidString)")
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

    /// A `multipart/form-data` body (RFC 7578) with `boundary`.
    static func multipart(_ parts: [MultipartPart], boundary: String) -> (Data, String) {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(quoted(filename))\"" }
            if let contentType = part.contentType { head += "\r\nContent-Type: \(contentType)" }
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

/// Header fields by case-insensitive name; a later value replaces an earlier one under its own spelling.
private struct HeaderSet {
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
}
