/// Choices that shape the generated code but are not part of the spec.
public struct GeneratorOptions: Equatable, Sendable {
    /// The access level of generated declarations.
    public enum Access: String, Equatable, Sendable, CaseIterable {
        case `public`, package, `internal`
    }

    /// `public` unless told otherwise.
    public var access: Access
    /// Whether to add a completion-handler variant of every endpoint method.
    public var completionHandlers: Bool
    /// How the generated code is spread over files.
    public var split: FileSplit

    /// Creates options.
    public init(access: Access = .public, completionHandlers: Bool = false, split: FileSplit = .automatic) {
        self.access = access
        self.completionHandlers = completionHandlers
        self.split = split
    }

    /// The modifier as it prefixes a declaration: `public `, `package ` or nothing.
    var modifier: String { access == .internal ? "" : access.rawValue + " " }
}
