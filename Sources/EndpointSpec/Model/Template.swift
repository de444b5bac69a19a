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
        var literal = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "}" { return .failure(.unbalanced) }
            guard character == "{" else {
                literal.append(character)
                continue
            }
            guard let close = rest.firstIndex(of: "}") else { return .failure(.unbalanced) }
            let name = String(rest[..<close])
            guard isName(name) else { return .failure(name.contains("{") ? .unbalanced : .badName(name)) }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.placeholder(name))
            rest = rest[rest.index(after: close)...]
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(parts)
    }

    /// `text` with each `{name}` replaced by `transform(name)`, whatever is between the braces; text outside them is
    /// kept. For text that need not parse: an OpenAPI path or server URL, whose names the importer rewrites into ours.
    public static func replacingPlaceholders(in text: String, _ transform: (String) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open] + transform(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The names inside `{` and `}` of `text`, in order, e.g. `["id"]` for `/users/{id}`.
    public static func placeholderNames(in text: String) -> [String] {
        var names: [String] = []
        _ = replacingPlaceholders(in: text) { name in
            names.append(name)
            return ""
        }
        return names
    }

    /// The placeholder names of parsed parts, in order.
    public static func placeholders(in parts: [TemplatePart]) -> [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Letters, digits, `_`, `-` and `.`, not starting with a digit.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
    }
}
