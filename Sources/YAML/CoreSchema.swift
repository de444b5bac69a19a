/// The YAML 1.2 core schema: how an untagged plain scalar resolves to null, bool, int, float or string.
///
/// `YAMLNode.resolved` (`YAMLValue`) resolves by it, and the spec loader reads its numbers, flags and defaults so.
public enum CoreSchema {
    /// `~`, `null`, `Null`, `NULL` or the empty string.
    public static func isNull(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": true
        default: false
        }
    }

    /// `true`/`false` in the spellings the core schema allows (`True`, `TRUE`, ...); `yes`/`no` are strings.
    public static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// Decimal (`-12`, `+3`), octal (`0o17`) and hexadecimal (`0x1F`) integers that fit in `Int`.
    public static func int(_ text: String) -> Int? {
        if text.hasPrefix("0o"), text.count > 2 { return Int(text.dropFirst(2), radix: 8) }
        if text.hasPrefix("0x"), text.count > 2 { return Int(text.dropFirst(2), radix: 16) }
        guard isDecimalInteger(text) else { return nil }
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// Decimal floats (`1.5`, `-.5`, `1e3`, `12`) and `.inf`, `-.inf`, `.nan` in their allowed spellings.
    public static func double(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard isDecimalFloat(text) else { return nil }
        return Double(text)
    }

    /// True when the text resolves to a string (it is none of null, bool, int, float).
    public static func isString(_ text: String) -> Bool {
        !isNull(text) && bool(text) == nil && !looksNumeric(text)
    }

    /// Integer or float syntax, even when too large for `Int` (such an integer resolves to a float).
    static func looksNumeric(_ text: String) -> Bool {
        // Every numeric spelling starts with a digit, a sign or a dot; most keys and words do not.
        guard let first = text.utf8.first,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
                || first == UInt8(ascii: ".")
        else { return false }
        return int(text) != nil || isDecimalInteger(text) || double(text) != nil
    }

    /// `[-+]?[0-9]+`
    private static func isDecimalInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if let first = digits.first, first == "-" || first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isDecimalFloat(_ text: String) -> Bool {
        var rest = Substring(text)
        if let first = rest.first, first == "-" || first == "+" { rest = rest.dropFirst() }
        let integer = rest.prefix(while: \.isASCIIDigit)
        rest = rest.dropFirst(integer.count)
        var fraction = Substring()
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(fraction.count)
            if integer.isEmpty && fraction.isEmpty { return false }
        } else if integer.isEmpty {
            return false
        }
        if let e = rest.first, e == "e" || e == "E" {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == "-" || sign == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: \.isASCIIDigit)
            if exponent.isEmpty { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
