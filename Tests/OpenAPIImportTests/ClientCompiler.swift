import EndpointGenCore
import EndpointSpec
import Foundation
import Testing
import TestSupport

/// Generates a spec's client into a temporary folder (split as `split` says: by default its models by letter past 100
/// and its endpoint code by part past 32 endpoints) and compiles it as the debug build of a module, against the
/// `EndpointRuntime` module this test run built.
enum ClientCompiler {
    /// The compiler's exit status and everything it printed (errors and warnings).
    /// `extraSource`, when given, is compiled into the module as one more file (code that uses the client).
    static func compile(_ spec: Spec, specPath: String, split: FileSplit = .automatic, extraSource: String? = nil) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Generator(options: GeneratorOptions(split: split)).generate(spec, specPath: specPath).files
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        if let extraSource {
            let url = folder.appendingPathComponent("Use.swift")
            try Data(extraSource.utf8).write(to: url)
            paths.append(url.path)
        }
        // As `swift build` compiles a debug target: batch mode on every core, one object file per source file
        // (written into the folder), and the module.
        let arguments = [
            "swiftc", "-c", "-Onone", "-enable-batch-mode", "-j", String(ProcessInfo.processInfo.activeProcessorCount),
            "-parse-as-library", "-swift-version", "6", "-module-name", "GeneratedClient",
            "-I", TestEnvironment.productsFolder.appendingPathComponent("Modules").path,
            "-emit-module", "-emit-module-path", folder.appendingPathComponent("GeneratedClient.swiftmodule").path,
        ] + paths
        let result = try ProcessRunner.run(command: arguments, in: folder, mergingErrors: true)
        return (result.status, result.output)
    }

    /// Expects the client of an imported fixture to compile with nothing printed: no error, no warning.
    static func expectCleanCompile(_ fixture: ImportFixture, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let result = try compile(fixture.spec, specPath: "api.yaml")
        #expect(result.status == 0, sourceLocation: sourceLocation)
        #expect(result.output == "", sourceLocation: sourceLocation)
    }
}
