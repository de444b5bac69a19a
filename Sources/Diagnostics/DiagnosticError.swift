/// Every problem found in one run, thrown once so the user sees all of them together.
///
/// Holds errors and the warnings found alongside them, sorted by location.
public struct DiagnosticError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The diagnostics, sorted by location.
    public var diagnostics: [Diagnostic]

    /// Creates the error from diagnostics in any order.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted()
    }

    /// Creates the error from a single diagnostic.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    /// Only those of severity `error`.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Each diagnostic with its snippet, one after the other.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
