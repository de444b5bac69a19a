/// Doc comments from free text.
enum DocComment {
    /// `///` lines for a text: one per source line, blank lines as `///`, invisible characters shown as
    /// `U+XXXX`, so nothing in the text can end the comment or hide code.
    static func lines(_ text: String?) -> [String] {
        SwiftLiteral.docLines(text).map { $0.isEmpty ? "///" : "/// " + $0 }
    }

    /// The text's lines, a blank line, then the extra lines; just the extra lines when there is no text.
    static func lines(_ text: String?, then extra: [String]) -> [String] {
        let head = lines(text)
        let tail = extra.flatMap { lines($0) }
        return head.isEmpty ? tail : head + ["///"] + tail
    }

    /// The callouts of a method's doc comment: `- Parameter name: text` for one documented parameter,
    /// `- Parameters:` with a `- name: text` line each for several, then `- Returns: text`; a text's further
    /// lines are indented under its callout.
    static func callouts(parameters: [(name: String, text: String)], returns: String?) -> [String] {
        func callout(_ head: String, _ text: String, indent: String) -> [String] {
            let lines = SwiftLiteral.docLines(text)
            guard let first = lines.first else { return [] }
            return ["/// \(head) \(first)"] + lines.dropFirst().map { $0.isEmpty ? "///" : "/// \(indent)\($0)" }
        }
        var result: [String] = []
        if parameters.count == 1, let only = parameters.first {
            result += callout("- Parameter \(only.name):", only.text, indent: "  ")
        } else if !parameters.isEmpty {
            result.append("/// - Parameters:")
            for parameter in parameters { result += callout("  - \(parameter.name):", parameter.text, indent: "    ") }
        }
        if let returns { result += callout("- Returns:", returns, indent: "  ") }
        return result
    }
}
