import Foundation
import OpenAPIImport
import TestSupport
import Testing

/// `Specs/JupyterSwagger.yaml` is what `endpointgen convert` makes of the api.yaml in the pinned Jupyter Server that
/// Tests/run.sh installs, unedited.
@Suite(.timeLimit(.minutes(2))) struct SwaggerConversionTests {
    /// The shipped document, in `.build/jupyter-venv` (whatever Python version made it).
    static let shipped: URL? = {
        let lib = TestEnvironment.repositoryRoot.appendingPathComponent(".build/jupyter-venv/lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.filter { $0.hasPrefix("python") }.sorted() ?? []
        return pythons.lazy.map { lib.appendingPathComponent("\($0)/site-packages/jupyter_server/services/api/api.yaml") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    static let why: Comment = "needs .build/jupyter-venv (bash Tests/run.sh installs Jupyter Server there)"

    @Test(.enabled(if: shipped != nil || TestEnvironment.isCI, why))
    func theCheckedInSpecIsTheConversionOfTheShippedDocument() throws {
        let document = try #require(Self.shipped, "no api.yaml in .build/jupyter-venv")
        let (loaded, summary) = try OpenAPIImporter.importDocument(
            text: try String(contentsOf: document, encoding: .utf8), path: document.path, options: ImportOptions(name: "JupyterSwagger")
        ) { try String(contentsOfFile: $0, encoding: .utf8) }
        let checkedIn = try String(contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("Specs/JupyterSwagger.yaml"), encoding: .utf8)
        let converted = SpecWriter.yaml(loaded.spec, header: "converted")
        // The first line names the file it was converted from, which depends on the Python version of the venv.
        #expect(checkedIn.split(separator: "\n", maxSplits: 1).first?.hasPrefix("# Converted from .build/jupyter-venv/") == true)
        #expect(checkedIn.split(separator: "\n", maxSplits: 1).last == converted.split(separator: "\n", maxSplits: 1).last)
        // Nothing is dropped: every operation is imported, and the only warning is the missing host.
        #expect(summary.description == "imported 32 of 32 operations; 1 warning: 1 server")
    }
}
