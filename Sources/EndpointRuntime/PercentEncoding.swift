import Foundation

/// Percent-encoding of path segments, query items and form fields: everything but RFC 3986's unreserved characters.
enum PercentEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` with every byte outside the unreserved set as `%XX`.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// RFC 3986's `pchar` and `/`: what a path may hold as it is.
    private static let pathCharacters = unreserved.union(CharacterSet(charactersIn: "!$&'()*+,;=:@/"))

    /// A literal path (a base path, the text between placeholders) with anything else encoded, so that
    /// `URL(string:)` never has to repair it (Linux's repair encodes `%` again, mangling encoded parameters).
    static func encodePath(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? text
    }

    /// `text` as exactly one path segment: also `.` and `..` are encoded, so they never climb the path.
    static func encodeSegment(_ text: String) -> String {
        text == "." || text == ".." ? String(repeating: "%2E", count: text.count) : encode(text)
    }
}
