/// One problem found in a user's input, printed like the compiler prints its own:
///
/// ```
/// Specs/Auth.yaml:14:20: error: endpoint 'user' path uses '{bookId}' but declares no parameter 'bookId'
///     GET: /users/{bookId}
///                 ^~~~~~~~
/// Specs/Auth.yaml:16:7: note: parameter 'id' is declared, but the path does not use it
///       id: Int
///       ^~
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
    /// How many columns from `location` the offending token covers: 1 is a lone `^`, 4 is `^~~~`.
    public var width: Int
    /// What helps fix the problem (the first definition of a duplicate, the cases an enum has, ...), each located
    /// where it points, printed after the diagnostic as `file:line:column: note: ...`.
    public var notes: [Diagnostic]

    /// Creates a diagnostic; pass `sourceLine` to get the caret snippet.
    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil, width: Int = 1,
        notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
        self.width = max(width, 1)
        self.notes = notes
    }

    /// The first line alone: `file:line:column: error: message`.
    public var headline: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }

    /// The headline, the source line and a caret under the column when both are known, then the notes.
    public var description: String {
        var lines = [headline]
        if let location, let sourceLine {
            let quoted = Self.window(of: sourceLine, column: location.column, width: width)
            lines += [quoted.line, quoted.caret]
        }
        return (lines + notes.map(\.description)).joined(separator: "\n")
    }

    /// The longest source line quoted in full, in Unicode scalars; a longer one is cut to a window of this many
    /// around the column, with `…` on each side that was cut.
    public static let maxQuotedWidth = 120

    /// The line (or the window of it around `column`) and the caret line under it: spaces up to the column (tabs
    /// kept, so that the caret lines up in a terminal), `^`, then `~` for the rest of `width`.
    static func window(of line: String, column: Int, width: Int) -> (line: String, caret: String) {
        let scalars = Array(line.unicodeScalars)
        let caretIndex = min(max(column - 1, 0), scalars.count)
        var start = 0
        var end = scalars.count
        if scalars.count > maxQuotedWidth {
            // The column a third of the way in: what follows the mistake usually says more than what precedes it.
            start = max(0, min(caretIndex - maxQuotedWidth / 3, scalars.count - maxQuotedWidth))
            end = start + maxQuotedWidth
        }
        let cutBefore = start > 0
        let cutAfter = end < scalars.count
        var quoted = cutBefore ? "…" : ""
        quoted.unicodeScalars.append(contentsOf: scalars[start..<end])
        if cutAfter { quoted += "…" }
        var caret = cutBefore ? " " : ""
        for scalar in scalars[start..<min(max(caretIndex, start), end)] {
            caret.append(scalar == "\t" ? "\t" : " ")
        }
        let visibleWidth = max(1, min(width, end - max(caretIndex, start)))
        caret += "^" + String(repeating: "~", count: visibleWidth - 1)
        return (quoted, caret)
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
