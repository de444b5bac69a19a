import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a `Request` and the configuration into a `URLRequest`, refusing what must not be sent.
struct RequestBuilder: Sendable {
    let configuration: ClientConfiguration
    let encoder: JSONEncoder
    /// The `Accept` header every request carries, joined once.
    private let accept: String?

    init(configuration: ClientConfiguration, encoder: JSONEncoder) {
        self.configuration = configuration
        self.encoder = encoder
        accept = configuration.acceptableContentTypes.isEmpty ? nil : configuration.acceptableContentTypes.joined(separator: ", ")
    }

    /// The URL request for `request`; throws `.invalidRequest` for a bad path parameter, header or body.
    func urlRequest<R>(for request: Request<R>) throws(EndpointError) -> URLRequest {
        let variables = configuration.templateVariables
        var query: [(String, String)] = []
        for template in configuration.defaultQuery {
            query.append((template.name, try template.resolve(variables)))
        }
        for item in request.query {
            if let template = item.template {
                query.append((item.name, try template.resolve(variables)))
            } else {
                query += item.values.map { (item.name, $0) }
            }
        }
        let path = try expand(request.path, with: request.pathParameters)
        let queryText = query.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
        let text = configuration.server.baseURLString + (path.hasPrefix("/") ? path : "/" + path) + (queryText.isEmpty ? "" : "?" + queryText)
        guard let url = URL(string: text) else { throw .invalidRequest("'\(text)' is not a valid URL") }

        // Headers are gathered first and set once: each `URLRequest.setValue` is costly on Linux.
        var headers = HeaderSet()
        if let accept { headers["Accept"] = accept }
        for template in configuration.defaultHeaders {
            headers[template.name] = try Self.checkedHeader(template.name, try template.resolve(variables))
        }
        for header in request.headers {
            if let template = header.template {
                headers[header.name] = try Self.checkedHeader(header.name, try template.resolve(variables))
            } else if !header.values.isEmpty {
                headers[header.name] = try Self.checkedHeader(header.name, header.values.joined(separator: ", "))
            }
        }
        let cookies = request.cookies.compactMap(\.pair)
        if !cookies.isEmpty {
            headers["Cookie"] = ([headers["Cookie"]].compactMap { $0 } + cookies).joined(separator: "; ")
        }
        var urlRequest = URLRequest(url: url)
        if let body = request.body {
            let (data, contentType) = try encode(body)
            urlRequest.httpBody = data
            headers["Content-Type"] = contentType
        }
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }  // GET is the default; setting it costs
        urlRequest.timeoutInterval = Self.seconds(request.timeout ?? configuration.timeout)
        urlRequest.allHTTPHeaderFields = headers.fields
        return urlRequest
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
            let pairs = fields.flatMap { field in field.values.map { "\(PercentEncoding.encode(field.name))=\(PercentEncoding.encode($0))" } }
            return (Data(pairs.joined(separator: "&").utf8), "application/x-www-form-urlencoded")
        case .multipart(let parts):
            return Self.multipart(parts, boundary: "EndpointGen-\(UUID().uuidString)")
        case .data(let data, let contentType):
            return (data, contentType)
        }
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
    private var byLowercasedName: [String: (name: String, value: String)] = [:]

    subscript(name: String) -> String? {
        get { byLowercasedName[name.lowercased()]?.value }
        set { byLowercasedName[name.lowercased()] = newValue.map { (name, $0) } }
    }

    var fields: [String: String] {
        Dictionary(uniqueKeysWithValues: byLowercasedName.values.map { ($0.name, $0.value) })
    }
}
