import EndpointSpec
import Foundation
import Testing
import TestSupport

/// No input makes the loader crash: every prefix and every line-dropped variant of a full spec loads or is refused
/// with located errors.
@Suite struct RobustnessTests {
    @Test func truncatedAndMutilatedSpecsAreRefusedWithLocatedErrors() throws {
        let url = TestEnvironment.repositoryRoot.appendingPathComponent("Specs/Store.yaml")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let common = try String(contentsOf: url.deletingLastPathComponent().appendingPathComponent("Shared/Common.yaml"), encoding: .utf8)
        var variants = (0..<lines.count).map { lines[..<$0].joined(separator: "\n") }
        variants += lines.indices.map { index in lines.enumerated().filter { $0.offset != index }.map(\.element).joined(separator: "\n") }
        var refused = 0
        for text in variants {
            do {
                _ = try SpecTesting.load(text, includes: ["Specs/Shared/Common.yaml": common])
            } catch {
                refused += 1
                #expect(error.errors.allSatisfy { $0.location != nil })
                #expect(!error.errors.isEmpty)
            }
        }
        #expect(refused > 0)
    }

    @Test(arguments: [
        "just text", "[1, 2]", "name: [x]\nserver: 3\nendpoints: [a]\n", "? [a]\n: b\nname: T\nserver: { host: h }\nendpoints: {}\n",
        "name: T\nserver: { host: h }\nendpoints: { a: { GET: /a, params: [x] } }\n",
        "name: T\nserver: { host: h }\nendpoints: { a: [GET] }\nmodels: { A: [x], B: { enum: x } }\n",
        "name: T\nserver: { host: h }\nendpoints: {}\ninclude: { a: b }\n",
        "name: T\nserver: { host: h }\nendpoints: { a: { GET: [/a] } }\nvariables: 3\ndefaults: { query: [a] }\n",
    ])
    func oddShapesAreRefusedWithLocatedErrors(_ text: String) {
        do {
            _ = try SpecTesting.load(text)
            Issue.record("expected the spec to be refused")
        } catch {
            #expect(!error.errors.isEmpty)
            #expect(error.errors.allSatisfy { $0.location != nil })
        }
    }
}

