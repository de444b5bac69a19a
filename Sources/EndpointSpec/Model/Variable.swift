public import Diagnostics

/// A value the app supplies at run time, e.g. `deviceType`, referred to in templates as `{deviceType}`.
public struct Variable: Equatable, Sendable {
    /// The name used in templates.
    public var name: String
    /// What the value means, for the generated doc comment.
    public var description: String?
    /// The value a client starts with (`default:`), so that it works before the app sets one; `nil` when the
    /// app must supply it.
    public var defaultValue: String?
    /// Where the variable is declared.
    public var location: SourceLocation

    /// Creates a variable.
    public init(name: String, description: String?, defaultValue: String? = nil, location: SourceLocation) {
        self.name = name
        self.description = description
        self.defaultValue = defaultValue
        self.location = location
    }
}
