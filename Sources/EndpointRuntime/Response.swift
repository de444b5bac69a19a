/// A decoded body with the status and headers of the response it came in.
///
/// ```swift
/// let answer = try await client.userWithResponse(id: 3)
/// print(answer.statusCode, answer.header("ETag") ?? "none", answer.body.name)
/// ```
public struct Response<Body: Sendable>: Sendable {
    /// The decoded body.
    public var body: Body
    /// The status code, e.g. `200` or `201`.
    public var statusCode: Int
    /// Every header as received.
    public var headers: [String: String]

    /// A response from its parts, e.g. for a fake client in tests.
    public init(body: Body, statusCode: Int = 200, headers: [String: String] = [:]) {
        self.body = body
        self.statusCode = statusCode
        self.headers = headers
    }

    /// A header's value, case-insensitively.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
