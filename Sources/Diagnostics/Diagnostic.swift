/// One problem found in a user's input, printed like the compiler prints its own:
///
/// ```
/// Specs/Auth.yaml:14:5: error: endpoint 'user' path uses '{id}' but declares no parameter 'id'
///     GET: /users/{id}
///     ^
/// ```
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Hashable, Sendable {
        case error, warning, note
    }

    /// Whether this stops generation (`error`) or is only reported (`warning`, `note`).
    public var severity: Severity
    /// What went wrong, in one sentence without a trailing period, e.g. `unknown key 'hots'; did you mean 'host'?`.
    public var message: String
    /// Where; `nil` for problems that belong to no file (e.g. a missing command-line argument).
    public var location: SourceLocation?
    /// The text of the source line at `location`, shown under the message with a caret.
    public var sourceLine: String?

    /// Creates a diagnostic; pass `sourceLine` to get the caret snippet.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
    }

    /// The first line alone: `file:line:column: error: message`.
    public var headline: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }

    /// The headline, then the source line and a caret under the column when both are known.
    public var description: String {
        guard let location, let sourceLine else { return headline }
        return headline + "\n" + sourceLine + "\n" + Self.caret(under: sourceLine, column: location.column)
    }

    /// Spaces up to the column (keeping tabs, so the caret lines up in a terminal), then `^`.
    static func caret(under line: String, column: Int) -> String {
        var padding = ""
        for scalar in line.unicodeScalars.prefix(max(column - 1, 0)) {
            padding.append(scalar == "\t" ? "\t" : " ")
        }
        return padding + "^"
    }
}

extension Diagnostic: Comparable {
    /// Located diagnostics first, in source order; unlocated ones after, in message order.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case let (l?, r?): return l != r ? l < r : lhs.message < rhs.message
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs.message < rhs.message
        }
    }
}
