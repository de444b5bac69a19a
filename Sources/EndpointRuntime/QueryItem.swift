/// A query parameter of one request: `QueryItem("include", ["a", "b"])` sends `include=a&include=b`.
public struct QueryItem: Sendable, Equatable {
    /// The key.
    public let name: String
    /// The text forms of the value (several for arrays, none for `nil`).
    public let values: [String]

    /// A value with `{variable}` placeholders, filled in from the client's variables at send time.
    public let template: ParameterTemplate?

    /// The pairs of a structured value (`init(_:_:style:)`), sent instead of `name=value` for each of `values`.
    public let structuredPairs: [ParameterPair]?

    /// Why a structured value could not be written (its `encode(to:)` threw); building the request throws it as
    /// `.invalidRequest`.
    public let encodingFailure: String?

    /// An item from its key and any parameter value.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
        self.template = nil
        self.structuredPairs = nil
        self.encodingFailure = nil
    }

    /// An item holding a structured value (a model, a union, `JSON`, an array, a dictionary) written in `style`:
    /// `QueryItem("created", Range(gt: 1, lt: 2), style: .deepObject)` sends `created[gt]=1&created[lt]=2`.
    public init(_ name: String, _ value: some Encodable, style: ParameterStyle) {
        self.name = name
        self.values = []
        self.template = nil
        let encoded = StructuredParameterEncoder.pairsOrFailure(name, value, style: style, what: "query parameter")
        structuredPairs = encoded.pairs
        encodingFailure = encoded.failure
    }

    /// The names and values this item sends, before percent-encoding.
    public var pairs: [ParameterPair] {
        structuredPairs ?? values.map { ParameterPair(name, $0) }
    }

    /// A fixed query item of one endpoint whose value may name run-time variables, e.g. `.template("X-Device", "{deviceType}")`.
    public static func template(_ name: String, _ value: String) -> QueryItem {
        QueryItem(name: name, template: ParameterTemplate(name: name, value: value))
    }

    private init(name: String, template: ParameterTemplate) {
        self.name = name
        self.values = []
        self.template = template
        self.structuredPairs = nil
        self.encodingFailure = nil
    }
}
