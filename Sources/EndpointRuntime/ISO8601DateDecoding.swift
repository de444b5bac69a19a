import Foundation

/// Reads ISO 8601 dates with or without fractional seconds: Foundation's `.iso8601` strategy refuses
/// `2026-12-01T11:53:22.110202Z`, which Python servers (Jupyter, Django, FastAPI) write for every timestamp.
enum ISO8601DateDecoding {
    private static let wholeSeconds = Date.ISO8601FormatStyle()
    private static let fractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The date of a JSON string such as `2024-05-01T12:00:00Z` or `2024-05-01T12:00:00.25+02:00`.
    @Sendable static func decode(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let date = date(from: try container.decode(String.self)) { return date }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
    }

    /// The date `text` writes, with or without fractional seconds, or `nil` when it is not ISO 8601.
    static func date(from text: String) -> Date? {
        (try? wholeSeconds.parse(text)) ?? (try? fractionalSeconds.parse(text))
    }
}
