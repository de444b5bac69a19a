import Diagnostics

/// Collects the diagnostics of one load, quoting the source line of whichever file each points into.
///
/// A class so that the decoder's helpers can report from anywhere without threading `inout` through.
final class DiagnosticSink {
    private(set) var diagnostics: [Diagnostic] = []
    private var texts: [String: String] = [:]
    /// Files indexed by line, built when a diagnostic first points into them: indexing is slow on big specs.
    private var sources: [String: SourceFile] = [:]

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
        diagnostics.append(source(location.file)?.diagnostic(severity, message, at: location) ?? Diagnostic(severity, message, at: location))
    }

    private func source(_ path: String) -> SourceFile? {
        if let source = sources[path] { return source }
        guard let text = texts[path] else { return nil }
        let source = SourceFile(path: path, text: text)
        sources[path] = source
        return source
    }
}
