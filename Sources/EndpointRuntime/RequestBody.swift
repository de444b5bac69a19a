import Foundation

/// The body of a request.
public enum RequestBody: Sendable {
    /// A Codable value sent as `application/json`, using the client's date format.
    case json(any Encodable & Sendable)
    /// Fields sent as `application/x-www-form-urlencoded`.
    case form([FormField])
    /// Parts sent as `multipart/form-data`.
    case multipart([MultipartPart])
    /// Raw bytes with their content type.
    case data(Data, contentType: String)
    /// The bytes of a file with their content type, read as they are sent (a large file is never in memory), e.g.
    /// `.file(movieURL, contentType: "video/mp4")`. Sent with its `Content-Length`; a file that cannot be read is `.invalidRequest`.
    case file(URL, contentType: String)
    /// A Codable value encoded by the coder that handles `mediaType` (`ClientConfiguration.bodyCoders`, JSON built in),
    /// sent with that media type, e.g. `.encoded(configuration, mediaType: "application/xml")`.
    case encoded(any Encodable & Sendable, mediaType: String)
}
