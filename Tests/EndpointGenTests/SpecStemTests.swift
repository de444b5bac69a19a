import Foundation
import Testing

@testable import EndpointGenCore

/// Output files are named after the spec's file name up to its first dot (the build tool plugin's
/// `X.endpoints.yaml` naming relies on it).
@Suite struct SpecStemTests {
    @Test(arguments: [
        ("Specs/Auth.yaml", "Auth"),
        ("Sources/MyAPI/MyAPI.endpoints.yaml", "MyAPI"),
        ("/abs/Pets.v2.yaml", "Pets"),
        ("Specs/.hidden.yaml", ".hidden"),
    ])
    func stemIsTheFileNameUpToItsFirstDot(path: String, stem: String) {
        #expect(Generator.stem(of: path) == stem)
    }

    @Test func anEndpointsSpecGivesTheFourFilesOfItsStem() throws {
        let workspace = try CLITests.Workspace()
        try workspace.write("Sources/Mini/Mini.endpoints.yaml", try #require(workspace.read("Specs/Mini.yaml")))
        let result = try workspace.run("generate", "Sources/Mini/Mini.endpoints.yaml", "--output", "Out", "--quiet")
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Out/Mini").path)
        #expect(files.sorted() == ["MiniClient.swift", "MiniEndpoints.swift", "MiniFake.swift", "MiniModels.swift"])
    }
}
