/// A double-quoted string literal, for the two languages `endpointgen` writes: Swift (generated code) and YAML
/// (specs converted from OpenAPI). Both escape `\`, `"`, line breaks and tabs alike; they differ only in how any other
/// character a reader cannot see is written (`\u{200B}` in Swift, `\u200B` in YAML).
public enum QuotedLiteral {
    /// `"…"` whose value is exactly `text`: `\` and `"` escaped, `\n`, `\r` and `\t` for line breaks and tabs, and
    /// each other invisible scalar (`isInvisible`) as `unicodeEscape` writes it, so the literal shows what it holds.
    public static func make(_ text: String, unicodeEscape: (Unicode.Scalar) -> String) -> String {
        // Most text is printable ASCII with nothing to escape: it is quoted as it is, without a scalar at a time.
        let needsNoEscape = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }
        if needsNoEscape { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isInvisible(scalar) {
                    result += unicodeEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Control, format (bidi overrides, zero-width spaces, byte order marks), line and paragraph separator, private
    /// and unassigned characters: what a reader cannot see.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }  // printable ASCII, the common case
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }
}
