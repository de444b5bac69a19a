import Diagnostics

/// Collects the diagnostics of one import, quoting the source line of whichever document each points into.
///
/// A class so the translators can report from anywhere without threading `inout` through every call.
final class ImportDiagnostics {
    private(set) var diagnostics: [Diagnostic] = []
    private var texts: [String: String] = [:]
    /// Files indexed by line, built when a diagnostic first points into them: indexing a 4 MB document is not free.
    private var sources: [String: SourceFile] = [:]
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
