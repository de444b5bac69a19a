import Diagnostics
import Foundation
import YAML

extension SpecDecoder {
    /// A parameter's rules (`ParameterRules`): each key only for the type it is about (`minLength`, `maxLength` and
    /// `pattern` for a `String`; `minimum`, `maximum`, `exclusiveMinimum` and `exclusiveMaximum` for a number;
    /// `minItems` and `maxItems` for a list), bounds in order, and a pattern that compiles.
    func parameterRules(_ fields: Fields, type: TypeRef, context: String) -> ParameterRules {
        let unwrapped = type.unwrapped
        let isList = if case .array = unwrapped { true } else { false }
        let isInteger = [.int, .int32, .int64].contains(unwrapped)
        let isNumber = isInteger || [.double, .float, .decimal].contains(unwrapped)
        /// The key's value when the type is one it is about; reports it otherwise.
        func node(_ key: String, fits: Bool, for kind: String) -> YAMLNode? {
            guard let pair = fields.pair(key) else { return nil }
            guard fits else {
                sink.error("'\(key)' of \(context) is for \(kind), but its type is '\(type)'", at: pair.key)
                return nil
            }
            return pair.value
        }
        func count(_ key: String, fits: Bool, for kind: String) -> Int? {
            node(key, fits: fits, for: kind).flatMap { int($0, "'\(key)' of \(context)", in: 0...Int.max) }
        }
        func number(_ key: String) -> SpecValue? {
            guard let node = node(key, fits: isNumber, for: "a number") else { return nil }
            switch SpecValue(node.resolved) {
            case .int(let value): return .int(value)
            case .double(let value) where value.isFinite && !isInteger: return .double(value)
            default:
                let written = node.text.map { "'\($0)'" } ?? "a \(node.kindDescription)"
                sink.error("'\(key)' of \(context) must be \(isInteger ? "an integer" : "a number"), not \(written)", at: node)
                return nil
            }
        }
        var rules = ParameterRules(
            minLength: count("minLength", fits: unwrapped == .string, for: "a String"),
            maxLength: count("maxLength", fits: unwrapped == .string, for: "a String"),
            minimum: number("minimum"), maximum: number("maximum"),
            exclusiveMinimum: number("exclusiveMinimum"), exclusiveMaximum: number("exclusiveMaximum"),
            minItems: count("minItems", fits: isList, for: "a list"), maxItems: count("maxItems", fits: isList, for: "a list"))
        if let node = node("pattern", fits: unwrapped == .string, for: "a String"), let pattern = string(node, "the pattern of \(context)") {
            if (try? NSRegularExpression(pattern: pattern)) == nil {
                sink.error("the pattern of \(context) is not a regular expression: '\(pattern)'", at: node)
            } else {
                rules.pattern = pattern
            }
        }
        for (low, high) in [("minLength", "maxLength"), ("minItems", "maxItems")] {
            if let least = fields[low].flatMap(\.text).flatMap(Int.init), let most = fields[high].flatMap(\.text).flatMap(Int.init), least > most {
                sink.error("'\(low)' of \(context) is \(least), more than its '\(high)' \(most): no value would do", at: fields.pair(low)!.key)
            }
        }
        return rules
    }
}
