public import Diagnostics

/// What every request carries.
public struct Defaults: Equatable, Sendable {
    /// Query items, in source order.
    public var query: [DefaultParameter]
    /// Headers, in source order.
    public var headers: [DefaultParameter]

    /// Creates defaults.
    public init(query: [DefaultParameter] = [], headers: [DefaultParameter] = []) {
        self.query = query
        self.headers = headers
    }
}

/// A fixed query item or header, e.g. `device_type: "{deviceType}"`.
public struct DefaultParameter: Equatable, Sendable {
    /// The name on the wire, e.g. `device_type` or `Accept`.
    public var name: String
    /// The value template as written, e.g. `{deviceType}`.
    public var value: String
    /// The value split into text and run-time variables; `{version}` is already replaced by the spec's version.
    public var parts: [TemplatePart]
    /// Where the item is written.
    public var location: SourceLocation

    /// Creates a default parameter.
    public init(name: String, value: String, parts: [TemplatePart], location: SourceLocation) {
        self.name = name
        self.value = value
        self.parts = parts
        self.location = location
    }
}
