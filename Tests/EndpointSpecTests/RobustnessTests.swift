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

    /// Every spec of the mistake corpus and `Specs/Store.yaml`, each with many small mutations of the characters YAML
    /// and the spec format care about (brackets, colons, quotes, indentation, line breaks, placeholders): each loads,
    /// or is refused with located errors and notes, and never crashes. The mutations are the same on every run.
    @Test func mutatedSpecsAreRefusedWithLocatedErrorsAndNotes() throws {
        let root = TestEnvironment.repositoryRoot
        let corpus = root.appendingPathComponent("Tests/EndpointGenTests/Mistakes")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var texts = names.compactMap { try? String(contentsOf: corpus.appendingPathComponent($0), encoding: .utf8) }
        texts.append(try String(contentsOf: root.appendingPathComponent("Specs/Store.yaml"), encoding: .utf8))
        let common = try String(contentsOf: corpus.appendingPathComponent("Shared/Common.yaml"), encoding: .utf8)
        let pieces: [String] = ["{", "}", "[", "]", ":", ": ", " ", "  ", "\n", "\t", "\"", "'", "- ", "#", ",", "\r", "\u{2028}", "{id}", "\u{85}", "é"]
        var state: UInt32 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 1_103_515_245 &+ 12345
            return Int(state >> 8) % max(bound, 1)
        }
        var refused = 0
        for text in texts {
            for _ in 0..<60 {
                var scalars = Array(text.unicodeScalars)
                for _ in 0..<(1 + next(3)) {
                    let at = next(scalars.count + 1)
                    switch next(3) {
                    case 0: scalars.insert(contentsOf: pieces[next(pieces.count)].unicodeScalars, at: at)
                    case 1: if at < scalars.count { scalars.remove(at: at) }
                    default: if at < scalars.count { scalars.replaceSubrange(at...at, with: pieces[next(pieces.count)].unicodeScalars) }
                    }
                }
                var mutated = ""
                mutated.unicodeScalars.append(contentsOf: scalars)
                do {
                    _ = try SpecLoader.load(text: mutated, path: "Specs/Test.yaml") { path in
                        guard path == "Specs/Shared/Common.yaml" || path == "Specs/Shared/Broken.yaml" else { throw SpecTesting.MissingFile() }
                        return common
                    }
                } catch {
                    refused += 1
                    #expect(!error.errors.isEmpty)
                    #expect(error.diagnostics.allSatisfy { $0.location != nil && $0.notes.allSatisfy { $0.location != nil } }, "\(error)")
                    _ = error.description  // quoting every line and window must not trap either
                }
            }
        }
        #expect(refused > 1_000)
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

