public import Diagnostics

/// A body sent as one value rather than spread into parameters, e.g. `body: { type: Pet }`, which makes the
/// method `addPet(_ pet: Pet)`.
///
/// `Data` is sent as it is, `String` as its UTF-8 text, anything else (a model, an array, a map, `JSON`) as JSON;
/// an optional value sends no body when it is `nil`.
public struct BodyValue: Equatable, Sendable {
    /// The argument's name as written, e.g. `pet` or `tags`; `SwiftName.member(name)` is the Swift name.
    public var name: String
    /// The type, e.g. `.model("Pet")` or `.array(.string)`.
    public var type: TypeRef
    /// Becomes the argument's doc comment.
    public var description: String?
    /// Where the body's type is written.
    public var location: SourceLocation

    /// Creates a whole-value body.
    public init(name: String, type: TypeRef, description: String? = nil, location: SourceLocation) {
        self.name = name
        self.type = type
        self.description = description
        self.location = location
    }

    /// The name a body of this type gets when the spec gives none: a model's name in lower camel case (`Pet` gives
    /// `pet`), else `body`.
    public static func defaultName(for type: TypeRef) -> String {
        if case .model(let name) = type.unwrapped { return SwiftName.member(name) }
        return "body"
    }

    /// How the value travels: as JSON, or as raw bytes for `Data` and `String`.
    public var encoding: BodyEncoding {
        switch type.unwrapped {
        case .data, .string: .binary
        default: .json
        }
    }
}

extension Endpoint {
    /// The `Content-Type` the request's body is sent with: the spec's `contentType`, else the encoding's
    /// (`text/plain; charset=utf-8` for a whole `String`); `nil` without a body. Multipart's boundary is left out.
    public var requestMediaType: String? {
        if let contentType { return contentType }
        if bodyValue?.type.unwrapped == .string { return "text/plain; charset=utf-8" }
        return bodyEncoding?.mediaType
    }
}

extension BodyEncoding {
    /// The `Content-Type` the runtime sends for a body of this encoding (multipart's boundary left out).
    public var mediaType: String {
        switch self {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .multipart: "multipart/form-data"
        case .binary: "application/octet-stream"
        }
    }
}
