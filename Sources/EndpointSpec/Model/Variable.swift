public import Diagnostics

/// A value the app supplies at run time, e.g. `deviceType`, referred to in templates as `{deviceType}`.
public struct Variable: Equatable, Sendable {
    /// The name used in templates.
    public var name: String
    /// What the value means, for the generated doc comment.
    public var description: String?
    /// Where the variable is declared.
    public var location: SourceLocation

    /// Creates a variable.
    public init(name: String, description: String?, location: SourceLocation) {
        self.name = name
        self.description = description
        self.location = location
    }
}
