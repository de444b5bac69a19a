import Diagnostics
import EndpointSpec

extension SecurityTranslator {
    /// Each scheme's name in the spec, in the order the document uses them: the document's, unless it is a
    /// requirement's (`none`, `optional`, `required`), which `auth:` could not tell from a scheme (`noneScheme`), or its
    /// Swift name is an earlier scheme's (`api-key` and `api_key` are both `apiKey`): then the later one is numbered,
    /// `api_key2`, with a warning, so that the spec loads and the client compiles.
    static func numberedSpecNames(_ schemes: [(name: String, location: SourceLocation)], diagnostics: ImportDiagnostics) -> [String: String] {
        var result: [String: String] = [:]
        var taken: [String: String] = [:]
        for (name, location) in schemes {
            let base = AuthRequirement(rawValue: name) == nil ? name : name + "Scheme"
            var candidate = base
            var number = 2
            while taken[SwiftName.member(candidate)] != nil || result.values.contains(candidate) {
                candidate = base + String(number)
                number += 1
            }
            if candidate != base, let earlier = taken[SwiftName.member(base)] {
                diagnostics.warning(
                    "the security schemes '\(earlier)' and '\(name)' both become the Swift name '\(SwiftName.member(base))'; '\(name)' is named '\(candidate)'",
                    at: location)
            }
            taken[SwiftName.member(candidate)] = name
            result[name] = candidate
        }
        return result
    }
}
