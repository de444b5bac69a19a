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
        let text = "say \"hi\"\\n\ttab\u{7}bell\u{2028}: # not a comment"
        let node = try YAMLParser.parseDocument("key: " + SpecWriter.quoted(text), file: "quoted.yaml")
        #expect(node["key"]?.text == text)
    }
}
