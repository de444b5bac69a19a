import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

/// Walks the official YAML test suite (github.com/yaml/yaml-test-suite, its `data` branch) and checks every case,
/// allowing only the deviations of libyaml listed in `Resources/libyaml-deviations.txt`.
@Suite struct ConformanceTests {
    /// One case of the suite: a folder holding `in.yaml`, named by its path (`2G84/02`).
    struct Case {
        var id: String
        var folder: URL
    }

    /// How one case went.
    enum Outcome: Equatable {
        case passed
        case failed(String)
    }

    static let suite = TestEnvironment.testdata("yaml-test-suite")

    static let deviationsFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Resources/libyaml-deviations.txt")

    @Test(.enabled(
        if: TestEnvironment.canRun(needingTestdata: "yaml-test-suite"),
        "needs ../shared/testdata/yaml-test-suite (github.com/yaml/yaml-test-suite, data branch); set ENDPOINTGEN_TESTDATA"
    ))
    func everyCaseMatchesTheSuiteOrIsAKnownDeviation() throws {
        let cases = try Self.cases()
        try #require(!cases.isEmpty, "no cases found in \(Self.suite.path)")
        let deviations = try Self.deviations()
        var passed = 0
        var failed = 0
        var known = 0
        for testCase in cases {
            let outcome = Self.run(testCase)
            switch (outcome, deviations[testCase.id]) {
            case (.passed, nil):
                passed += 1
            case (.passed, let reason?):
                Issue.record("\(testCase.id) is listed as a deviation (\(reason)) but now passes: remove it from the list")
            case (.failed, _?):
                known += 1
            case (.failed(let why), nil):
                failed += 1
                Issue.record("\(testCase.id): \(why)")
            }
        }
        let stale = Set(deviations.keys).subtracting(cases.map(\.id))
        #expect(stale.isEmpty, "deviations name cases the suite does not have: \(stale.sorted())")
        print("yaml-test-suite: \(passed) passed / \(failed) failed / \(known) known deviations (of \(cases.count) cases)")
    }

    /// Parses a case and compares the result with what the suite expects.
    static func run(_ testCase: Case) -> Outcome {
        let file = testCase.folder.appendingPathComponent("in.yaml")
        guard let bytes = try? Data(contentsOf: file) else { return .failed("cannot read \(file.path)") }
        let exists = { (name: String) in FileManager.default.fileExists(atPath: testCase.folder.appendingPathComponent(name).path) }
        let documents: [YAMLNode]
        do {
            documents = try YAMLParser.parse(Array(bytes), file: "in.yaml")
        } catch {
            return exists("error") ? .passed : .failed("refused a valid document: \(error.diagnostics.first?.headline ?? "")")
        }
        if exists("error") { return .failed("accepted a document the suite marks as an error") }
        guard exists("in.json") else { return .passed }  // valid, but not representable as JSON
        guard let json = try? Data(contentsOf: testCase.folder.appendingPathComponent("in.json")),
            let expected = try? JSONValue.documents(in: json)
        else { return .failed("cannot read in.json") }
        let actual = documents.map { JSONValue($0.resolved) }
        return actual == expected ? .passed : .failed("expected \(expected), got \(actual)")
    }

    /// Every folder of the suite that holds an `in.yaml`, sorted by id.
    static func cases() throws -> [Case] {
        let root = suite.standardizedFileURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var cases: [Case] = []
        for case let url as URL in walker where url.lastPathComponent == "in.yaml" {
            let folder = url.deletingLastPathComponent().standardizedFileURL
            let id = String(folder.path.dropFirst(root.path.count + 1))
            cases.append(Case(id: id, folder: folder))
        }
        return cases.sorted { $0.id < $1.id }
    }

    /// The listed deviations: `ID  reason` per line; blank lines and `#` comments are skipped.
    static func deviations() throws -> [String: String] {
        let text = try String(contentsOf: deviationsFile, encoding: .utf8)
        var deviations: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard let id = parts.first else { continue }
            deviations[String(id)] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        return deviations
    }
}
