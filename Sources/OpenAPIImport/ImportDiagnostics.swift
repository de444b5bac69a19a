import Diagnostics

/// Collects the diagnostics of one import, quoting the source line of whichever document each points into.
///
/// A class so the translators can report from anywhere without threading `inout` through every call.
final class ImportDiagnostics {
    private(set) var diagnostics: [Diagnostic] = []
    private var texts: [String: String] = [:]
    /// Where each line starts, per file, built when a diagnostic first points into it: a large document can
    /// give thousands of warnings, and finding each line from the start of 4 MB would take minutes.
    private var lineStarts: [String: [String.UTF8View.Index]] = [:]
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
        diagnostics.append(Diagnostic(severity, message, at: location, sourceLine: line(location.line, of: location.file)))
    }

    /// The text of a 1-based line of a registered file, without its line break.
    private func line(_ number: Int, of path: String) -> String? {
        guard let text = texts[path] else { return nil }
        let starts = lineStarts[path] ?? Self.lineStarts(text)
        lineStarts[path] = starts
        guard number >= 1, number <= starts.count else { return nil }
        let utf8 = text.utf8
        let start = starts[number - 1]
        let end = utf8[start...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? utf8.endIndex
        return String(text[start..<end])
    }

    /// The index after each `\n`, `\r\n` or `\r`, and the start of the text.
    private static func lineStarts(_ text: String) -> [String.UTF8View.Index] {
        let utf8 = text.utf8
        var starts = [utf8.startIndex]
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\r"), index < utf8.endIndex, utf8[index] == UInt8(ascii: "\n") { continue }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(index) }
        }
        return starts
    }
}
