import Diagnostics
import EndpointSpec
import Testing

/// Loads specs from memory for tests: includes come from a dictionary.
enum SpecTesting {
    struct MissingFile: Error, CustomStringConvertible {
        var description: String { "no such file" }
    }

    /// Loads `text` as `Specs/Test.yaml`.
    static func load(_ text: String, includes: [String: String] = [:], path: String = "Specs/Test.yaml") throws(DiagnosticError) -> LoadedSpec {
        try SpecLoader.load(text: text, path: path) { path in
            guard let text = includes[path] else { throw MissingFile() }
            return text
        }
    }

    /// The headlines (`file:line:column: severity: message`) of the diagnostics a spec is refused with.
    static func problems(_ text: String, includes: [String: String] = [:]) -> [String] {
        do {
            let loaded = try load(text, includes: includes)
            Issue.record("expected the spec to be refused, but it loaded with \(loaded.warnings.count) warnings")
            return []
        } catch {
            return error.diagnostics.map(\.headline)
        }
    }

    /// The headlines of the warnings of a spec that loads.
    static func warnings(_ text: String) throws -> [String] {
        try load(text).warnings.map(\.headline)
    }

    /// A minimal valid spec with `endpoints` and `extra` top-level text appended.
    static func spec(endpoints: String, extra: String = "") -> String {
        "name: Test\nserver:\n  host: example.com\nendpoints:\n" + endpoints + extra
    }
}
