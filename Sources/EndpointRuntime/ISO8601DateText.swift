// EndpointRuntime: ISO 8601 (RFC 3339) date text, read and written to the microsecond.

import Foundation

/// Reads and writes ISO 8601 dates with their fractional seconds, wherever a date travels as text: JSON and XML
/// bodies (`DateCoding.iso8601`), query, path and header parameters (`Date.parameterValues`).
///
/// Reading also takes what servers write beside RFC 3339 for a `date-time`: a blank for the `T`
/// (`2013-08-01 12:41:48`, SQL's form), no zone (read as UTC), and an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
/// One such member would otherwise fail the whole response. Writing is always RFC 3339.
///
/// Reading: Foundation's `.iso8601` strategy refuses `2026-12-01T11:53:22.110202Z` on Darwin, which Python servers
/// (Jupyter, Django, FastAPI) write for every timestamp. Writing: Foundation's `.iso8601` drops the fraction, so a
/// timestamp the app read would go back truncated. A `Date` is a `Double` of seconds, exact to well under a
/// microsecond for any date near now, so the fraction is written to the microsecond, without trailing zeros, and
/// a date of whole seconds is written without one, as before (`2026-01-01T09:00:00Z`).
enum ISO8601DateText {
    private static let wholeSeconds = Date.ISO8601FormatStyle()

    /// The date of a JSON string such as `2024-05-01T12:00:00Z` or `2024-05-01T12:00:00.25+02:00`.
    @Sendable static func decode(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let date = date(from: try container.decode(String.self)) { return date }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
    }

    /// Writes `date` as a JSON string (`text(of:)`).
    @Sendable static func encode(_ date: Date, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text(of: date))
    }

    /// The date `text` writes: RFC 3339 with or without fractional seconds, the same with a blank for the `T` or no
    /// zone (UTC), or an HTTP date; `nil` for other text.
    static func date(from text: String) -> Date? {
        if let date = rfc3339(text) { return date }
        if let completed = completedRFC3339(text), let date = rfc3339(completed) { return date }
        return HTTPDate.parse(text)
    }

    /// `2013-08-01T12:41:48Z` for `2013-08-01 12:41:48` or `2013-08-01T12:41:48`: the `T` for a blank, and `Z` when
    /// no zone follows the seconds (and their fraction); `nil` when `text` needs neither or is no such date.
    private static func completedRFC3339(_ text: String) -> String? {
        var bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard bytes.count >= 19, digitPositions.allSatisfy({ isDigit(bytes[$0]) }), bytes[4] == UInt8(ascii: "-"),
              bytes[7] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T")
        else { return nil }
        bytes[10] = UInt8(ascii: "T")
        var end = 19
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        }
        if end == bytes.count { bytes.append(UInt8(ascii: "Z")) }
        let completed = String(decoding: bytes, as: UTF8.self)
        return completed == text ? nil : completed
    }

    /// The date of RFC 3339 text, with or without fractional seconds.
    ///
    /// The fraction is read here rather than by `Date.ISO8601FormatStyle(includingFractionalSeconds:)`, which keeps
    /// only milliseconds: the whole seconds are parsed without it and the fraction's digits are added.
    private static func rfc3339(_ text: String) -> Date? {
        guard let dot = text.firstIndex(of: "."), let timeStart = text.firstIndex(of: "T"), dot > timeStart else {
            return try? wholeSeconds.parse(text)
        }
        let digitsEnd = text[text.index(after: dot)...].firstIndex { !$0.isASCII || !$0.isNumber } ?? text.endIndex
        let digits = text[text.index(after: dot)..<digitsEnd]
        guard !digits.isEmpty, let whole = try? wholeSeconds.parse(String(text[..<dot] + text[digitsEnd...])),
              let fraction = Double("0." + digits) else { return nil }
        return Date(timeIntervalSince1970: whole.timeIntervalSince1970 + fraction)
    }

    /// `date` in UTC, e.g. `2026-01-01T09:00:00Z`, or `2026-01-01T09:00:00.123456Z` with a fraction of a second
    /// (to the microsecond, trailing zeros left out).
    static func text(of date: Date) -> String {
        let time = date.timeIntervalSince1970
        var seconds = time.rounded(.down)
        var microseconds = Int(((time - seconds) * 1_000_000).rounded())
        if microseconds == 1_000_000 {
            seconds += 1
            microseconds = 0
        }
        let whole = wholeSeconds.format(Date(timeIntervalSince1970: seconds))
        guard microseconds > 0, whole.hasSuffix("Z") else { return whole }
        var fraction = String(microseconds)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return whole.dropLast() + "." + fraction + "Z"
    }
}
