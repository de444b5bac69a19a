/// One piece of a template such as `/users/{id}` or `{deviceType}-ios`.
public enum TemplatePart: Equatable, Sendable {
    /// Text used as written.
    case literal(String)
    /// A `{name}` placeholder: a path parameter in paths, a run-time variable in default values.
    case placeholder(String)
}

/// Splits templates into literal text and `{name}` placeholders.
public enum Template {
    /// Why a template does not parse.
    public enum Failure: Error, Equatable, Sendable {
        /// A `{` without its `}`, or a `}` without its `{`.
        case unbalanced
        /// `{}` or a placeholder that is not a name, e.g. `{a b}`.
        case badName(String)
    }

    /// The parts of `text`; `{version}` stays a placeholder.
    public static func parse(_ text: String) -> Result<[TemplatePart], Failure> {
        var parts: [TemplatePart] = []
        var failure: Failure?
        scan(text) { literal in
            // A `{` without its `}`, or a `}` without its `{`, is left in the text between placeholders.
            if literal.contains("{") || literal.contains("}") { failure = failure ?? .unbalanced }
            if !literal.isEmpty { parts.append(.literal(literal)) }
        } placeholder: { name in
            if !isName(name) { failure = failure ?? (name.contains("{") ? .unbalanced : .badName(name)) }
            parts.append(.placeholder(name))
        }
        return failure.map { .failure($0) } ?? .success(parts)
    }

    /// `text` with each `{name}` replaced by `transform(name)`, whatever is between the braces; text outside them is
    /// kept. For text that need not parse: an OpenAPI path or server URL, whose names the importer rewrites into ours.
    public static func replacingPlaceholders(in text: String, _ transform: (String) -> String) -> String {
        var result = ""
        scan(text) { result += $0 } placeholder: { result += transform($0) }
        return result
    }

    /// The names inside `{` and `}` of `text`, in order, e.g. `["id"]` for `/users/{id}`.
    public static func placeholderNames(in text: String) -> [String] {
        var names: [String] = []
        scan(text) { _ in } placeholder: { names.append($0) }
        return names
    }

    /// The one placeholder scanner of the spec and the importer: calls `literal` with the text before, between and
    /// after the `{name}`s (possibly empty) and `placeholder` with each name, in order. A `{` is paired with the first
    /// `}` after it; a `{` without one is text.
    static func scan(_ text: String, literal: (String) -> Void, placeholder: (String) -> Void) {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literal(String(rest[..<open]))
            placeholder(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        literal(String(rest))
    }

    /// The placeholder names of parsed parts, in order.
    public static func placeholders(in parts: [TemplatePart]) -> [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Letters, digits, `_`, `-` and `.`, not starting with a digit.
    public static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
    }
}
