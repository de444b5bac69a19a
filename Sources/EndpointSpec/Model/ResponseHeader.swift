public import Diagnostics

/// A response header an endpoint declares (`responseHeaders: { ETag: String }`), read into a typed property.
public struct ResponseHeader: Equatable, Sendable {
    /// The name on the wire as written, e.g. `Total-Records`; matched case-insensitively.
    public var name: String
    /// A built-in scalar type or its optional, e.g. `Int` or `Date?` (`Date` is an HTTP date).
    public var type: TypeRef
    /// Where the name is written.
    public var location: SourceLocation

    /// Creates a response header.
    public init(name: String, type: TypeRef, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }

    /// The types a header can be read as: the built-in scalars but `Data`.
    public static let allowedTypes: [TypeRef] = [.string, .int, .int32, .int64, .double, .float, .bool, .date, .url, .uuid]
}
