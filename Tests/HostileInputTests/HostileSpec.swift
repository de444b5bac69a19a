import Diagnostics
import EndpointSpec
import Testing

/// Loads hostile specs from memory and reports how they were refused.
enum HostileSpec {
    struct MissingFile: Error, CustomStringConvertible {
        var description: String { "no such file" }
    }

    /// The headlines (`file:line:column: error: message`) a spec is refused with; includes come from `includes`.
    static func problems(_ text: String, includes: [String: String] = [:], limits: SpecLimits = .default) -> [String] {
        do {
            _ = try SpecLoader.load(text: text, path: "Specs/Hostile.yaml", limits: limits) { path in
                guard let text = includes[path] else { throw MissingFile() }
                return text
            }
            Issue.record("expected the spec to be refused")
            return []
        } catch {
            return error.diagnostics.map(\.headline)
        }
    }

    /// A valid spec with the given endpoints (YAML lines) and top-level extra text.
    static func spec(endpoints: String = "  ping: { GET: /ping }\n", extra: String = "") -> String {
        "name: Hostile\nserver: { host: example.com }\nendpoints:\n" + endpoints + extra
    }
}
