import Diagnostics

/// Collects the diagnostics of one import, quoting the source line of whichever document each points into.
///
/// A class so the translators can report from anywhere without threading `inout` through every call.
final class ImportDiagnostics {
    private(set) var diagnostics: [Diagnostic] = []
    private var texts: [String: String] = [:]
    /// Each file's lines, indexed when a diagnostic first points into it.
    private var sourceLines = SourceLineCache()
    /// Messages already given at a location: a schema reached from several places warns once.
    private var seen: Set<String> = []

    /// Makes a file's lines available for quoting.
    func register(path: String, text: String) {
        texts[path] = text
    }

    func error(_ message: String, at location: SourceLocation) {
        report(.error, message, at: location)
    }

    func warning(_ message: String, at location: SourceLocation) {
        report(.warning, message, at: location)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    private func report(_ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation) {
        guard seen.insert("\(location) \(message)").inserted else { return }
        diagnostics.append(Diagnostic(severity, message, at: location, sourceLine: sourceLines.line(location.line, of: location.file) { texts[$0] }))
    }
}
