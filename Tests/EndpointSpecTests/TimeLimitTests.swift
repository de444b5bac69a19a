import Foundation
import Testing
import TestSupport

/// A broken runtime must fail its tests, not hang them: every suite of the test targets that exercise the runtime (over
/// the network or a stub) carries a time limit, so a call that never ends is a failure within minutes.
@Suite struct TimeLimitTests {
    static let targets = [
        "EndpointRuntimeTests", "HTTPBinTests", "DatasetteTests", "JupyterTests", "S3Tests", "JupyterSwaggerTests",
        "GeneratedClientTests", "HostileClientTests",
    ]

    @Test func everySuiteThatRunsTheRuntimeHasATimeLimit() throws {
        var suites = 0
        var unbounded: [String] = []
        for target in Self.targets {
            let folder = TestEnvironment.repositoryRoot.appendingPathComponent("Tests/\(target)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" && !file.path.contains("/Generated/") {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("@Suite") {
                    suites += 1
                    if !line.contains(".timeLimit(") { unbounded.append("Tests/\(target)/\(file.lastPathComponent):\(index + 1)") }
                }
            }
        }
        #expect(suites > 50, "the scan found the suites")
        #expect(unbounded == [], "suites without .timeLimit(...)")
    }
}
