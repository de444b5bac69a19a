public import Diagnostics

/// A spec that loaded without errors, and the warnings found on the way.
public struct LoadedSpec: Equatable, Sendable {
    /// The validated, resolved spec.
    public var spec: Spec
    /// Legal but probably wrong things, sorted by location.
    public var warnings: [Diagnostic]

    /// Creates a loaded spec; `warnings` are sorted.
    public init(spec: Spec, warnings: [Diagnostic]) {
        self.spec = spec
        self.warnings = warnings.sorted()
    }
}
