import Diagnostics
import EndpointSpec

extension OperationTranslator {
    /// The parameters with Swift names that say where a clashing name comes from, and the path renamed to match.
    ///
    /// Spotify's `PUT /me/tracks` takes `ids` in the query and in the body: the two become `queryIds` and `bodyIds` rather than
    /// `ids` and a silent `ids2`. Parameters of one place whose names still clash (`a-b` and `a_b` in the query) keep the
    /// numeric suffix, with a warning.
    func disambiguated(_ parameters: [Parameter], path: String, context: OperationContext) -> ([Parameter], String) {
        // A part's header is named after its part too (`photoContentMD5`): two parts may each have one.
        let bases = parameters.map { Self.baseName(($0.part.map { $0 + "-" } ?? "") + $0.wireName) }
        var placements: [String: Set<Parameter.Placement>] = [:]
        for (base, parameter) in zip(bases, parameters) { placements[base, default: []].insert(parameter.placement) }
        var names = UniqueNames()
        var firstWireName: [String: String] = [:]
        var renamedPath: [String: String] = [:]
        var renamedParts: [String: String] = [:]
        var result = parameters
        for index in result.indices {
            let base = bases[index]
            let placement = result[index].placement
            let wanted = (placements[base]?.count ?? 0) > 1 ? placement.rawValue + SwiftName.type(base) : base
            let name = names.claim(wanted)
            if name != wanted, let earlier = firstWireName[wanted] {
                diagnostics.warning(
                    "the parameters '\(earlier)' and '\(result[index].wireName)' of \(context) both become the Swift name '\(wanted)'; the second is generated as '\(name)'",
                    at: result[index].location)
            }
            firstWireName[wanted] = firstWireName[wanted] ?? result[index].wireName
            if placement == .path { renamedPath[result[index].name] = name }
            if placement == .body { renamedParts[result[index].name] = name }
            result[index].name = name
        }
        for index in result.indices { result[index].part = result[index].part.map { renamedParts[$0] ?? $0 } }
        return (result, Template.replacingPlaceholders(in: path) { "{" + (renamedPath[$0] ?? $0) + "}" })
    }

    /// The Swift name a wire name asks for: `SwiftName.member`, or `value` when it has no letters or digits.
    private static func baseName(_ wireName: String) -> String {
        let name = SwiftName.member(wireName)
        return name == "_" ? "value" : name
    }
}
