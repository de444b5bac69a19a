import EndpointSpec

/// Hands out names that are unique within one scope, e.g. the models of a spec or the parameters of one endpoint.
///
/// A taken name gets the smallest free numeric suffix (`Pet`, `Pet2`, `Pet3`), so the outcome depends only on
/// the order of requests, which follows the document.
struct UniqueNames {
    private var taken: Set<String>

    /// A scope where `reserved` are already taken.
    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// `name` if free, else `name` with the smallest free suffix from 2; the result is taken from now on.
    mutating func claim(_ name: String) -> String {
        var candidate = name
        var suffix = 2
        while taken.contains(candidate) {
            candidate = "\(name)\(suffix)"
            suffix += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// A unique member name for a wire name: `SwiftName.member(wireName)`, or `value` when the wire name has no
    /// letters or digits (`*`, `$`), as `_` cannot name a property or parameter.
    mutating func claimMember(for wireName: String) -> String {
        let name = SwiftName.member(wireName)
        return claim(name == "_" ? "value" : name)
    }

    /// Whether a name is taken.
    func contains(_ name: String) -> Bool { taken.contains(name) }
}
