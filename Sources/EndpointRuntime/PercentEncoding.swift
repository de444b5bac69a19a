import Foundation

/// Percent-encoding of path segments, query items and form fields (everything but RFC 3986's unreserved
/// characters), and of cookies.
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
        // Most paths need nothing encoded; checking bytes first skips Foundation's slower encoder for them.
        if text.utf8.allSatisfy({ $0 < 0x80 && pathBytes[Int($0)] }) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? text
    }

    /// `pathCharacters` as a table of the ASCII bytes.
    private static let pathBytes: [Bool] = (0..<128).map { byte in
        pathCharacters.contains(Unicode.Scalar(UInt8(byte)))
    }

    /// `text` as exactly one path segment: also `.` and `..` are encoded, so they never climb the path.
    static func encodeSegment(_ text: String) -> String {
        text == "." || text == ".." ? String(repeating: "%2E", count: text.count) : encode(text)
    }

    /// RFC 6265's `cookie-octet` without `%`: printable ASCII but space, `"`, `,`, `;` and `\`.
    private static let cookieValueCharacters = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))
        .subtracting(CharacterSet(charactersIn: "\",;\\%"))

    /// A cookie value with every byte a cookie may not hold (and `%`, so that decoding gives the value back) as `%XX`.
    static func encodeCookieValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: cookieValueCharacters) ?? text
    }

    /// A cookie name: like a value, and `=` encoded too, since it would end the name.
    static func encodeCookieName(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: cookieValueCharacters.subtracting(CharacterSet(charactersIn: "="))) ?? text
    }
}
