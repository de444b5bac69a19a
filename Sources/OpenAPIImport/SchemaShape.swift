/// What a schema becomes: a model of its own (object, enumeration, union) or an inline type.
enum SchemaShape {
    /// An object with properties, or an `allOf` with an object part: a struct.
    case object
    /// A string enumeration with at least one non-empty value: an open enum.
    case enumeration
    /// A `oneOf`/`anyOf` of two or more objects, unions, string enumerations or scalars (not only strings): a `oneOf`
    /// model (or, failing that, one struct with the properties of every alternative).
    case union([DocumentNode])
    /// Anything else: a built-in type, an array, a dictionary, an alias, or something unsupported.
    case other

    /// Whether the schema becomes a struct of its own properties.
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
