/// A type that builds its own context value, which is much cheaper than ``MustacheValue/init(_:)``'s trip
/// through `Encodable` for a large context (a generator's context for a thousand endpoints, say).
public protocol MustacheRepresentable {
    /// This value as the templates see it; the same shape `MustacheValue(self)` would give for a `Codable` type.
    var mustacheValue: MustacheValue { get }
}

extension String: MustacheRepresentable {
    /// `.string(self)`.
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Bool: MustacheRepresentable {
    /// `.bool(self)`.
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Int: MustacheRepresentable {
    /// `.int(self)`.
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Optional: MustacheRepresentable where Wrapped: MustacheRepresentable {
    /// The wrapped value's, or `.null`.
    public var mustacheValue: MustacheValue { self?.mustacheValue ?? .null }
}

extension Array: MustacheRepresentable where Element: MustacheRepresentable {
    /// `.list` of the elements' values.
    public var mustacheValue: MustacheValue {
        .list(map { $0.mustacheValue })  // a closure: a key path here cost several times as much
    }
}
