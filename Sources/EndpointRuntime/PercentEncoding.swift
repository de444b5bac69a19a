import Foundation

/// Percent-encoding of path segments, query items and form fields: everything but RFC 3986's unreserved characters.
enum PercentEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` with every byte outside the unreserved set as `%XX`.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// `text` as exactly one path segment: also `.` and `..` are encoded, so they never climb the path.
    static func encodeSegment(_ text: String) -> String {
        text == "." || text == ".." ? String(repeating: "%2E", count: text.count) : encode(text)
    }
}
