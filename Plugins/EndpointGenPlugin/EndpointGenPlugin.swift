import Foundation
import PackagePlugin

/// The build tool plugin: for every `X.endpoints.yaml` in a target, runs
/// `endpointgen generate <spec> --output <plugin work folder> --split always --quiet` and compiles the files it writes
/// into the target: `X/XClient.swift`, `X/XEndpoints.swift` and `X/XFake.swift` with the type declarations, the part
/// files that hold the endpoints' code, `X/XClient+00.swift` … `X/XClient+15.swift` (and the same for `Endpoints` and
/// `Fake`), and the models by a hash of their names, `X/X.Models+00.swift` … `X/X.Models+31.swift`.
/// SwiftPM targets come through `BuildToolPlugin`, Xcode project targets through `XcodeBuildToolPlugin` (below);
/// both build their commands with `commands(tool:inputFiles:workDirectory:targetName:)`.
@main struct EndpointGenPlugin: BuildToolPlugin {
    /// The files endpointgen writes per spec with `--split always`, declared before it runs: the part suffixes are
    /// endpointgen's `FileSplit.partSuffixes` and `FileSplit.modelPartSuffixes` (a plugin cannot import the package's
    /// modules).
    static let outputs: [String] = {
        let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
        return ["Client", "Endpoints", "Fake"].flatMap { template in [template] + (0..<16).map { "\(template)+\(twoDigits($0))" } }
            + (0..<32).map { ".Models+\(twoDigits($0))" }
    }()

    /// A target of a Swift package.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(
            tool: try context.tool(named: "endpointgen").url, inputFiles: target.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)
    }

    /// One build command per spec among `inputFiles` (the target's files): `tool` generates it into `workDirectory`.
    static func commands(tool: URL, inputFiles: [URL], workDirectory: URL, targetName: String) -> [Command] {
        let yamlFiles = inputFiles.filter { $0.pathExtension == "yaml" }
        let specs = yamlFiles.filter { $0.lastPathComponent.hasSuffix(".endpoints.yaml") }
        for file in yamlFiles where !specs.contains(file) { warnIfSpec(file) }
        return specs.map { spec in
            // endpointgen names outputs after the file name up to its first dot: MyAPI.endpoints.yaml → MyAPI.
            let stem = String(spec.lastPathComponent.prefix { $0 != "." })
            return .buildCommand(
                displayName: "Generating the \(stem) client of \(targetName) from \(spec.lastPathComponent)",
                executable: tool,
                arguments: ["generate", spec.path, "--output", workDirectory.path, "--split", "always", "--quiet"],
                // Every YAML file of the target, not just the spec: any of them may be one it includes.
                inputFiles: yamlFiles,
                // `appendingPathComponent`, not macOS 13's `appending(path:)`: SwiftPM may compile a plugin for an older
                // macOS (PackagePlugin's own deployment target).
                outputFiles: outputs.map { workDirectory.appendingPathComponent("\(stem)/\(stem)\($0).swift") }
            )
        }
    }

    /// A YAML file with a top-level `endpoints:` key is a spec, but only `*.endpoints.yaml` files are generated:
    /// say so, where the key is, rather than leave the user with a missing client and no word why.
    static func warnIfSpec(_ file: URL) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("endpoints:") }) else { return }
        let stem = file.lastPathComponent.prefix { $0 != "." }
        // The location is also in the text: `swift build` prints a plugin's diagnostics without it.
        Diagnostics.warning(
            "\(file.path):\(index + 1): \(file.lastPathComponent) has a top-level 'endpoints:' key, but only *.endpoints.yaml files are generated: "
                + "rename it \(stem).endpoints.yaml to get \(stem)Client (files a spec includes keep their names)",
            file: file.path, line: index + 1)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension EndpointGenPlugin: XcodeBuildToolPlugin {
    /// A target of an Xcode project (an app, say): its files are those it has as members, specs included.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        Self.commands(
            tool: try context.tool(named: "endpointgen").url, inputFiles: target.inputFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName)
    }
}
#endif
