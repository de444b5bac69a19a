import Foundation

/// How dates are written in and read from JSON bodies.
public enum DateCoding: Sendable, Equatable {
    /// ISO 8601 text such as `2024-05-01T12:00:00Z`; decoding also reads fractional seconds (`12:00:00.25Z`).
    case iso8601
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970

    /// A JSON encoder using this date format.
    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        switch self {
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        }
        return encoder
    }

    /// A JSON decoder using this date format.
    func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch self {
        case .iso8601: decoder.dateDecodingStrategy = .custom(ISO8601DateDecoding.decode)
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return decoder
    }
}
