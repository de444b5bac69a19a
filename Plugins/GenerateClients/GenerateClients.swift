import Foundation
import PackagePlugin

/// The command plugin `generate-clients`: runs `endpointgen generate` (or `check`, with `--check`) on
/// `Specs/*.yaml` of the package into `Generated/`, and turns the tool's located errors into SwiftPM
/// diagnostics.
///
/// `swift package --allow-writing-to-package-directory generate-clients [--check] [--specs DIR] [--output DIR]`;
/// any other argument (`--access internal`, `--templates DIR`, `--completion-handlers`) goes to endpointgen;
/// `--help` prints the plugin's own help.
@main struct GenerateClients: CommandPlugin {
    static let help = """
        OVERVIEW: Regenerate the package's checked-in clients with endpointgen: generate DIR/*.yaml into OUT, run in the
        package's root folder (so generated headers name specs relative to it).

        USAGE: swift package --allow-writing-to-package-directory generate-clients [--check] [--specs DIR] [--output OUT] [options]

        OPTIONS:
          --check                 Write nothing; fail when OUT is not what the specs give (for CI).
          --specs DIR             The folder whose *.yaml files are specs (default: Specs; its subfolders hold includes).
          --output OUT            The folder inside the package that receives the clients (default: Generated).
          --access LEVEL          public (default), package or internal: the access level of generated declarations.
          --templates DIR, --completion-handlers, --split HOW
                                  Passed on to endpointgen (see endpointgen help generate).
          -h, --help              Print this help.
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Self.help)
            return
        }
        // ArgumentExtractor would take the next option as the value (`--specs --check`), or drop a value-less last one.
        for (index, argument) in arguments.enumerated() where ["--specs", "--output"].contains(argument) {
            guard let value = arguments.dropFirst(index + 1).first, !value.hasPrefix("-") else {
                throw PluginFailure("\(argument) needs a value (\(argument) DIR); see generate-clients --help")
            }
        }
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
