// EndpointRuntime: the rules an API's document states for an argument, checked before a request is sent.

import Foundation

/// One rule the API states for an argument (`minLength`, `maximum`, `pattern`...), already applied to the value the
/// caller gave: a request with a broken rule fails before it is sent, with `failure` as its reason, through the
/// client's `onFailure` like every failure. Generated clients write them from the spec; nothing else is checked.
///
/// ```swift
/// Request<[Pet]>(method: .get, path: "/pets", query: [QueryItem("limit", limit)], rules: [.bounds("limit", limit, max: 200)])
/// ```
public struct ArgumentRule: Sendable {
    /// What is wrong, e.g. `'limit' must be at most 200, not 500`; `nil` when the value keeps the rule.
    public let failure: String?

    private init(_ failure: String?) { self.failure = failure }

    /// The number of characters (Unicode scalars, as JSON Schema counts them) of a text; `nil` passes.
    public static func length(_ name: String, _ value: String?, min: Int? = nil, max: Int? = nil) -> ArgumentRule {
        guard let value else { return ArgumentRule(nil) }
        let count = value.unicodeScalars.count
        if let min, count < min {
            return ArgumentRule(min == 1 ? "'\(name)' must not be empty" : "'\(name)' must be at least \(characters(min)) long, not \(count)")
        }
        if let max, count > max { return ArgumentRule("'\(name)' must be at most \(characters(max)) long, not \(count)") }
        return ArgumentRule(nil)
    }

    /// A text that must contain a match of a regular expression (unanchored, as JSON Schema reads `pattern`); `nil`
    /// passes. A pattern that does not compile here checks nothing: the generator has compiled it already.
    public static func pattern(_ name: String, _ value: String?, _ pattern: String) -> ArgumentRule {
        guard let value, let expression = try? NSRegularExpression(pattern: pattern) else { return ArgumentRule(nil) }
        let whole = NSRange(value.startIndex..<value.endIndex, in: value)
        return ArgumentRule(expression.firstMatch(in: value, range: whole) == nil ? "'\(name)' must match the pattern '\(pattern)'" : nil)
    }

    /// A number within bounds, each included (`min`, `max`) or not (`above`, `below`); `nil` passes.
    public static func bounds<Value: Comparable & Sendable>(
        _ name: String, _ value: Value?, min: Value? = nil, max: Value? = nil, above: Value? = nil, below: Value? = nil
    ) -> ArgumentRule {
        guard let value else { return ArgumentRule(nil) }
        if let min, value < min { return ArgumentRule("'\(name)' must be at least \(min), not \(value)") }
        if let max, value > max { return ArgumentRule("'\(name)' must be at most \(max), not \(value)") }
        if let above, value <= above { return ArgumentRule("'\(name)' must be more than \(above), not \(value)") }
        if let below, value >= below { return ArgumentRule("'\(name)' must be less than \(below), not \(value)") }
        return ArgumentRule(nil)
    }

    /// The number of items of a list; `nil` passes.
    public static func count<Items: Collection>(_ name: String, _ value: Items?, min: Int? = nil, max: Int? = nil) -> ArgumentRule {
        guard let value else { return ArgumentRule(nil) }
        if let min, value.count < min { return ArgumentRule("'\(name)' must have at least \(items(min)), not \(value.count)") }
        if let max, value.count > max { return ArgumentRule("'\(name)' must have at most \(items(max)), not \(value.count)") }
        return ArgumentRule(nil)
    }

    private static func characters(_ count: Int) -> String { count == 1 ? "1 character" : "\(count) characters" }
    private static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
}
