import EndpointSpec

/// The Swift names of a spec's models and their enum cases, decided once so every reference agrees.
///
/// A model whose name would shadow a type the generated code uses (`GeneratedCodeNames`: `Request`, `Date`, the
/// client's own names...) gets a `Model` suffix; the translator reports that as a warning.
struct ModelNames {
    private var types: [String: String] = [:]
    /// Each enum's case names by value (a number's in its normalized form, `EnumCase.normalized`), and its raw type.
    private var cases: [String: [String: String]] = [:]
    private var rawTypes: [String: TypeRef] = [:]
    /// Spec names that were renamed, with their new names.
    private(set) var renamed: [(spec: String, swift: String)] = []

    init(spec: Spec, reserved: Set<String>) {
        let spelled = Set(spec.models.map { SwiftName.type($0.name) })
        for model in spec.models {
            var name = SwiftName.type(model.name)
            if reserved.contains(name) {
                // `Model`, or `Model2`... when another model is spelled that way already.
                let base = name + "Model"
                name = base
                var number = 1
                while spelled.contains(name) || reserved.contains(name) {
                    number += 1
                    name = base + String(number)
                }
                renamed.append((model.name, name))
            }
            types[model.name] = name
            if case .enumeration(let values, let rawType) = model.kind {
                rawTypes[model.name] = rawType
                // A deprecated enum's static properties are deprecated: generated code names its values by raw value.
                guard !model.deprecated else { continue }
                cases[model.name] = Dictionary(
                    values.map { (Self.key($0.value, rawType: rawType), Self.caseName($0.value, rawType: rawType)) },
                    uniquingKeysWith: { first, _ in first })
            }
        }
    }

    /// The generated type for a spec model name.
    func typeName(_ model: String) -> String {
        types[model] ?? SwiftName.type(model)
    }

    /// The generated static property for a known value of an enum model, escaped; `nil` if unknown or deprecated.
    func enumCase(_ value: String, of model: String) -> String? {
        cases[model]?[Self.key(value, rawType: rawTypes[model] ?? .string)]
    }

    /// The raw value's Swift type of an enum model, e.g. `Int`; `nil` for a model that is no enum.
    func enumRawType(of model: String) -> TypeRef? {
        rawTypes[model]
    }

    /// What finds a case by value: the text itself, or a number in one form (`10` and `10.0` are one `Double` value).
    private static func key(_ value: String, rawType: TypeRef) -> String {
        EnumCase.normalized(value, rawType: rawType) ?? value
    }

    /// An enum value's property name: `knownValues` is taken by the list of all values.
    static func caseName(_ value: String, rawType: TypeRef) -> String {
        let name = EnumCase.swiftName(value, rawType: rawType)
        return SwiftName.escaped(name == "knownValues" ? "knownValuesCase" : name)
    }

    /// A `oneOf` alternative's case name: `unknown` is taken by the case for values no alternative matches.
    static func oneOfCaseName(_ alternative: OneOf.Alternative) -> String {
        let name = alternative.caseName
        return SwiftName.escaped(name == "unknown" ? "unknownCase" : name)
    }
}
