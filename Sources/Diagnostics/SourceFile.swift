/// The text of one input file, indexed by line so diagnostics can quote the offending line.
public struct SourceFile: Sendable {
    /// The path as given by the user; it is what diagnostics print.
    public let path: String
    /// The whole text.
    public let text: String
    /// The lines, without their terminators; `lines[0]` is line 1.
    public let lines: [Substring]

    /// Indexes `text`, splitting on `\n`, `\r\n` and `\r`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// The text of a 1-based line, or `nil` past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
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
