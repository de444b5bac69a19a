import Foundation

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
