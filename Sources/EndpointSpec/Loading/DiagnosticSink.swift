import Diagnostics

/// Collects the diagnostics of one load, quoting the source line of whichever file each points into.
///
/// A class so that the decoder's helpers can report from anywhere without threading `inout` through.
final class DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []
    private var sources: [String: SourceFile] = [:]

    /// Makes a file's lines available for quoting.
    func register(_ source: SourceFile) {
        sources[source.path] = source
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
        let diagnostic = sources[location.file]?.diagnostic(severity, message, at: location) ?? Diagnostic(severity, message, at: location)
        diagnostics.append(diagnostic)
    }
}
