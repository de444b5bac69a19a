import Diagnostics
import EndpointGenCore
import EndpointSpec
import Foundation
import OpenAPIImport

// `lint --check-examples`: every example of an OpenAPI document, decoded as its generated type by the generated client's
// own decoder. The types the examples use are generated into a scratch package that depends on this package's
// EndpointRuntime, with a generated `main.swift` that decodes each example; `swift build` compiles it and its output
// names the examples that fail. The scratch package stays in the temporary folder between runs (one per checkout of
// EndpointGen, locked while in use), so the runtime is compiled once and a rerun rebuilds only what changed.

/// Checks the examples of the OpenAPI document at `path`: the errors (one per example that does not decode, located at
/// the example) and warnings (examples that cannot be checked), and a summary line.
func checkExamples(path: String, arguments: Arguments, options: GeneratorOptions) -> (diagnostics: [Diagnostic], summary: String) {
    let text: String
    do {
        text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        return ([Diagnostic(.error, "cannot read '\(path)': \(error.localizedDescription)")], "")
    }
    let found: DocumentExamples
    switch Result(catching: { () throws(DiagnosticError) in
        try OpenAPIImporter.examples(text: text, path: path, options: arguments.importOptions) { try String(contentsOfFile: $0, encoding: .utf8) }
    }) {
    case .success(let examples): found = examples
    case .failure(let error): return (error.diagnostics, "")
    }
    let unchecked = found.unchecked.isEmpty ? "" : ", \(counted(found.unchecked.count, "example")) not checked"
    guard !found.examples.isEmpty else { return (found.unchecked, "\(path): no examples to check\(unchecked)") }
    guard let package = runtimePackage(arguments) else {
        return ([Diagnostic(.error, "--check-examples compiles the examples' types against EndpointRuntime, but no EndpointGen checkout was found beside this endpointgen; pass --endpointgen-package DIR (the folder of EndpointGen's Package.swift)")], "")
    }
    do {
        let scratch = try ScratchPackage(runtimePackage: package)
        let spec = found.checkedSpec
        let files = try Generator(options: GeneratorOptions(access: .internal, split: options.split)).generate(spec, specPath: path).files
        let sources = files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.contents) }
            + [("main.swift", found.checkerSource(clientName: SwiftName.type(spec.name) + "Client", swiftType: Generator.swiftTypes(of: spec)))]
        let run = try scratch.buildAndRun(sources: sources)
        guard run.built else {
            return ([Diagnostic(.error, "the types of the examples of '\(path)' do not compile (a bug of EndpointGen's importer or generator; please report it):\n\(run.output)")], "")
        }
        var diagnostics = found.unchecked
        for line in run.output.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let index = Int(fields[0]), found.examples.indices.contains(index) else { continue }
            let example = found.examples[index]
            diagnostics.append(Diagnostic(.error, "the example does not decode as \(example.type): \(fields[1]): \(fields[2])", at: example.location))
        }
        let failures = diagnostics.count - found.unchecked.count
        if failures == 0, run.status != 0 {
            diagnostics.append(Diagnostic(.error, "the examples' checker of '\(path)' failed without naming an example:\n\(run.output)"))
        }
        let summary = "\(path): \(counted(found.examples.count, "example")) checked, \(failures) did not decode\(unchecked)"
        return (diagnostics, summary)
    } catch {
        return ([Diagnostic(.error, "cannot check the examples of '\(path)': \(error)")], "")
    }
}

/// The EndpointGen checkout whose EndpointRuntime the check compiles against: `--endpointgen-package`, else
/// `ENDPOINTGEN_PACKAGE`, else the checkout this executable was built in (`.build/debug/endpointgen` lies inside it).
func runtimePackage(_ arguments: Arguments) -> URL? {
    if let given = arguments.endpointgenPackage ?? ProcessInfo.processInfo.environment["ENDPOINTGEN_PACKAGE"] {
        return URL(fileURLWithPath: given).standardizedFileURL
    }
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/EndpointRuntime").path),
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            return folder
        }
        folder.deleteLastPathComponent()
    }
    return nil
}

/// The package the examples' checker is built in: `Checker`, an executable target of generated sources, on EndpointRuntime.
struct ScratchPackage {
    let folder: URL

    /// The scratch package for `runtimePackage`, made on first use in the temporary folder.
    init(runtimePackage: URL) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("endpointgen-check-examples-\(Self.stableHash(runtimePackage.path))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Checker"), withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version:6.0
            // Made by `endpointgen lint --check-examples`; kept between runs so that only what changed is rebuilt.
            import PackageDescription
            let package = Package(
                name: "ExamplesCheck",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(name: "EndpointGen", path: \(String(reflecting: runtimePackage.path)))],
                targets: [.executableTarget(name: "Checker", dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")])]
            )

            """
        try Self.write(manifest, to: folder.appendingPathComponent("Package.swift"))
    }

    /// Replaces the checker's sources (writing only files whose text changed), builds it and runs it: whether it built,
    /// its exit status, and what it printed (the compiler's output when it did not build).
    func buildAndRun(sources: [(name: String, text: String)]) throws -> (built: Bool, status: Int32, output: String) {
        let lock = open(folder.appendingPathComponent(".lock").path, O_CREAT | O_RDWR, 0o644)
        guard lock >= 0 else { throw ScratchError(description: "cannot lock \(folder.path)") }
        defer { close(lock) }
        // One check at a time per scratch package: another endpointgen waits here, then rebuilds with its own sources.
        _ = flock(lock, LOCK_EX)
        let sourceFolder = folder.appendingPathComponent("Sources/Checker")
        let names = Set(sources.map(\.name))
        for stale in try FileManager.default.contentsOfDirectory(atPath: sourceFolder.path) where !names.contains(stale) {
            try FileManager.default.removeItem(at: sourceFolder.appendingPathComponent(stale))
        }
        for (name, text) in sources { try Self.write(text, to: sourceFolder.appendingPathComponent(name)) }
        let build = try Self.run("/usr/bin/env", ["swift", "build", "--package-path", folder.path, "--product", "Checker"])
        guard build.status == 0 else { return (false, build.status, build.output) }
        let run = try Self.run(folder.appendingPathComponent(".build/debug/Checker").path, [])
        return (true, run.status, run.output)
    }

    private static func write(_ text: String, to url: URL) throws {
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing == text { return }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// FNV-1a of `text`, in hex: the same folder for the same checkout in every run (`hashValue` is seeded per process).
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    struct ScratchError: Error, CustomStringConvertible {
        let description: String
    }
}
