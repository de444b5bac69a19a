import EndpointGenCore
import EndpointSpec
import Foundation
import Testing
import TestSupport
import YAML

/// Spec text carrying Swift syntax stays text: the generated client compiles (warnings are errors) and,
/// run, holds exactly the spec's strings.
@Suite struct CodeInjectionTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

    /// What a generated file may hold when its spec tries to break out of strings and comments.
    static let hostilePieces = ["\"\"\"", "\\(", "*/", "#if", "`", "\n", "\u{202E}", "\u{200B}"]

    @Test func hostileStringsCompileAndStayTheSpecsText() throws {
        let spec = try SpecLoader.load(path: Self.resources.appendingPathComponent("Hostile.yaml").path).spec
        let expected = try Self.strings(of: spec)
        for piece in Self.hostilePieces {
            #expect(expected.values.contains { $0.contains { $0.contains(piece) } }, "the spec has lost its \(piece.debugDescription)")
        }

        let files = try Generator().generate(spec, specPath: "Specs/Hostile.yaml").files
        let hidden = files.filter { $0.contents.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" } }
        #expect(hidden.map(\.path) == [], "invisible characters must be written as escapes")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var sources = [Self.resources.appendingPathComponent("Checker.swift").path]
        for file in files {
            let url = folder.appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent)
            try Data(file.contents.utf8).write(to: url)
            sources.append(url.path)
        }
        // The checker must be main.swift to hold top-level code.
        let main = folder.appendingPathComponent("main.swift")
        try FileManager.default.copyItem(atPath: sources[0], toPath: main.path)
        sources[0] = main.path

        // Link against the EndpointRuntime this test run built: its module and object files sit in the products folder.
        let products = TestEnvironment.productsFolder
        // Only the objects of today's sources: a build folder keeps those of files since moved or removed.
        let runtimeFolder = TestEnvironment.repositoryRoot.appendingPathComponent("Sources/EndpointRuntime")
        let runtimeSources = try Set(FileManager.default.contentsOfDirectory(atPath: runtimeFolder.path))
        let runtimeObjects = try FileManager.default.contentsOfDirectory(atPath: products.appendingPathComponent("EndpointRuntime.build").path)
            .filter { $0.hasSuffix(".o") && runtimeSources.contains(String($0.dropLast(2))) }
            .map { products.appendingPathComponent("EndpointRuntime.build/\($0)").path }
        let executable = folder.appendingPathComponent("checker").path
        let compile = try Self.run(["swiftc", "-swift-version", "6", "-warnings-as-errors", "-I", products.appendingPathComponent("Modules").path]
            + sources + runtimeObjects + ["-o", executable])
        #expect(compile.status == 0, "the generated client does not compile:\n\(compile.output)")
        guard compile.status == 0 else { return }

        let checked = try Self.run([executable])
        #expect(checked.status == 0, "\(checked.output)")
        let observed = try JSONDecoder().decode([String: [String]].self, from: Data(checked.output.utf8))
        #expect(observed == expected)
    }

    /// The strings the checker prints, as the spec gives them.
    static func strings(of spec: Spec) throws -> [String: [String]] {
        let endpoint = try #require(spec.endpoints.first)
        guard case .object(let properties)? = spec.models.first(where: { $0.name == "Item" })?.kind,
            case .enumeration(let cases, _)? = spec.models.first(where: { $0.name == "Kind" })?.kind
        else {
            throw Failure(description: "Hostile.yaml must declare the object Item and the enum Kind")
        }
        let name = try #require(properties.first { $0.name == "name" })
        let kind = try #require(properties.first { $0.name == "kind" })
        let pairs = { (parameters: [DefaultParameter]) in parameters.flatMap { [$0.name, $0.value] } }
        let text = { (value: SpecValue?) in if case .string(let text)? = value { text } else { "(not a string)" } }
        return [
            "basePath": [spec.server.basePath],
            "version": [spec.version ?? "(none)"],
            "defaultQuery": pairs(spec.defaults.query),
            "defaultHeaders": pairs(spec.defaults.headers),
            "errors": [spec.errors.messageFields.first ?? "(none)", spec.errors.fallback ?? "(none)"],
            "path": [endpoint.path],
            "queryNames": endpoint.parameters.filter { $0.placement == .query }.map(\.wireName),
            "headers": pairs(endpoint.headers),
            "enumCases": cases.map(\.value),
            "propertyKeys": properties.map(\.wireName).sorted(),
            "defaults": [text(name.defaultValue), text(name.defaultValue), text(kind.defaultValue)],
        ]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a command found on the PATH; gives its exit status and its output (stdout and stderr together).
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ProcessRunner.run(command: arguments, mergingErrors: true)
        return (result.status, result.output)
    }
}
