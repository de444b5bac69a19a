import Foundation

/// A value that can be a path, query, header or form parameter: it gives its text form(s).
///
/// One value gives one string, an array gives one per element (repeated query keys), `nil` gives none
/// (the parameter is omitted). Generated string enums conform with `extension Role: ParameterValue {}`.
public protocol ParameterValue {
    /// The text forms of the value, e.g. `["42"]`, `["a", "b"]` or `[]`.
    var parameterValues: [String] { get }
}

extension ParameterValue where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    public var parameterValues: [String] { [rawValue] }
}

extension ParameterValue where Self: LosslessStringConvertible {
    /// The value's `description`, e.g. `42`, `1.5`, `true`.
    public var parameterValues: [String] { [description] }
}

extension String: ParameterValue {}
extension Int: ParameterValue {}
extension Int32: ParameterValue {}
extension Int64: ParameterValue {}
extension Double: ParameterValue {}
extension Float: ParameterValue {}
extension Bool: ParameterValue {}

extension Date: ParameterValue {
    /// ISO 8601 in UTC, e.g. `2024-05-01T12:00:00Z`.
    public var parameterValues: [String] { [formatted(.iso8601)] }
}

extension UUID: ParameterValue {
    /// The lower-case UUID string, e.g. `e621e1f8-c36c-495a-93fc-0c247a3e6e5f`: RFC 9562 has UUIDs written in lower
    /// case, and servers that keep ids as text (Jupyter's kernels and sessions) match them case-sensitively.
    public var parameterValues: [String] { [uuidString.lowercased()] }
}

extension URL: ParameterValue {
    /// The absolute string.
    public var parameterValues: [String] { [absoluteString] }
}

extension Array: ParameterValue where Element: ParameterValue {
    /// One string per element, in order.
    public var parameterValues: [String] { flatMap(\.parameterValues) }
}

extension Optional: ParameterValue where Wrapped: ParameterValue {
    /// The wrapped value's strings, or none for `nil`.
    public var parameterValues: [String] { self?.parameterValues ?? [] }
}
