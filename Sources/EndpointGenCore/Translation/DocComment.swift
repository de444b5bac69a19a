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
}
