/// A value a template renders: the context is a tree of these.
///
/// Build one from literals (`["name": "getUser", "params": [["name": "id"]]]`) or from any `Encodable`
/// with ``init(_:)``. In sections, `false`, `null`, `""` and `[]` are falsey; everything else is truthy.
public enum MustacheValue: Hashable, Sendable {
    /// Text, rendered as is (or HTML-escaped, depending on ``RenderOptions``).
    case string(String)
    /// A whole number, rendered in decimal: `42`.
    case int(Int)
    /// A fractional number, rendered as Swift prints it: `1.21`.
    case double(Double)
    /// A flag: sections render once for `true`, not at all for `false`.
    case bool(Bool)
    /// Nothing: renders empty and is falsey, yet counts as a known name in strict mode.
    case null
    /// A sequence: sections render once per element.
    case list([MustacheValue])
    /// Named values: sections push it so its keys can be looked up.
    case map([String: MustacheValue])

    /// Whether a section over this value renders (`{{#x}}`) or its inverse does (`{{^x}}`).
    var isTruthy: Bool {
        switch self {
        case .bool(let flag): return flag
        case .null: return false
        case .string(let text): return !text.isEmpty
        case .list(let elements): return !elements.isEmpty
        case .int, .double, .map: return true
        }
    }

    /// The text an interpolation tag writes, or `nil` for lists and maps, which have none.
    var interpolated: String? {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .list, .map: return nil
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    /// A `.string` from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// An `.int` from a literal.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// A `.double` from a literal.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// A `.bool` from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByNilLiteral {
    /// `.null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// A `.list` from a literal.
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// A `.map` from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
