import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
