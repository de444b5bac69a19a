/// How the client turns an error response into a message.
public struct ErrorPolicy: Equatable, Sendable {
    /// The JSON fields that may hold the server's error text, keys or dotted paths tried in order, e.g.
    /// `["message", "error.message"]`; empty when the spec names none.
    public var messageFields: [String]
    /// The text shown when the server gives none, e.g. `Server Error. Please try again later`.
    public var fallback: String?
    /// The model error bodies decode into, for endpoints that name none.
    public var model: TypeRef?

    /// Creates an error policy.
    public init(messageFields: [String] = [], fallback: String? = nil, model: TypeRef? = nil) {
        self.messageFields = messageFields
        self.fallback = fallback
        self.model = model
    }
}
