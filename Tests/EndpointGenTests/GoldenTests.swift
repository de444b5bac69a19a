import EndpointGenCore
import EndpointSpec
import Foundation
import Testing
import TestSupport

/// `Generated/` is exactly what the generator makes of `Specs/` (and the clients of
/// `Tests/HostileClientTests/` of their specs): regenerate in memory, compare byte for byte. On a mismatch the test prints a unified diff; `ENDPOINTGEN_RECORD=1` rewrites `Generated/`
/// (and still fails, so a re-record is never silent).
@Suite struct GoldenTests {
    static let root = TestEnvironment.repositoryRoot

    @Test(arguments: GoldenTests.cases())
    func generatedFolderMatchesTheGenerator(specPath: String, output: String) throws {
        let loaded = try SpecLoader.load(path: Self.root.appendingPathComponent(specPath).path)
        let files = try Generator().generate(loaded.spec, specPath: specPath).files
        #expect(!files.isEmpty)
        var mismatches: [String] = []
        for file in files {
            let url = Self.root.appendingPathComponent(output).appendingPathComponent(file.path)
            let stored = try? String(contentsOf: url, encoding: .utf8)
            guard stored != file.contents else { continue }
            mismatches.append(file.path)
            print(Self.unifiedDiff(stored: url, generated: file.contents))
            if ProcessInfo.processInfo.environment["ENDPOINTGEN_RECORD"] == "1" {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
        }
        #expect(mismatches.isEmpty, "\(output)/ differs from the generator for \(mismatches); run `swift run endpointgen generate \(specPath) --output \(output)`")
    }

    /// Each spec with the folder its checked-in output lives in.
    static func cases() -> [(String, String)] {
        specPaths().map { ($0, "Generated") } + ["Hostile", "Variants"].map { ("Tests/HostileClientTests/\($0).yaml", "Tests/HostileClientTests/Generated") }
    }

    /// The API specs in `Specs/` (files with endpoints; shared model files are included, not generated).
    static func specPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Specs").path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Specs/" + $0 }
    }

    /// `diff -u` of the stored file against the generated text, for the test log.
    static func unifiedDiff(stored: URL, generated: String) -> String {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-golden-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: temporary) }
        guard (try? Data(generated.utf8).write(to: temporary)) != nil else { return "(cannot write a temporary file for the diff)" }
        let arguments = ["diff", "-u", "--label", "stored " + stored.lastPathComponent, "--label", "generated", stored.path, temporary.path]
        guard let result = try? ProcessRunner.run(command: arguments) else { return "(diff is not available)" }
        return result.output
    }
}
