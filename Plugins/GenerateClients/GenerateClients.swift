import Foundation
import PackagePlugin

/// The command plugin `generate-clients`: runs `endpointgen generate` (or `check`, with `--check`) on
/// `Specs/*.yaml` of the package into `Generated/`, and turns the tool's located errors into SwiftPM
/// diagnostics.
///
/// `swift package --allow-writing-to-package-directory generate-clients [--check] [--specs DIR] [--output DIR]`;
/// any other argument (`--access internal`, `--templates DIR`, `--completion-handlers`) goes to endpointgen.
@main struct GenerateClients: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let check = extractor.extractFlag(named: "check") > 0
        let specs = extractor.extractOption(named: "specs").last ?? "Specs"
        let requestedOutput = extractor.extractOption(named: "output").last ?? "Generated"
        let package = context.package.directoryURL

        // Linux has no plugin sandbox: this check is what keeps the plugin inside the package. The tool
        // gets the checked path, so a `..` after a symbolic link cannot lead it elsewhere.
        guard let output = Self.pathInside(package, of: URL(fileURLWithPath: requestedOutput, relativeTo: package)) else {
            throw PluginFailure("--output \(requestedOutput) is not a folder inside the package; give one below \(package.path)")
        }
        let specFolder = URL(fileURLWithPath: specs, relativeTo: package)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: specFolder.path)) ?? []
        let specPaths = names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(specs)/\($0)" }
        guard !specPaths.isEmpty else { throw PluginFailure("no spec (*.yaml) in \(specFolder.path)") }

        let process = Process()
        process.executableURL = try context.tool(named: "endpointgen").url
        // Relative paths from the package root, so generated headers name specs as `Specs/Auth.yaml`.
        process.currentDirectoryURL = package
        process.arguments = [check ? "check" : "generate"] + specPaths + ["--output", output] + extractor.remainingArguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        for message in ToolMessage.parse(errorText, relativeTo: package) {
            message.emit()
        }
        guard process.terminationStatus == 0 else {
            throw PluginFailure("endpointgen \(check ? "check" : "generate") failed (exit status \(process.terminationStatus))")
        }
    }

    /// The path of `url` relative to `folder`, once `..` and symbolic links are resolved; `nil` when it is
    /// not below `folder`. The folder itself does not count: endpointgen removes stale files of its own
    /// anywhere below its output folder, and below a package root that includes build folders.
    static func pathInside(_ folder: URL, of url: URL) -> String? {
        let path = resolved(url)
        let root = resolved(folder)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The real path of `url`: the links of its longest existing ancestor resolved (Foundation resolves
    /// nothing in a path that does not exist yet), the rest appended as it is.
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        // `appendingPathComponent`, not macOS 13's `appending(path:)`: SwiftPM may compile a plugin for an older macOS.
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }.standardizedFileURL.path
    }
}
