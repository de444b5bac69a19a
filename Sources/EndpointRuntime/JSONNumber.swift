// EndpointRuntime: a JSON number kept at its exact value.

import Foundation

/// A JSON number as it came: an integer of up to 64 bits stays that integer, a decimal stays its digits (up to
/// `Decimal`'s 38 significant digits), and only a number beyond `Decimal`'s range (`1e300`) is a `Double`. So
/// `9007199254740993` and `0.1000000000000000055511151231257827` encode back as they were decoded.
///
/// Two numbers are equal when their values are, however they were written or built: `JSONNumber(1)`, `1.0` and a
/// decoded `1e0` are one number.
///
/// ```swift
/// let id: JSON = try JSONDecoder().decode(JSON.self, from: Data("9007199254740993".utf8))
/// id.int64Value                 // 9007199254740993 (a Double would say ...992)
/// let price: JSONNumber = 19.99 // a literal is a number too
/// ```
public struct JSONNumber: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    private enum Storage: Sendable {
        case integer(Int64)
        case decimal(Decimal)
        case double(Double)
    }

    private let storage: Storage

    private init(storage: Storage) { self.storage = storage }

    /// An integer.
    public init(_ value: Int) { storage = .integer(Int64(value)) }

    /// A 64-bit integer.
    public init(_ value: Int64) { storage = .integer(value) }

    /// An unsigned 64-bit integer; one beyond `Int64.max` is kept as a `Decimal`, which holds it exactly.
    public init(_ value: UInt64) {
        storage = Int64(exactly: value).map(Storage.integer) ?? .decimal(Decimal(value))
    }

    /// A decimal, kept digit for digit; an integer decimal within `Int64` is that integer.
    public init(_ value: Decimal) {
        if let whole = Self.exactInt64(value) { storage = .integer(whole) } else { storage = .decimal(value) }
    }

    /// A `Double`; a whole one within ±2^53 is that integer.
    public init(_ value: Double) {
        if abs(value) <= 9_007_199_254_740_992, let whole = Int64(exactly: value) { storage = .integer(whole) } else { storage = .double(value) }
    }

    /// `3` is `JSONNumber(3)`.
    public init(integerLiteral value: Int) { self.init(value) }

    /// `1.5` is `JSONNumber(1.5)`.
    public init(floatLiteral value: Double) { self.init(value) }

    /// The nearest `Double` (exact for integers within ±2^53 and for numbers decoded as `Double`).
    public var doubleValue: Double {
        switch storage {
        case .integer(let integer): Double(integer)
        case .decimal(let decimal): Self.nearestDouble(decimal)
        case .double(let double): double
        }
    }

    /// The number as an `Int64` when it is a whole number within its range, else `nil`.
    public var int64Value: Int64? {
        switch storage {
        case .integer(let integer): integer
        case .decimal(let decimal): Self.exactInt64(decimal)
        case .double(let double): Int64(exactly: double)
        }
    }

    /// The number as a `Decimal` when one holds it exactly (every number decoded within `Decimal`'s range), else `nil`.
    public var decimalValue: Decimal? {
        switch storage {
        case .integer(let integer): Decimal(integer)
        case .decimal(let decimal): decimal
        case .double(let double): Self.decimal(of: double)
        }
    }

    /// The number as JSON writes it, e.g. `9007199254740993`, `0.1`, `1e+300`.
    public var description: String {
        switch storage {
        case .integer(let integer): String(integer)
        case .decimal(let decimal): Self.plainText(decimal)
        case .double(let double): String(double)
        }
    }

    /// Equal values are equal numbers, however they were written.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.valueKey == rhs.valueKey }

    /// Hashes the value (`==`'s).
    public func hash(into hasher: inout Hasher) { hasher.combine(valueKey) }

    /// The value in one spelling: the plain decimal text of a number a `Decimal` holds, else the `Double`'s text.
    private var valueKey: String {
        switch storage {
        case .integer(let integer): String(integer)
        case .decimal(let decimal): Self.plainText(decimal)
        case .double(let double): Self.decimal(of: double).map(Self.plainText) ?? "double:\(double)"
        }
    }

    /// Decodes the number exactly: as an integer of 64 bits, else a `Decimal` (JSON decoders read it from the number's
    /// text), else a `Double`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int64.self) {
            self.init(integer)
        } else if let decimal = try? container.decode(Decimal.self), decimal.isFinite,
                  let double = try? container.decode(Double.self), Self.agree(decimal, double) {
            self.init(decimal)
        } else {
            self.init(storage: .double(try container.decode(Double.self)))
        }
    }

    /// Encodes the number as it is held, so that its digits go back unchanged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch storage {
        case .integer(let integer): try container.encode(integer)
        case .decimal(let decimal): try container.encode(decimal)
        case .double(let double): try container.encode(double)
        }
    }

    // MARK: Helpers

    /// Whether a decoded `Decimal` is the number the `Double` approximates: a decoder that cannot read a `Decimal`
    /// from the number's text (beyond its range, say) must not have it stand for another number.
    private static func agree(_ decimal: Decimal, _ double: Double) -> Bool {
        let approximate = nearestDouble(decimal)
        return approximate == double || abs(approximate - double) <= abs(double) * 1e-12
    }

    /// The `Double` nearest to a decimal, read from its digits (`NSDecimalNumber`'s `doubleValue` can be an ulp off).
    private static func nearestDouble(_ decimal: Decimal) -> Double {
        Double(plainText(decimal)) ?? NSDecimalNumber(decimal: decimal).doubleValue
    }

    /// The decimal as an `Int64` when it is a whole number within its range.
    private static func exactInt64(_ decimal: Decimal) -> Int64? {
        guard decimal.isFinite else { return nil }
        let text = plainText(decimal)
        return text.contains(".") ? nil : Int64(text)
    }

    /// The decimal a finite `Double`'s shortest text writes (what JSON holds), within `Decimal`'s range, else `nil`.
    private static func decimal(of double: Double) -> Decimal? {
        guard double.isFinite, let decimal = Decimal(string: String(double), locale: Locale(identifier: "en_US_POSIX")),
              agree(decimal, double) else { return nil }
        return decimal
    }

    /// A decimal's digits without an exponent or trailing zeros after the point, e.g. `0.1`, `-12`, `1000`.
    private static func plainText(_ decimal: Decimal) -> String {
        var text = decimal.description
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
