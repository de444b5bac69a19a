/// The response media types a client or one request accepts, matched against a response's `Content-Type`.
///
/// Matching ignores case and parameters (`application/json; charset=utf-8` is `application/json`); `type/*` accepts
/// every subtype of `type` and `*/*` anything, as in an `Accept` header.
struct AcceptedMediaTypes: Sendable {
    /// The media types, lowercased.
    private let types: Set<String>

    /// `types` as written, e.g. `["application/json", "text/*"]`; an empty list accepts any response.
    init(_ types: [String]) {
        self.types = Set(types.map { ResponseDecoder.mediaType(of: $0) })
    }

    /// Whether any response is accepted (the list is empty).
    var acceptsAny: Bool { types.isEmpty }

    /// Whether a response with this `Content-Type` is accepted; one without is not, unless any is.
    func accepts(_ contentType: String?) -> Bool {
        if types.isEmpty { return true }
        guard let contentType else { return false }
        let mediaType = ResponseDecoder.mediaType(of: contentType)
        if types.contains(mediaType) || types.contains("*/*") { return true }
        guard let slash = mediaType.firstIndex(of: "/") else { return false }
        return types.contains(mediaType[..<slash] + "/*")
    }
}
