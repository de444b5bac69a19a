import Foundation

/// Why a scalar's text is not a value of the type asked for, with an optional hint for the user.
struct ScalarProblem: Error {
    /// Said after the error, e.g. `did you mean 'true'?`.
    var hint: String?
}

/// A type read straight from a scalar's source text, whatever the core schema would make of it.
protocol ScalarConvertible: Decodable {
    /// The value `text` spells, or why it spells none.
    static func convert(_ text: String) -> Result<Self, ScalarProblem>
}

extension String: ScalarConvertible {
    static func convert(_ text: String) -> Result<String, ScalarProblem> { .success(text) }
}

extension Bool: ScalarConvertible {
    /// `true`/`false` in core-schema spellings; YAML 1.1's `yes`/`no`/`on`/`off`/`y`/`n` are refused with a hint.
    static func convert(_ text: String) -> Result<Bool, ScalarProblem> {
        if let bool = CoreSchema.bool(text) { return .success(bool) }
        switch text.lowercased() {
        case "yes", "on", "y": return .failure(ScalarProblem(hint: "YAML 1.2 reads only true and false as Bool; did you mean 'true'?"))
        case "no", "off", "n": return .failure(ScalarProblem(hint: "YAML 1.2 reads only true and false as Bool; did you mean 'false'?"))
        default: return .failure(ScalarProblem())
        }
    }
}

extension Double: ScalarConvertible {
    /// Core-schema floats and integers, e.g. `1.5`, `1e3`, `-.inf`, `8080`, `0x1F`.
    static func convert(_ text: String) -> Result<Double, ScalarProblem> {
        if let double = CoreSchema.double(text) ?? CoreSchema.int(text).map(Double.init) { return .success(double) }
        return .failure(ScalarProblem())
    }
}

extension Float: ScalarConvertible {
    static func convert(_ text: String) -> Result<Float, ScalarProblem> { Double.convert(text).map(Float.init) }
}

extension FixedWidthInteger where Self: Decodable {
    /// Decimal (`-12`, `+3`), octal (`0o17`) and hexadecimal (`0x1F`) integers that fit the type.
    static func convert(_ text: String) -> Result<Self, ScalarProblem> {
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" {
            sign = String(first)
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0o") {
            radix = digits.hasPrefix("0x") ? 16 : 8
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.hexDigitValue.map { $0 < radix } ?? false }) else {
            return .failure(ScalarProblem())
        }
        guard let value = Self(sign + digits, radix: radix) else {
            return .failure(ScalarProblem(hint: "out of range for \(Self.self)"))
        }
        return .success(value)
    }
}

extension Int: ScalarConvertible {}
extension Int8: ScalarConvertible {}
extension Int16: ScalarConvertible {}
extension Int32: ScalarConvertible {}
extension Int64: ScalarConvertible {}
extension UInt: ScalarConvertible {}
extension UInt8: ScalarConvertible {}
extension UInt16: ScalarConvertible {}
extension UInt32: ScalarConvertible {}
extension UInt64: ScalarConvertible {}

extension URL: ScalarConvertible {
    /// An absolute or relative URL, e.g. `https://api.example.com/v1`; empty text is refused.
    static func convert(_ text: String) -> Result<URL, ScalarProblem> {
        guard !text.isEmpty, let url = URL(string: text) else { return .failure(ScalarProblem()) }
        return .success(url)
    }
}

extension Date: ScalarConvertible {
    /// An ISO 8601 timestamp (`2024-05-01T12:00:00Z`, fractional seconds allowed) or date (`2024-05-01`, UTC midnight).
    static func convert(_ text: String) -> Result<Date, ScalarProblem> {
        let formats: [ISO8601DateFormatter.Options] = [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate]]
        for options in formats {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return .success(date) }
        }
        return .failure(ScalarProblem(hint: "expected an ISO 8601 date such as 2024-05-01T12:00:00Z"))
    }
}
