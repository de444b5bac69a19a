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
