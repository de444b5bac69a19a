public import Diagnostics

/// One input of an endpoint, e.g. `id: Int` bound to `{id}`.
public struct Parameter: Equatable, Sendable {
    /// Where a parameter is sent.
    public enum Placement: String, Equatable, Sendable, CaseIterable {
        /// A `{name}` in the path, a query item, a header, a cookie (all of a request's in one `Cookie` header),
        /// or a member of the body.
        case path, query, header, cookie, body
    }

    /// The name as written; `SwiftName.member(name)` is the Swift argument label.
    public var name: String
    /// The name on the wire (`key:`), the same as `name` unless the spec says otherwise.
    public var wireName: String
    /// The type.
    public var type: TypeRef
    /// Where it is sent, resolved: `{name}` in the path, else `in:`, else query for methods without body, else body.
    public var placement: Placement
    /// Never logged.
    public var secret: Bool
    /// The value used when the caller gives none, as written in the spec.
    public var defaultValue: SpecValue?
    /// Becomes part of the generated doc comment.
    public var description: String?
    /// Where the parameter's name is written.
    public var location: SourceLocation
    /// The file name a `Data` part of a multipart body is sent with (`filename:`); `nil` sends the field name.
    public var filename: String?
    /// The content type a `Data` part of a multipart body is sent with (`contentType:`); `nil` sends
    /// `application/octet-stream`.
    public var contentType: String?
    /// How a structured value is written in a query string or form body (`style:`, `explode:`); `nil` sends the
    /// value's text (an array repeats the name).
    public var style: ParameterStyle?
    /// A map whose entries are sent as members of the body beside the other parameters (`flat: true`): an object
    /// body's additional properties, a form's fields or a multipart body's parts named when the request is made.
    public var flat: Bool
    /// For a header of one part of a multipart body (`in: header`, `part:`), the name of the body parameter whose part
    /// carries it; `nil` for a header of the request.
    public var part: String?
    /// What the API accepts beyond the type (`minLength`, `maximum`...), checked before sending.
    public var rules: ParameterRules

    /// Creates a parameter.
    public init(
        name: String, wireName: String, type: TypeRef, placement: Placement, secret: Bool, defaultValue: SpecValue?,
        description: String?, location: SourceLocation, filename: String? = nil, contentType: String? = nil,
        style: ParameterStyle? = nil, flat: Bool = false, part: String? = nil, rules: ParameterRules = ParameterRules()
    ) {
        self.part = part
        self.rules = rules
        self.style = style
        self.flat = flat
        self.filename = filename
        self.contentType = contentType
        self.name = name
        self.wireName = wireName
        self.type = type
        self.placement = placement
        self.secret = secret
        self.defaultValue = defaultValue
        self.description = description
        self.location = location
    }

    /// Required unless its type is optional or it has a default.
    public var isRequired: Bool { !type.isOptional && defaultValue == nil }
}
