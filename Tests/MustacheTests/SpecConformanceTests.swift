import Foundation
import Mustache
import TestSupport
import Testing

/// Runs the official Mustache spec (github.com/mustache/spec) from `../shared/testdata/mustache-spec`.
@Suite struct SpecConformanceTests {
    /// The modules this engine implements; every case of each must pass.
    static let supported = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]
    /// Optional modules left out on purpose: they are counted, not run.
    static let unsupported = ["~dynamic-names", "~lambdas"]

    /// One test of a spec file.
    struct SpecCase {
        let name: String
        let data: MustacheValue
        let template: String
        let partials: [String: String]
        let expected: String
    }

    @Test(.enabled(
        if: TestEnvironment.canRun(needingTestdata: "mustache-spec"),
        "needs ../shared/testdata/mustache-spec (github.com/mustache/spec); set ENDPOINTGEN_TESTDATA"))
    func everyCaseOfTheSupportedModulesPasses() throws {
        let folder = TestEnvironment.testdata("mustache-spec").appendingPathComponent("specs")
        var summary: [String] = []
        for module in Self.supported {
            let cases = try Self.load(module, from: folder)
            var passed = 0
            for specCase in cases {
                do {
                    let output = try Self.render(specCase)
                    if output == specCase.expected {
                        passed += 1
                    } else {
                        Issue.record("\(module) / \(specCase.name): expected \(specCase.expected.debugDescription), got \(output.debugDescription)")
                    }
                } catch {
                    Issue.record("\(module) / \(specCase.name): \(error)")
                }
            }
            summary.append("\(module) \(passed)/\(cases.count) passed")
        }
        for module in Self.unsupported {
            summary.append("\(module): 0 run (not supported: \(try Self.load(module, from: folder).count) cases)")
        }
        print("mustache-spec: " + summary.joined(separator: ", "))
    }

    static func load(_ module: String, from folder: URL) throws -> [SpecCase] {
        let data = try Data(contentsOf: folder.appendingPathComponent(module + ".json"))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(file["tests"] as? [[String: Any]])
        return try tests.map { test in
            SpecCase(
                name: try #require(test["name"] as? String),
                data: try MustacheValue(json: JSONSerialization.data(withJSONObject: test["data"] ?? NSNull(), options: .fragmentsAllowed)),
                template: try #require(test["template"] as? String),
                partials: test["partials"] as? [String: String] ?? [:],
                expected: try #require(test["expected"] as? String))
        }
    }

    /// Renders a case as the spec means it: its partials are templates the main one may include.
    static func render(_ specCase: SpecCase) throws -> String {
        let main = "(spec template)"
        var sources = specCase.partials
        sources[main] = specCase.template
        return try MustacheLibrary(templates: sources).render(main, context: specCase.data)
    }
}
