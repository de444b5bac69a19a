import EndpointSpec
import Foundation
import Testing
import TestSupport

/// The complete specs shown in the documentation load, so the docs stay true.
@Suite struct DocumentationTests {
    /// The ```yaml blocks of a Markdown file that are whole specs (they have a name and endpoints).
    static func specBlocks(in file: String) throws -> [String] {
        let text = try String(contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```").first }
            .filter { $0.hasPrefix("name:") && $0.contains("\nendpoints:") }
    }

    @Test(arguments: ["README.md", "docs/SpecFormat.md"])
    func wholeSpecsInTheDocsLoadWithoutWarnings(_ file: String) throws {
        let blocks = try Self.specBlocks(in: file)
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(try SpecTesting.load(block).warnings.isEmpty)
        }
    }
}
