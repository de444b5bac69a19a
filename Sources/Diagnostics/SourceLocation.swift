/// A 1-based position in a source file, as the compiler prints it.
///
/// For example `Specs/Auth.yaml:14:5` is `SourceLocation(file: "Specs/Auth.yaml", line: 14, column: 5)`.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path as the user gave it, e.g. `Specs/Auth.yaml`.
    public var file: String
    /// The line, counting from 1.
    public var line: Int
    /// The column in Unicode scalars, counting from 1.
    public var column: Int

    /// Creates a location; line and column count from 1.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column, so diagnostics sort as they appear in the source.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
