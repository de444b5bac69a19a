import Diagnostics

/// Collects the diagnostics of one load, quoting the source line of whichever file each points into.
///
/// A class so that the decoder's helpers can report from anywhere without threading `inout` through.
final class DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []
    private var texts: [String: String] = [:]
    /// Files indexed by line, built when a diagnostic first points into them, so a file that loads without
    /// problems is never indexed and one with thousands of warnings is indexed once.
    private var lineIndexes: [String: LineIndex] = [:]

    /// Makes a file's lines available for quoting.
    func register(path: String, text: String) {
        texts[path] = text
    }

    /// Adds diagnostics that arrived already formed, e.g. from the YAML parser.
    func add(_ diagnostics: [Diagnostic]) {
        self.diagnostics += diagnostics
    }

    func error(_ message: String, at location: SourceLocation) {
        report(.error, message, at: location)
    }

    func warning(_ message: String, at location: SourceLocation) {
        report(.warning, message, at: location)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    private func report(_ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(severity, message, at: location, sourceLine: lineIndex(location.file)?.line(location.line)))
    }

    private func lineIndex(_ path: String) -> LineIndex? {
        if let index = lineIndexes[path] { return index }
        guard let text = texts[path] else { return nil }
        let index = LineIndex(text)
        lineIndexes[path] = index
        return index
    }
}
