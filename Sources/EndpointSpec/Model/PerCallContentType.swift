extension Endpoint {
    /// Whether `parameter` is a `Content-Type` header parameter of type `String` (or `String?`) on a binary body: it then
    /// gives the body's media type per call (e.g. S3's PutObject, where each object has its own), instead of the
    /// spec's fixed `contentType`, and is not sent as a header of its own.
    public static func isPerCallContentType(_ parameter: Parameter, bodyEncoding: BodyEncoding?) -> Bool {
        bodyEncoding == .binary && parameter.placement == .header && parameter.wireName.lowercased() == "content-type"
            && parameter.type.unwrapped == .string
    }

    /// The parameter that gives the binary body's media type per call (see `isPerCallContentType`), if there is one.
    public var perCallContentType: Parameter? {
        parameters.first { Self.isPerCallContentType($0, bodyEncoding: bodyEncoding) }
    }
}
