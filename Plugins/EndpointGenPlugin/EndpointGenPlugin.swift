import Foundation
import PackagePlugin

/// The build tool plugin: for every `X.endpoints.yaml` in a target, runs
/// `endpointgen generate <spec> --output <plugin work folder> --model-files by-letter --quiet` and compiles the
/// files it writes (`X/XClient.swift`, `X/XEndpoints.swift`, `X/XFake.swift` and the models by initial letter,
/// `X/XModels+A.swift` … `X/XModels+Z.swift`, `X/XModels+_.swift`) into the target.
@main struct EndpointGenPlugin: BuildToolPlugin {
    /// The files endpointgen writes per spec with `--model-files by-letter`, declared before it runs. The
    /// letters are endpointgen's `ModelFiles.letters` (a plugin cannot import the package's modules).
    static let outputs = ["Client", "Endpoints", "Fake"] + (Unicode.Scalar("A").value...Unicode.Scalar("Z").value).map {
        "Models+\(Character(Unicode.Scalar($0)!))"
    } + ["Models+_"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let yamlFiles = target.sourceFiles.map(\.url).filter { $0.pathExtension == "yaml" }
        let specs = yamlFiles.filter { $0.lastPathComponent.hasSuffix(".endpoints.yaml") }
        let tool = try context.tool(named: "endpointgen")
        let output = context.pluginWorkDirectoryURL
        return specs.map { spec in
            // endpointgen names outputs after the file name up to its first dot: MyAPI.endpoints.yaml → MyAPI.
            let stem = String(spec.lastPathComponent.prefix { $0 != "." })
            return .buildCommand(
                displayName: "Generating the \(stem) client from \(spec.lastPathComponent)",
                executable: tool.url,
                arguments: ["generate", spec.path, "--output", output.path, "--model-files", "by-letter", "--quiet"],
                // Every YAML file of the target, not just the spec: any of them may be one it includes.
                inputFiles: yamlFiles,
                outputFiles: Self.outputs.map { output.appending(path: "\(stem)/\(stem)\($0).swift") }
            )
        }
    }
}
