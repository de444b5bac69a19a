import EndpointSpec
import Foundation
import YAML

extension OperationTranslator {
    /// What a parameter's schema states beyond its type that the client checks before sending (`ParameterRules`):
    /// the lengths and pattern of a string, the bounds of a number (OpenAPI 3.0's boolean `exclusiveMinimum` and 3.1's
    /// number alike), the item counts of a list. A pattern this platform's regular expressions cannot read is left out
    /// with a warning rather than refusing every value.
    func parameterRules(_ schema: DocumentNode, type: TypeRef, name: String, context: OperationContext) -> ParameterRules {
        let schema = schemas.dereferenced(schema)
        let unwrapped = type.unwrapped
        let isInteger = [.int, .int32, .int64].contains(unwrapped)
        let isNumber = isInteger || [.double, .float, .decimal].contains(unwrapped)
        let count = { (key: String) -> Int? in
            if case .int(let value)? = schema.node[key]?.resolved, value >= 0 { return value }
            return nil
        }
        let number = { (key: String) -> SpecValue? in
            switch schema.node[key]?.resolved {
            case .int(let value)?: return .int(value)
            case .double(let value)? where value.isFinite: return isInteger ? nil : .double(value)
            default: return nil
            }
        }
        var rules = ParameterRules()
        if unwrapped == .string {
            rules.minLength = count("minLength")
            rules.maxLength = count("maxLength")
            if let pattern = schema.text("pattern") {
                if (try? NSRegularExpression(pattern: pattern)) != nil {
                    rules.pattern = pattern
                } else {
                    diagnostics.warning(
                        "the pattern of the parameter '\(name)' of \(context) is not a regular expression this platform reads ('\(pattern)'); it is not checked",
                        at: schema.node["pattern"]?.location ?? schema.location)
                }
            }
        }
        if isNumber {
            rules.minimum = number("minimum")
            rules.maximum = number("maximum")
            // 3.0: a flag that makes the bound exclusive; 3.1: the exclusive bound itself.
            if schema.node["exclusiveMinimum"]?.isBool(true) == true { (rules.exclusiveMinimum, rules.minimum) = (rules.minimum, nil) }
            if schema.node["exclusiveMaximum"]?.isBool(true) == true { (rules.exclusiveMaximum, rules.maximum) = (rules.maximum, nil) }
            rules.exclusiveMinimum = rules.exclusiveMinimum ?? number("exclusiveMinimum")
            rules.exclusiveMaximum = rules.exclusiveMaximum ?? number("exclusiveMaximum")
        }
        if unwrapped.isArray {
            rules.minItems = count("minItems")
            rules.maxItems = count("maxItems")
        }
        // Bounds no value keeps would refuse every call: the document is wrong there, so nothing is checked.
        if let least = rules.minLength, let most = rules.maxLength, least > most { (rules.minLength, rules.maxLength) = (nil, nil) }
        if let least = rules.minItems, let most = rules.maxItems, least > most { (rules.minItems, rules.maxItems) = (nil, nil) }
        return rules
    }
}
