import EndpointSpec

/// The `ArgumentRule`s of one parameter as code, e.g. `.bounds("limit", limit, max: 200)`: what the request checks
/// before it is sent. Each names the Swift parameter, as the caller wrote it.
func translateRules(_ parameter: Parameter, _ context: ParameterContext, names: ModelNames) -> [String] {
    let rules = parameter.rules
    let label = SwiftLiteral.string(argumentLabel(context.name).trimmingCharacters(in: ["`"]))
    let value = context.name
    var code: [String] = []
    if rules.minLength != nil || rules.maxLength != nil {
        code.append(".length(\(label), \(value)\(arguments([("min", rules.minLength.map(String.init)), ("max", rules.maxLength.map(String.init))])))")
    }
    if let pattern = rules.pattern {
        code.append(".pattern(\(label), \(value), \(SwiftLiteral.string(pattern)))")
    }
    let number = { (bound: SpecValue?) in bound.flatMap { SwiftCode.value($0, as: parameter.type.unwrapped, names: names) } }
    let bounds = [
        ("min", number(rules.minimum)), ("max", number(rules.maximum)),
        ("above", number(rules.exclusiveMinimum)), ("below", number(rules.exclusiveMaximum)),
    ]
    if bounds.contains(where: { $0.1 != nil }) {
        code.append(".bounds(\(label), \(value)\(arguments(bounds)))")
    }
    if rules.minItems != nil || rules.maxItems != nil {
        code.append(".count(\(label), \(value)\(arguments([("min", rules.minItems.map(String.init)), ("max", rules.maxItems.map(String.init))])))")
    }
    return code
}

/// `, min: 1, max: 20` for the arguments that are given.
private func arguments(_ labelled: [(String, String?)]) -> String {
    labelled.compactMap { label, value in value.map { ", \(label): \($0)" } }.joined()
}
