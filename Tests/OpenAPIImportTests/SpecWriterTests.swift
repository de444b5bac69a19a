import EndpointSpec
import Foundation
import OpenAPIImport
import Testing
import TestSupport
import YAML

/// `SpecWriter` writes specs that load back as the same spec.
@Suite struct SpecWriterTests {
    @Test(arguments: [
        "Specs/Auth.yaml", "Specs/Store.yaml", "Specs/Datasette.yaml", "Specs/HTTPBin.yaml", "Specs/HTTPBinAuth.yaml", "Specs/Jupyter.yaml",
        "Tests/HostileClientTests/Variants.yaml",
    ])
    func theRepositorysSpecsSurviveAWriteAndReload(_ file: String) throws {
        let path = TestEnvironment.repositoryRoot.appendingPathComponent(file).path
        let spec = try SpecLoader.load(path: path).spec
        // Included models come back as the spec's own: the comparison ignores where each was written.
        #expect(try roundTrip(spec).spec.withoutLocations == spec.withoutLocations)
    }

    @Test func textIsQuotedSoThatYAMLReadsItBackExactly() throws {
        let text = "say \"hi\"\\n\ttab\u{7}bell\u{2028}: # not a comment\u{200B}\u{202E}\u{E0001}\u{10FFFD}"
        let node = try YAMLParser.parseDocument("key: " + SpecWriter.quoted(text), file: "quoted.yaml")
        #expect(node["key"]?.text == text)
        let inPlane = SpecWriter.quoted(text).unicodeScalars.filter { $0.value <= 0xFFFF }
        #expect(!inPlane.contains(where: QuotedLiteral.isInvisible), "every invisible character of the Basic Multilingual Plane is escaped")
        let json = try JSONDecoder().decode(String.self, from: Data(SpecWriter.quoted(text).utf8))
        #expect(json == text, "the quoted text is a JSON string too")
    }
}
