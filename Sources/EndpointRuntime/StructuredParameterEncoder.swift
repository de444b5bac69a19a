import Foundation

/// Writes any `Encodable` (a model, a union, `JSON`, an array, a dictionary) as the name/value pairs of one query
/// parameter or form field in a `ParameterStyle`; percent-encoding is left to the code that joins the pairs.
///
/// The value is encoded as JSON first (dates as ISO 8601 text, `Data` as base64), so it is written as a JSON body
/// would hold it. Members are written in the order of their names, so that one value always gives one query string
/// (a dictionary's own order changes from run to run). Numbers are JSON's: integers beyond 2^53 lose precision.
public enum StructuredParameterEncoder {
    /// The pairs of the parameter `name` holding `value`, e.g. `[("created[gt]", "1"), ("created[lt]", "2")]`.
    public static func pairs(_ name: String, _ value: some Encodable, style: ParameterStyle) throws -> [ParameterPair] {
        pairs(name, try JSONValue(encoding: value), style: style)
    }

    /// The pairs of `value`, or none and why when its `encode(to:)` throws (`what` names it: `query parameter 'q'`),
    /// for a query item or form field to keep until the request is built, which then fails with `.invalidRequest`.
    static func pairsOrFailure(_ name: String, _ value: some Encodable, style: ParameterStyle, what: String) -> (pairs: [ParameterPair], failure: String?) {
        do {
            return (try pairs(name, value, style: style), nil)
        } catch {
            return ([], "\(what) '\(name)' cannot be encoded: \(error)")
        }
    }

    /// The pairs of `name` holding the JSON value `value`.
    static func pairs(_ name: String, _ value: JSONValue, style: ParameterStyle) -> [ParameterPair] {
        switch (style, value) {
        case (.deepObject, _):
            return bracketed(name, value)
        case (.form(explode: true), .object(let members)):
            // Each member is a parameter of its own; what is below it is bracketed.
            return members.sorted { $0.key < $1.key }.flatMap { bracketed($0.key, $0.value) }
        case (.form(explode: true), .array(let items)):
            return items.flatMap { item in text(of: item).map { [ParameterPair(name, $0)] } ?? bracketed(name, item) }
        case (_, .object(let members)):
            return [ParameterPair(name, members.sorted { $0.key < $1.key }.flatMap { [$0.key, joinedText(of: $0.value)] }.joined(separator: ","))]
        case (_, .array(let items)):
            return [ParameterPair(name, items.map(joinedText).joined(separator: separator(of: style)))]
        default:
            return text(of: value).map { [ParameterPair(name, $0)] } ?? []
        }
    }

    /// Bracket notation: `name[key]` for members, `name[]` for an array of scalars, `name[0]` for an array of objects
    /// or arrays (whose items need an index to stay together).
    private static func bracketed(_ name: String, _ value: JSONValue) -> [ParameterPair] {
        switch value {
        case .object(let members):
            return members.sorted { $0.key < $1.key }.flatMap { bracketed("\(name)[\($0.key)]", $0.value) }
        case .array(let items) where items.allSatisfy({ text(of: $0) != nil || $0 == .null }):
            return items.compactMap { item in text(of: item).map { ParameterPair(name + "[]", $0) } }
        case .array(let items):
            return items.enumerated().flatMap { bracketed("\(name)[\($0.offset)]", $0.element) }
        default:
            return text(of: value).map { [ParameterPair(name, $0)] } ?? []
        }
    }

    /// The text of a scalar (`nil` for `null`, objects and arrays).
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let string): string
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .null, .array, .object: nil
        }
    }

    /// A value inside a joined (not exploded) list: a scalar's text, the empty text for `null`, else compact JSON.
    private static func joinedText(of value: JSONValue) -> String {
        if value == .null { return "" }
        return text(of: value) ?? value.jsonText
    }

    private static func separator(of style: ParameterStyle) -> String {
        switch style {
        case .spaceDelimited: " "
        case .pipeDelimited: "|"
        case .form, .deepObject: ","
        }
    }
}
