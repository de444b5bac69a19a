public import Diagnostics

/// Where the API lives, e.g. `https://www.apitesting.dev/api`.
public struct Server: Equatable, Sendable {
    /// The URL scheme.
    public enum Scheme: String, Equatable, Sendable, CaseIterable {
        /// Plain or over TLS.
        case http, https
    }

    /// `https` unless the spec says `http`.
    public var scheme: Scheme
    /// A DNS name, an IPv4 address or a bracketed IPv6 address, e.g. `www.apitesting.dev`; it may hold `{name}`
    /// placeholders of declared variables (`{region}.api.example.com`), which the client fills in when it is made.
    public var host: String
    /// The port; `nil` means the scheme's default.
    public var port: Int?
    /// The prefix of every endpoint path without a trailing `/`, e.g. `/api`; empty when there is none. It may hold
    /// placeholders, as `host` may.
    public var basePath: String
    /// Where `server` is written.
    public var location: SourceLocation

    /// Creates a server.
    public init(scheme: Scheme, host: String, port: Int?, basePath: String, location: SourceLocation) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.basePath = basePath
        self.location = location
    }
}

extension Server {
    /// The variables the host and base path name, in order.
    public var variableNames: [String] {
        Template.placeholderNames(in: host) + Template.placeholderNames(in: basePath)
    }
}
