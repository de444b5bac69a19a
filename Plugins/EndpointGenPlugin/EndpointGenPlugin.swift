import Foundation
import PackagePlugin

/// The build tool plugin: for every `X.endpoints.yaml` in a target, runs
/// `endpointgen generate <spec> --output <plugin work folder> --quiet` and compiles the four files it
/// writes (`X/XClient.swift`, `X/XEndpoints.swift`, `X/XModels.swift`, `X/XFake.swift`) into the target.
@main struct EndpointGenPlugin: BuildToolPlugin {
    /// The templates endpointgen renders once per spec, so the outputs can be declared before it runs.
    static let templates = ["Client", "Endpoints", "Models", "Fake"]

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
                arguments: ["generate", spec.path, "--output", output.path, "--quiet"],
                // Every YAML file of the target, not just the spec: any of them may be one it includes.
                inputFiles: yamlFiles,
                outputFiles: Self.templates.map { output.appending(path: "\(stem)/\(stem)\($0).swift") }
            )
        }
    }
}
