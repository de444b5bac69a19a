import Diagnostics

/// Collects the diagnostics of one load, quoting the source line of whichever file each points into.
///
/// Stops at `maxErrors` errors, as compilers do: one more error is reported as "too many errors" where it stood,
/// and everything after it is dropped. A hostile spec whose every include closes a cycle would otherwise report
/// thousands, each quoting a chain of kilobyte-long paths (a 4.5 KB fuzz input made 19,076 errors, 37 MB of text).
///
/// A class so that the decoder's helpers can report from anywhere without threading `inout` through.
final class DiagnosticSink {
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

    func error(_ message: String, at location: SourceLocation) {
        report(.error, message, at: location)
    }

    func warning(_ message: String, at location: SourceLocation) {
        report(.warning, message, at: location)
    }

    var hasErrors: Bool { errorCount > 0 || reachedErrorLimit }

    private func report(_ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation) {
        guard !reachedErrorLimit else { return }
        let sourceLine = sourceLines.line(location.line, of: location.file) { texts[$0] }
        append(Diagnostic(severity, message, at: location, sourceLine: sourceLine))
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
