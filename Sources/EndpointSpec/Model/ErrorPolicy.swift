/// How the client turns an error response into a message.
public struct ErrorPolicy: Equatable, Sendable {
    /// The JSON field that holds the server's error text, e.g. `message`.
    public var messageField: String?
    /// The text shown when the server gives none, e.g. `Server Error. Please try again later`.
    public var fallback: String?
    /// The model error bodies decode into, for endpoints that name none.
    public var model: TypeRef?

    /// Creates an error policy.
    public init(messageField: String? = nil, fallback: String? = nil, model: TypeRef? = nil) {
        self.messageField = messageField
        self.fallback = fallback
        self.model = model
    }
}
