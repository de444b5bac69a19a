import EndpointSpec

/// The Swift names of a spec's models and their enum cases, decided once so every reference agrees.
///
/// A model whose name would shadow a type the generated code uses (`Request`, `Date`, the client's
/// own names...) gets a `Model` suffix; the translator reports that as a warning.
struct ModelNames {
    private var types: [String: String] = [:]
    private var cases: [String: [String: String]] = [:]
    /// Spec names that were renamed, with their new names.
    private(set) var renamed: [(spec: String, swift: String)] = []

    init(spec: Spec, reserved: Set<String>) {
        for model in spec.models {
            var name = SwiftName.type(model.name)
            if reserved.contains(name) {
                name += "Model"
                renamed.append((model.name, name))
            }
            types[model.name] = name
            if case .enumeration(let values) = model.kind {
                cases[model.name] = Dictionary(
                    values.map { ($0.value, Self.caseName($0.value)) }, uniquingKeysWith: { first, _ in first })
            }
        }
    }

    /// The generated type for a spec model name.
    func typeName(_ model: String) -> String {
        types[model] ?? SwiftName.type(model)
    }

    /// The generated static property for a known value of an enum model, escaped; `nil` if unknown.
    func enumCase(_ value: String, of model: String) -> String? {
        cases[model]?[value]
    }

    /// An enum value's property name: `knownValues` is taken by the list of all values.
    static func caseName(_ value: String) -> String {
        let name = SwiftName.member(value)
        return SwiftName.escaped(name == "knownValues" ? "knownValuesCase" : name)
    }

    /// A `oneOf` alternative's case name: `unknown` is taken by the case for values no alternative matches.
    static func oneOfCaseName(_ alternative: OneOf.Alternative) -> String {
        let name = alternative.caseName
        return SwiftName.escaped(name == "unknown" ? "unknownCase" : name)
    }

    /// Types the generated files refer to by name, which a model must not shadow.
    static func reserved(clientNames: [String]) -> Set<String> {
        Set(clientNames).union([
            "String", "Int", "Int32", "Int64", "Double", "Float", "Decimal", "Bool", "Date", "Data", "URL", "UUID",
            "Optional", "Result", "Never", "Error", "Sendable", "Codable", "Encodable", "Decodable", "Hashable",
            "CodingKey", "CodingKeys", "JSONValue", "Discriminator", "Decoder", "Encoder", "RawRepresentable", "CustomStringConvertible", "Self",
            "DispatchQueue", "Duration",
            "Request", "Empty", "EndpointError", "EndpointClient", "ClientConfiguration", "ServerAddress",
            "ParameterTemplate", "ParameterValue", "QueryItem", "HeaderField", "FormField", "MultipartPart",
            "RequestBody", "RetryPolicy", "RateLimit", "Validate", "TokenStore", "TokenProvider", "Transport",
            "URLSessionTransport", "Middleware", "LogSink", "RequestSummary", "RequestHandle", "AuthScheme",
            "AuthRequirement", "HTTPMethod", "EndpointRuntime", "Foundation",
            "Pages", "PageItems", "OmittedArguments",
            "Response", "DeclaredResponse", "DeclaredHeaders",
        ])
    }
}
