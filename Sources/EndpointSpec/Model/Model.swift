public import Diagnostics

/// A type the API sends or receives: an object with properties, an open enumeration of strings or numbers, or one of several types.
public struct Model: Equatable, Sendable {
    /// What the model is.
    public enum Kind: Equatable, Sendable {
        /// A JSON object.
        case object([Property])
        /// An enumeration of strings, or of numbers when `rawType` is `Int`, `Int32`, `Int64` or `Double`; unknown values
        /// decode rather than fail.
        case enumeration([EnumCase], rawType: TypeRef = .string)
        /// A value of one of several types: an enum with a case per alternative and one for unknown values.
        case oneOf(OneOf)
    }

    /// The name as written; `SwiftName.type(name)` is the Swift type name.
    public var name: String
    /// An object, an enumeration or a `oneOf`.
    public var kind: Kind
    /// Becomes the generated type's doc comment.
    public var description: String?
    /// Where the model's name is written (in an included file for shared models).
    public var location: SourceLocation
    /// The model this one is another name for (`sameAs:`), generated as a `typealias` of it; `kind` is then that
    /// model's, so that every check and lookup by name sees what the type is.
    public var sameAs: String?
    /// For an object, the type of its members beyond `properties` (`additionalProperties:`), kept by key in a map and
    /// encoded back flat beside them; `nil` when the object has none.
    public var additionalProperties: TypeRef?
    /// Marks what an app uses to make a value `@available(*, deprecated)` (`deprecated: true`): an object's `init`, an
    /// enum's known values; the type itself stays unmarked, since the generated client names it.
    public var deprecated: Bool

    /// Creates a model.
    public init(
        name: String, kind: Kind, description: String?, location: SourceLocation, sameAs: String? = nil, additionalProperties: TypeRef? = nil,
        deprecated: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.description = description
        self.location = location
        self.sameAs = sameAs
        self.additionalProperties = additionalProperties
        self.deprecated = deprecated
    }
}

/// One property of an object model, e.g. `expiresAt: { type: Date, key: expires_at }`.
public struct Property: Equatable, Sendable {
    /// The name as written; `SwiftName.member(name)` is the Swift property name.
    public var name: String
    /// The JSON key, the same as `name` unless the spec says otherwise.
    public var wireName: String
    /// The type.
    public var type: TypeRef
    /// The value used when the JSON lacks the key, as written in the spec.
    public var defaultValue: SpecValue?
    /// Becomes the property's doc comment.
    public var description: String?
    /// Where the property's name is written.
    public var location: SourceLocation
    /// How the property is written in XML bodies (`xml:`), or `nil` for a child element.
    public var xml: XMLMark?
    /// Marks the generated property `@available(*, deprecated)` (`deprecated: true`).
    public var deprecated: Bool
    /// What `nil` of an optional property is on the wire.
    public var null: NullForm

    /// Creates a property.
    public init(
        name: String, wireName: String, type: TypeRef, defaultValue: SpecValue?, description: String?, location: SourceLocation,
        xml: XMLMark? = nil, deprecated: Bool = false, null: NullForm = .absent
    ) {
        self.xml = xml
        self.deprecated = deprecated
        self.null = null
        self.name = name
        self.wireName = wireName
        self.type = type
        self.defaultValue = defaultValue
        self.description = description
        self.location = location
    }
}

/// What an optional property's `nil` is on the wire, and whether `null` and a missing key are told apart.
public enum NullForm: Equatable, Sendable {
    /// The key is left out; a `null` received decodes as `nil` too (the default).
    case absent
    /// The key is always sent, `nil` as `null` (`required: true`: the document requires the key and allows `null`).
    case sent
    /// A missing key, `null` and a value are three states (`nullable: true`): the property is `T?`, and the model's
    /// `nulls` (`NullMembers`) holds its key when it is `null`, received or to be sent.
    case kept
}

/// One case of an enumeration model, e.g. `admin`.
public struct EnumCase: Equatable, Sendable {
    /// The value on the wire; `SwiftName.member(value)` is the Swift case name.
    public var value: String
    /// What the value means, for the generated doc comment.
    public var description: String?
    /// Where the case is written.
    public var location: SourceLocation

    /// The raw types an enumeration may have: strings, or integers and numbers (`type: integer, enum: [0, 10]`).
    public static let rawTypes: [TypeRef] = [.string, .int, .int32, .int64, .double]

    /// The Swift name of a case of an enumeration of `rawType`: lower camel case for text (`in_progress` is
    /// `inProgress`); for a number, its digits after `_`, a sign as `minus` and a point as `_` (`_10`, `_minus1`, `_0_5`).
    public static func swiftName(_ value: String, rawType: TypeRef) -> String {
        guard rawType != .string else { return SwiftName.member(value) }
        return "_" + value.map { character in
            switch character {
            case "-": "minus"
            case "+": ""
            case ".": "_"
            default: String(character)
            }
        }.joined()
    }

    /// A value of an enumeration of `rawType` in one form: text as it is; a number as Swift writes it (`10` for `+10`,
    /// `0.5` for `.5`, `10.0` for a `Double`'s `10`), so that one number is one case. `nil` when the text is no value of
    /// the type (an integer out of range, a number that is not finite).
    public static func normalized(_ text: String, rawType: TypeRef) -> String? {
        switch rawType {
        case .int, .int64: Int64(text).map { String($0) }
        case .int32: Int32(text).map { String($0) }
        case .double: Double(text).flatMap { $0.isFinite ? String($0) : nil }
        default: text
        }
    }

    /// Whether `text` is the value of this case of an enumeration of `rawType`: the same text, or the same number.
    public func matches(_ text: String, rawType: TypeRef) -> Bool {
        guard let number = Self.normalized(text, rawType: rawType) else { return false }
        return number == Self.normalized(value, rawType: rawType)
    }

    /// Creates a case.
    public init(value: String, description: String? = nil, location: SourceLocation) {
        self.value = value
        self.description = description
        self.location = location
    }
}
