/// An object model: a `Codable, Sendable, Hashable` struct.
public struct ModelContext: Codable, Equatable, Sendable {
    /// The type name, e.g. `User`.
    public var name: String
    /// The doc comment lines, `///` included.
    public var docComment: [String]
    /// The properties, in spec order.
    public var properties: [PropertyContext]
    /// The memberwise initialiser's parameters, e.g. `id: Int, role: Role = .member, bio: String? = nil`.
    public var initSignature: String
    /// True when there are properties (an empty struct's coding is synthesized: an empty object).
    public var hasProperties: Bool
    /// True when a property has a default, which `init(from:)` applies when the key is missing.
    public var hasDefaults: Bool
    /// True when a property has an `xml:` mark (its `decodeExpression` and `encodeStatement` then pass its form).
    public var hasXMLForms: Bool = false
    /// The deprecation message as a literal when the spec marks the model `deprecated` (its memberwise `init` is then
    /// `@available(*, deprecated)`), else `null`.
    public var deprecated: String?
    /// The name of the `NullMembers` property, `nulls` (`nulls2` when a property has that name), when a member keeps its
    /// `null` apart from a missing key (`nullable: true`), else `null`.
    public var nulls: String? = nil
}

/// One stored property of a model, or one field of a JSON body.
public struct PropertyContext: Codable, Equatable, Sendable {
    /// The property name, escaped if needed, e.g. `expiresAt`.
    public var name: String
    /// The Swift type, e.g. `Date`.
    public var type: String
    /// The JSON key as a literal, e.g. `"expires_at"`.
    public var keyLiteral: String
    /// The default as code, or `null`.
    public var defaultValue: String?
    /// How `init(from:)` reads it, e.g. `try fields.decodeIfPresent("role") ?? .member` (`fields` a `ModelDecoding`).
    public var decodeExpression: String
    /// How `encode(to:)` writes it, e.g. `try fields.encodeIfPresent(self.bio, "bio")` (`fields` a `ModelEncoding`).
    public var encodeStatement: String
    /// The doc comment lines, `///` included.
    public var docComment: [String]
    /// True when it is stored out of line (`@Indirect`): through it the model holds itself.
    public var isIndirect: Bool = false
    /// The key's `XMLKeyForm`, e.g. `.attribute` or `.wrapped(item: "Bucket")`; `.element` unless marked.
    public var xmlForm: String = ".element"
    /// True when the spec marks it `deprecated`: the property is then an `@available(*, deprecated)` accessor of a
    /// private stored one, `storageName`, which the model's own init and coding use (so they do not warn).
    public var isDeprecated: Bool = false
    /// The stored property's name: `name`, or `_name` for a deprecated property.
    public var storageName: String = ""
    /// The initialiser's parameter inside its body: `name`, or for a property named `self`, which as a parameter would
    /// hide the value being made, another name (`init(\`self\` selfValue: URL?)`).
    public var argument: String = ""
    /// The model's `NullMembers` property when absent, `null` and a value are kept apart (`nullable: true`), else `null`.
    public var nulls: String? = nil
    /// True for the map of an object's members beyond its properties (`additionalProperties`), the last property:
    /// it has no key of its own (`keyLiteral` is empty), and its default is the empty map.
    public var isAdditional: Bool = false
}

/// A model that is another name for another (`sameAs`): a `typealias`.
public struct AliasContext: Codable, Equatable, Sendable {
    /// The type name, e.g. `SetupIntentCard`.
    public var name: String
    /// The type it names, e.g. `PaymentIntentCard`.
    public var target: String
    /// The doc comment lines, `///` included.
    public var docComment: [String]
}

/// An enum model: a struct over a `String` (or number) raw value, open to values the spec does not list.
public struct EnumContext: Codable, Equatable, Sendable {
    /// The type name, e.g. `Role`.
    public var name: String
    /// The raw value's Swift type, e.g. `String` or `Int`.
    public var rawType: String
    /// The runtime protocol it conforms to: `OpenStringValue` for strings, `OpenEnumValue` for numbers.
    public var conformance: String
    /// The doc comment lines, `///` included.
    public var docComment: [String]
    /// The known values, in spec order.
    public var cases: [EnumCaseContext]
    /// The deprecation message as a literal when the spec marks the enum `deprecated` (each case's static property is
    /// then `@available(*, deprecated)`, and `knownValues` builds the values from their raw values), else `null`.
    public var deprecated: String? = nil
}

/// One known value of an enum.
public struct EnumCaseContext: Codable, Equatable, Sendable {
    /// The static property, escaped if needed, e.g. `admin`.
    public var name: String
    /// The raw value as a literal, e.g. `"admin"` or `10`.
    public var valueLiteral: String
    /// The case's description as `///` lines (none when the spec gives none).
    public var docComment: [String]
}

/// A `oneOf` model: an enum with a case per alternative and `unknown(JSONValue)` for anything else.
public struct OneOfContext: Codable, Equatable, Sendable {
    /// The type name, e.g. `Pet`.
    public var name: String
    /// The doc comment lines, `///` included.
    public var docComment: [String]
    /// The alternatives, in spec order.
    public var cases: [OneOfCaseContext]
    /// The discriminator key as a literal, e.g. `"petType"`, or `null` when alternatives are tried in order.
    public var discriminatorLiteral: String?
    /// True when, without a discriminator, two object alternatives may both fit a value: it then decodes as the one
    /// that keeps the most of the object's members (`AlternativeChoice`), not the first that fits.
    public var choosesByMembers: Bool = false
}

/// One alternative of a `oneOf` model.
public struct OneOfCaseContext: Codable, Equatable, Sendable {
    /// The case name, escaped if needed, e.g. `cat`.
    public var name: String
    /// The associated value's Swift type, e.g. `Cat`.
    public var type: String
    /// The discriminator values that select it as a pattern over an optional, e.g. `"cat"?, "kitty"?`.
    public var discriminatorPattern: String
}
