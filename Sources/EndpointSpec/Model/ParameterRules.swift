/// What the API accepts of one argument beyond its type, as its document states it (`minLength: 1`, `maximum: 200`):
/// the generated client checks exactly these before sending, and nothing else.
public struct ParameterRules: Equatable, Sendable {
    /// The fewest and most characters (Unicode scalars, as JSON Schema counts them) of a `String`.
    public var minLength: Int?
    public var maxLength: Int?
    /// A regular expression a `String` must contain a match of (unanchored, as JSON Schema reads `pattern`).
    public var pattern: String?
    /// The least and greatest number allowed, each included (`minimum`, `maximum`) or not (`exclusiveMinimum`,
    /// `exclusiveMaximum`), as written in the spec.
    public var minimum: SpecValue?
    public var maximum: SpecValue?
    public var exclusiveMinimum: SpecValue?
    public var exclusiveMaximum: SpecValue?
    /// The fewest and most items of a list.
    public var minItems: Int?
    public var maxItems: Int?

    /// No rules.
    public init(
        minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, minimum: SpecValue? = nil, maximum: SpecValue? = nil,
        exclusiveMinimum: SpecValue? = nil, exclusiveMaximum: SpecValue? = nil, minItems: Int? = nil, maxItems: Int? = nil
    ) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
        self.minItems = minItems
        self.maxItems = maxItems
    }

    /// The spec keys, in the order they are written.
    public static let keys = [
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems",
    ]

    /// True when there is nothing to check.
    public var isEmpty: Bool { self == ParameterRules() }
}
