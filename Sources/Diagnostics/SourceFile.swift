/// The text of one input file, indexed by line so diagnostics can quote the offending line.
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

    /// The lines, without their terminators (`\n`, `\r\n` or `\r`); `lines[0]` is line 1.
    public var lines: [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak)
    }

    /// The text of a 1-based line, or `nil` past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var remaining = number - 1
        var start = text.startIndex
        while remaining > 0 {
            guard let end = text[start...].firstIndex(where: Self.isLineBreak) else { return nil }
            start = text.index(after: end)
            remaining -= 1
        }
        return String(text[start...].prefix(while: { !Self.isLineBreak($0) }))
    }

    private static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// The location of a 1-based line and column in this file.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    /// A diagnostic at a 1-based line and column of this file, quoting the line.
    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, line: Int, column: Int) -> Diagnostic {
        Diagnostic(severity, message, at: location(line: line, column: column), sourceLine: self.line(line))
    }

    /// A diagnostic at a location in this file, quoting the line.
    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity, message, at: location, sourceLine: location.file == path ? line(location.line) : nil)
    }
}
