import Diagnostics
import YAML

/// Collects the diagnostics of one load, quoting the source line of whichever file each points into.
///
/// Stops at `maxErrors` errors, as compilers do: one more error is reported as "too many errors" where it stood,
/// and everything after it is dropped. A hostile spec whose every include closes a cycle would otherwise report
/// thousands, each quoting a chain of kilobyte-long paths (a 4.5 KB fuzz input made 19,076 errors, 37 MB of text).
///
/// A class so that the decoder's helpers can report from anywhere without threading `inout` through.
final class DiagnosticSink {
    /// Where a diagnostic points: the location and how many columns the offending token covers.
    struct Span {
        var location: SourceLocation
        var width = 1
    }

    private(set) var diagnostics: [Diagnostic] = []
    /// True once the error limit is reached: the spec is refused, and work that only finds more errors can stop.
    private(set) var reachedErrorLimit = false
    private let maxErrors: Int
    private var errorCount = 0
    private var texts: [String: String] = [:]
    private var sourceLines = SourceLineCache()

    init(maxErrors: Int) {
        self.maxErrors = maxErrors
    }

    /// Makes a file's lines available for quoting.
    func register(path: String, text: String) {
        texts[path] = text
    }

    /// Adds diagnostics that arrived already formed, e.g. from the YAML parser.
    func add(_ diagnostics: [Diagnostic]) {
        diagnostics.forEach(append)
    }

    func error(_ message: String, at location: SourceLocation, notes: [Diagnostic] = []) {
        report(.error, message, at: Span(location: location), notes: notes)
    }

    func error(_ message: String, at node: YAMLNode, notes: [Diagnostic] = []) {
        report(.error, message, at: span(of: node), notes: notes)
    }

    func error(_ message: String, at span: Span, notes: [Diagnostic] = []) {
        report(.error, message, at: span, notes: notes)
    }

    func warning(_ message: String, at node: YAMLNode, notes: [Diagnostic] = []) {
        report(.warning, message, at: span(of: node), notes: notes)
    }

    func warning(_ message: String, at span: Span) {
        report(.warning, message, at: span, notes: [])
    }

    /// A note for an error or warning, quoting its line.
    func note(_ message: String, at span: Span) -> Diagnostic {
        diagnostic(.note, message, at: span)
    }

    func note(_ message: String, at node: YAMLNode) -> Diagnostic {
        note(message, at: span(of: node))
    }

    /// A note about a whole file, such as the one an include probably meant: located at its start, quoting nothing.
    func note(_ message: String, aboutFile path: String) -> Diagnostic {
        Diagnostic(.note, message, at: SourceLocation(file: path, line: 1, column: 1))
    }

    var hasErrors: Bool { errorCount > 0 || reachedErrorLimit }

    // MARK: Spans

    /// The span of a node: a scalar on one line covers its text as written (quotes included) when the source line
    /// shows it verbatim (no escapes, no folding); anything else is its first column.
    func span(of node: YAMLNode) -> Span {
        guard let written = writtenScalar(node) else { return Span(location: node.location) }
        return Span(location: node.location, width: written.width)
    }

    /// The span of characters `range` (in Unicode scalars) of a scalar's text, e.g. the `{id}` of a path; the
    /// scalar's own span when its text cannot be found verbatim on its line.
    func span(of node: YAMLNode, scalars range: Range<Int>) -> Span {
        guard let written = writtenScalar(node) else { return span(of: node) }
        var location = node.location
        location.column += written.textStart + range.lowerBound
        return Span(location: location, width: max(range.count, 1))
    }

    /// The span of `text` (a name) written at `location`, plain or quoted; its first column when it is not there as is.
    func span(of text: String, at location: SourceLocation) -> Span {
        guard let line = line(of: location) else { return Span(location: location) }
        return Span(location: location, width: SourceFile.width(of: text, inLine: line, column: location.column))
    }

    /// The text of a flow collection written on one line, e.g. `[String]`, as it stands in the source.
    func flowText(of node: YAMLNode) -> String? {
        guard node.scalar == nil, let line = line(of: node.location) else { return nil }
        let scalars = Array(line.unicodeScalars)
        let start = node.location.column - 1
        guard scalars.indices.contains(start), scalars[start] == "[" || scalars[start] == "{" else { return nil }
        var depth = 0
        for index in start..<scalars.count {
            switch scalars[index] {
            case "[", "{": depth += 1
            case "]", "}":
                depth -= 1
                if depth == 0 {
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars[start...index])
                    return text
                }
            default: break
            }
        }
        return nil
    }

    /// Where a one-line scalar's text starts after its location (1 past a quote) and how wide it is as written.
    private func writtenScalar(_ node: YAMLNode) -> (textStart: Int, width: Int)? {
        guard let scalar = node.scalar, !scalar.text.isEmpty || scalar.style != .plain, let line = line(of: node.location) else { return nil }
        let scalars = Array(line.unicodeScalars)
        let text = Array(scalar.text.unicodeScalars)
        let start = node.location.column - 1
        let quote: Unicode.Scalar?
        switch scalar.style {
        case .plain: quote = nil
        case .singleQuoted: quote = "'"
        case .doubleQuoted: quote = "\""
        case .literal, .folded: return nil
        }
        let textStart = quote == nil ? 0 : 1
        let end = start + textStart + text.count
        guard start >= 0, end + textStart <= scalars.count else { return nil }
        if let quote {
            guard scalars[start] == quote, scalars[end] == quote else { return nil }
        }
        guard Array(scalars[(start + textStart)..<end]) == text else { return nil }
        return (textStart, text.count + 2 * textStart)
    }

    private func line(of location: SourceLocation) -> String? {
        sourceLines.line(location.line, of: location.file) { texts[$0] }
    }

    // MARK: Reporting

    private func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at span: Span, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(severity, message, at: span.location, sourceLine: line(of: span.location), width: span.width, notes: notes)
    }

    private func report(_ severity: Diagnostic.Severity, _ message: String, at span: Span, notes: [Diagnostic]) {
        guard !reachedErrorLimit else { return }
        append(diagnostic(severity, message, at: span, notes: notes))
    }

    private func append(_ diagnostic: Diagnostic) {
        guard !reachedErrorLimit else { return }
        guard diagnostic.severity == .error else { return diagnostics.append(diagnostic) }
        guard errorCount < maxErrors else {
            reachedErrorLimit = true
            diagnostics.append(Diagnostic(.error, "too many errors, stopping after the first \(maxErrors)", at: diagnostic.location, sourceLine: diagnostic.sourceLine))
            return
        }
        errorCount += 1
        diagnostics.append(diagnostic)
    }
}
