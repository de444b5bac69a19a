/// A field of an `application/x-www-form-urlencoded` body; arrays repeat the name.
public struct FormField: Sendable, Equatable {
    /// The field name.
    public let name: String
    /// The text forms of the value.
    public let values: [String]
    /// The pairs of a structured value (`init(_:_:style:)`), sent instead of `name=value` for each of `values`.
    public let structuredPairs: [ParameterPair]?
    /// Why a structured value could not be written (its `encode(to:)` threw); building the request throws it as
    /// `.invalidRequest`.
    public let encodingFailure: String?

    /// A field from its name and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
        self.structuredPairs = nil
        self.encodingFailure = nil
    }

    /// A field holding a structured value written in `style`: `FormField("metadata", ["k": "v"], style: .deepObject)`
    /// sends `metadata[k]=v`, and `FormField("items", [Item(price: "p_1")], style: .deepObject)` `items[0][price]=p_1`.
    public init(_ name: String, _ value: some Encodable, style: ParameterStyle) {
        self.name = name
        self.values = []
        let encoded = StructuredParameterEncoder.pairsOrFailure(name, value, style: style, what: "form field")
        structuredPairs = encoded.pairs
        encodingFailure = encoded.failure
    }

    /// The names and values this field sends, before percent-encoding.
    public var pairs: [ParameterPair] {
        structuredPairs ?? values.map { ParameterPair(name, $0) }
    }
}
