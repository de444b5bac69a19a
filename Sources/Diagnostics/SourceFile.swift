/// The text of one input file, whose lines diagnostics quote.
public struct SourceFile: Sendable {
    /// The path as given by the user; it is what diagnostics print.
    public let path: String
    /// The whole text.
    public let text: String
    /// Keeps the text; lines are found only when a diagnostic needs one, so a file that loads without
    /// problems never pays for indexing.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The text of a 1-based line without its terminator (`\n`, `\r\n` or `\r`), or `nil` past the end.
    ///
    /// Indexes the whole text for one line; to quote many lines of a file, keep a `LineIndex` instead.
    public func line(_ number: Int) -> String? {
        LineIndex(text).line(number)
    }

    /// The location of a 1-based line and column in this file.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    /// A diagnostic at a 1-based line and column of this file, quoting the line.
    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, line: Int, column: Int) -> Diagnostic {
        Diagnostic(severity, message, at: location(line: line, column: column), sourceLine: self.line(line))
    }

    /// The columns `text` (a key or name) covers when it is written at `column` of `line`, plain or quoted; 1 when it
    /// is not there as is (escaped, folded, or another token).
    public static func width(of text: String, inLine line: String, column: Int) -> Int {
        let scalars = Array(line.unicodeScalars), target = Array(text.unicodeScalars)
        let start = column - 1
        guard start >= 0, start < scalars.count, !target.isEmpty else { return 1 }
        let quote = scalars[start] == "\"" || scalars[start] == "'" ? scalars[start] : nil
        let textStart = start + (quote == nil ? 0 : 1)
        let end = textStart + target.count
        guard end <= scalars.count, Array(scalars[textStart..<end]) == target else { return 1 }
        if let quote {
            guard end < scalars.count, scalars[end] == quote else { return 1 }
            return target.count + 2
        }
        return target.count
    }

    /// A diagnostic at a location in this file, quoting the line.
    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity, message, at: location, sourceLine: location.file == path ? line(location.line) : nil)
    }
}
