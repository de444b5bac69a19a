import Diagnostics
import EndpointSpec
import Foundation
import Testing
import YAML

/// Every limit of `SpecLimits` holds, at its default, and its breach is one located error.
@Suite struct SpecLimitTests {
    @Test func defaultsAreFarAboveRealAPIsAndFarBelowHarm() {
        let limits = SpecLimits.default
        #expect(limits.yaml.maxBytes == 32 << 20)
        #expect(limits.yaml.maxDepth == 512)
        #expect(limits.yaml.maxExpandedNodes == 10_000_000)
        let counts: [Int] = [limits.maxIncludedFiles, limits.maxIncludeDepth, limits.maxEndpoints, limits.maxModels, limits.maxNameLength, limits.maxErrors]
        #expect(counts == [256, 16, 20_000, 20_000, 256, 100])
    }

    @Test func oversizedTextIsRefusedBeforeParsing() {
        let text = HostileSpec.spec() + String(repeating: "#", count: 32 << 20)
        #expect(HostileSpec.problems(text) == [
            "Specs/Hostile.yaml:1:1: error: the file is \(text.utf8.count) bytes, more than the limit of 33554432 bytes"
        ])
    }

    @Test func oversizedFileIsRefusedBeforeReading() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).yaml")
        try Data(count: (32 << 20) + 1).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: DiagnosticError.self) { try SpecLoader.load(path: url.path) }
        do {
            _ = try SpecLoader.load(path: url.path)
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["\(url.path):1:1: error: the file is 33554433 bytes, more than the limit of 33554432 bytes"])
        }
    }

    @Test func oversizedYAMLIsRefusedByTheParserToo() {
        #expect(throws: DiagnosticError(Diagnostic(.error, "the file is 11 bytes, more than the limit of 10 bytes", at: SourceLocation(file: "a.yaml", line: 1, column: 1)))) {
            try YAMLParser.parse("a: [1, 2]\n#", file: "a.yaml", limits: YAMLLimits(maxBytes: 10))
        }
    }

    @Test func deepNestingIsRefusedWhereItGoesTooDeep() {
        let text = HostileSpec.spec(extra: "x: " + String(repeating: "[", count: 100_000))
        #expect(HostileSpec.problems(text) == ["Specs/Hostile.yaml:5:515: error: nesting is deeper than 512 levels"])
    }

    @Test func aliasExpansionIsRefusedWhereItOverflows() {
        var laughs = ""
        for level in 1...9 {
            laughs += "  a\(level): &a\(level) [\(Array(repeating: level == 1 ? "x" : "*a\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        let text = HostileSpec.spec(extra: "models:\n  Laughs:\n" + laughs)
        #expect(HostileSpec.problems(text) == [
            "Specs/Hostile.yaml:13:47: error: the document expands to more than 10000000 nodes (too many aliases)"
        ])
    }

    @Test func tooManyEndpointsAreRefusedBeforeDecoding() {
        let endpoints = (0...20_000).map { "  e\($0): { GET: /e }\n" }.joined()
        #expect(HostileSpec.problems(HostileSpec.spec(endpoints: endpoints)) == [
            "Specs/Hostile.yaml:20004:3: error: the spec has 20001 endpoints, more than the limit of 20000"
        ])
    }

    /// Included models come first: the sixth is the main file's third.
    @Test func tooManyModelsAreRefusedCountingIncludes() {
        let models = (0..<3).map { "  M\($0): { id: Int }\n" }.joined()
        let text = HostileSpec.spec(extra: "include: Shared.yaml\nmodels:\n" + models)
        #expect(HostileSpec.problems(text, includes: ["Specs/Shared.yaml": "models:\n" + models.replacingOccurrences(of: "M", with: "S")], limits: SpecLimits(maxModels: 5)) == [
            "Specs/Hostile.yaml:9:3: error: the spec has 6 models, more than the limit of 5"
        ])
    }

    @Test func longNamesAreRefusedWhereverTheyStand() {
        let long = String(repeating: "n", count: 257)
        let text = """
            name: Hostile
            server: { host: example.com }
            endpoints:
              \(long): { GET: /a, params: { \(long): Int } }
            models:
              Kind: { enum: [a, \(long)] }

            """
        let message = "a name of 257 characters ('nnnnnnnnnnnnnnnnnnnn...'), more than the limit of 256"
        #expect(HostileSpec.problems(text) == [
            "Specs/Hostile.yaml:4:3: error: \(message)",
            "Specs/Hostile.yaml:4:\(3 + 257 + 23): error: \(message)",
            "Specs/Hostile.yaml:6:3: warning: model 'Kind' is never used",
            "Specs/Hostile.yaml:6:21: error: \(message)",
        ])
    }

    @Test func aNameAtTheLimitIsAccepted() throws {
        let name = "e" + String(repeating: "x", count: 255)
        let loaded = try SpecLoader.load(text: HostileSpec.spec(endpoints: "  \(name): { GET: /a }\n"), path: "Specs/Hostile.yaml") { _ in "" }
        #expect(loaded.spec.endpoints.map(\.name) == [name])
    }

    @Test func endlessIncludeChainsStopAtTheDepthLimit() {
        // Every file includes `sub/x.yaml` relative to itself: a new path each time, as with a folder linked to itself.
        var includes: [String: String] = [:]
        var path = "Specs"
        for _ in 0..<40 {
            path += "/sub"
            includes[path + "/x.yaml"] = "include: sub/x.yaml\n"
        }
        let problems = HostileSpec.problems(HostileSpec.spec(extra: "include: sub/x.yaml\n"), includes: includes)
        let chain = (0...16).map { "Specs" + String(repeating: "/sub", count: $0) + ($0 == 0 ? "/Hostile.yaml" : "/x.yaml") }
        #expect(problems == [
            "\(chain[16]):1:10: error: includes nest deeper than 16 files: \(chain.joined(separator: " -> ")) -> Specs\(String(repeating: "/sub", count: 17))/x.yaml"
        ])
    }

    @Test func tooManyIncludedFilesAreRefused() {
        let names = (0..<300).map { "f\($0).yaml" }
        let includes = Dictionary(uniqueKeysWithValues: names.map { ("Specs/\($0)", "models: {}\n") })
        let text = HostileSpec.spec(extra: "include: [\(names.joined(separator: ", "))]\n")
        let column = "include: [".count + names.prefix(256).map { $0.count + 2 }.reduce(0, +) + 1
        #expect(HostileSpec.problems(text, includes: includes) == ["Specs/Hostile.yaml:5:\(column): error: the spec includes more than 256 files"])
    }

    /// Past the file limit the walk stops: the entries after it are not resolved, so the cycle the last one would
    /// close is not reported either (the spec is refused anyway).
    @Test func theIncludeWalkStopsAtTheFileLimit() {
        let names = (0..<300).map { "f\($0).yaml" }
        let includes = Dictionary(uniqueKeysWithValues: names.map { ("Specs/\($0)", "models: {}\n") })
        let text = HostileSpec.spec(extra: "include: [\((names + ["Hostile.yaml"]).joined(separator: ", "))]\n")
        let column = "include: [".count + names.prefix(256).map { $0.count + 2 }.reduce(0, +) + 1
        #expect(HostileSpec.problems(text, includes: includes) == ["Specs/Hostile.yaml:5:\(column): error: the spec includes more than 256 files"])
    }

    /// The 101st error becomes "too many errors" where it stood; the errors after it are dropped.
    @Test func errorsStopAtTheLimit() {
        let endpoints = (1...150).map { "  e\($0): { FETCH: /e }\n" }.joined()
        let problems = HostileSpec.problems(HostileSpec.spec(endpoints: endpoints))
        #expect(problems.count == 101)
        #expect(problems.first == "Specs/Hostile.yaml:4:9: error: unknown HTTP method 'FETCH' in endpoint 'e1'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS")
        #expect(problems.last == "Specs/Hostile.yaml:104:11: error: too many errors, stopping after the first 100")
    }

    /// A hostile spec's every include closing a cycle: the walk stops at the error limit, and reads nothing after it.
    @Test func theIncludeWalkStopsAtTheErrorLimit() {
        let text = HostileSpec.spec(extra: "include: [\(Array(repeating: "Hostile.yaml", count: 120).joined(separator: ", ")), after.yaml]\n")
        let reads = ReadLog()
        do {
            _ = try SpecLoader.load(text: text, path: "Specs/Hostile.yaml", limits: SpecLimits(maxErrors: 5)) { path in
                reads.paths.append(path)
                return "models: {}\n"
            }
            Issue.record("expected the spec to be refused")
        } catch {
            let column = { (entry: Int) in "include: [".count + entry * "Hostile.yaml, ".count + 1 }
            let cycles = (0..<5).map { "Specs/Hostile.yaml:5:\(column($0)): error: include cycle: Specs/Hostile.yaml -> Specs/Hostile.yaml" }
            #expect(error.diagnostics.map(\.headline) == cycles + ["Specs/Hostile.yaml:5:\(column(5)): error: too many errors, stopping after the first 5"])
        }
        #expect(reads.paths.isEmpty)
    }

    private final class ReadLog {
        var paths: [String] = []
    }
}
