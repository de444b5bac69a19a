import Foundation
import PackagePlugin

/// The build tool plugin: for every `X.endpoints.yaml` in a target, runs
/// `endpointgen generate <spec> --output <plugin work folder> --split always --quiet` (for an OpenAPI document,
/// `openapi.yaml` or `X.openapi.json` say, `generate <document> --name <Name> [--config endpointgen-config.yaml] ...`,
/// its files named after `Name`) and compiles the files it writes into the target: for a small spec (`isSmall`,
/// `--split never`) four, `X/XClient.swift`, `X/XEndpoints.swift`, `X/XFake.swift` and `X/XModels.swift`; for any
/// other `X/XClient.swift`, `X/XEndpoints.swift` and `X/XFake.swift` with the type declarations, the part
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

    /// The files endpointgen writes per spec with `--split never`: one per template.
    static let singleOutputs = ["Client", "Endpoints", "Fake", "Models"]

    /// Part files pay where a one-line edit would otherwise recompile a large client (`edit-loop-benchmark`: a
    /// 100-endpoint spec's rebuild halved); a small one is four files. What the spec holds is known only once it is
    /// read, and the outputs must be declared first, so the plugin reads the text for an upper bound: a spec with at
    /// most as many endpoints and models as endpointgen's `auto` keeps in one file (`FileSplit.endpointThreshold`,
    /// `modelThreshold`) and no include; an OpenAPI document with at most that many operations, object and enum schemas
    /// and no reference into another file. Anything it cannot count is large. A count too high only costs the parts.
    static let endpointThreshold = 32
    static let modelThreshold = 100

    /// Whether `file` reads as small (above): generated with `--split never` into `singleOutputs`.
    static func isSmall(_ file: URL, isDocument: Bool) -> Bool {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if isDocument {
            // Every occurrence counts, wherever it is (a property named `get` too): too many is safe.
            func occurrences(_ words: [String]) -> Int {
                words.reduce(0) { total, word in
                    total + text.components(separatedBy: "\"\(word)\":").count - 1
                        + lines.filter { $0.drop { $0 == " " }.hasPrefix("\(word):") }.count
                }
            }
            let operations = occurrences(["get", "put", "post", "delete", "patch", "head", "options", "trace"])
            let models = occurrences(["properties", "enum", "oneOf", "anyOf", "allOf"])
            let external = lines.contains { $0.contains("$ref") && ($0.contains(".yaml#") || $0.contains(".yml#") || $0.contains(".json#")) }
            return !external && operations <= endpointThreshold && models <= modelThreshold
        }
        if lines.contains(where: { $0.hasPrefix("include:") }) { return false }
        /// The keys of a top-level block mapping (`endpoints:` then indented keys), `nil` for a flow mapping.
        func keyCount(_ section: String) -> Int? {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(section + ":") }) else { return 0 }
            let rest = lines[start].dropFirst(section.count + 1).prefix { $0 != "#" }
            guard rest.allSatisfy({ $0 == " " }) else { return nil }
            var indent: Int?
            var count = 0
            for line in lines[(start + 1)...] {
                let content = line.drop { $0 == " " }
                if content.isEmpty || content.hasPrefix("#") { continue }
                let lineIndent = line.count - content.count
                if lineIndent == 0 { break }
                if indent == nil { indent = lineIndent }
                if lineIndent == indent { count += 1 }
            }
            return count
        }
        guard let endpoints = keyCount("endpoints"), let models = keyCount("models") else { return false }
        return endpoints <= endpointThreshold && models <= modelThreshold
    }

    /// A target of a Swift package.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(
            tool: try context.tool(named: "endpointgen").url, inputFiles: target.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)
    }

    /// One build command per spec or OpenAPI document among `inputFiles` (the target's files): `tool` generates it
    /// into `workDirectory`.
    static func commands(tool: URL, inputFiles: [URL], workDirectory: URL, targetName: String) -> [Command] {
        let yamlFiles = inputFiles.filter { ["yaml", "yml"].contains($0.pathExtension) }
        let specs = yamlFiles.filter { $0.lastPathComponent.hasSuffix(".endpoints.yaml") }
        let documents = inputFiles.filter { isOpenAPIDocumentName($0.lastPathComponent) }
        for file in yamlFiles + inputFiles.filter({ $0.pathExtension == "json" }) where !specs.contains(file) && !documents.contains(file) {
            warnIfSpec(file)
        }
        // Every YAML and JSON file of the target is an input, not just the spec: any of them may be one it includes
        // or references.
        let inputs = yamlFiles + inputFiles.filter { $0.pathExtension == "json" }
        let fromSpecs = specs.map { spec in
            // endpointgen names outputs after the file name up to its first dot: MyAPI.endpoints.yaml → MyAPI.
            let stem = String(spec.lastPathComponent.prefix { $0 != "." })
            return command(
                tool: tool, displayName: "Generating the \(stem) client of \(targetName) from \(spec.lastPathComponent)",
                arguments: ["generate", spec.path], stem: stem, small: isSmall(spec, isDocument: false), inputs: inputs, workDirectory: workDirectory)
        }
        let fromDocuments = documents.map { document in
            let config = configFile(beside: document, among: inputFiles)
            let name = clientName(of: document, config: config, targetName: targetName)
            return command(
                tool: tool, displayName: "Generating the \(name) client of \(targetName) from \(document.lastPathComponent)",
                arguments: ["generate", document.path, "--name", name] + (config.map { ["--config", $0.path] } ?? []),
                stem: name, small: isSmall(document, isDocument: true), inputs: inputs, workDirectory: workDirectory)
        }
        return fromSpecs + fromDocuments
    }

    /// The build command that generates into `workDirectory/stem/`, declaring every file it writes: four for a
    /// `small` spec (`--split never`), else every part file (`--split always`).
    static func command(tool: URL, displayName: String, arguments: [String], stem: String, small: Bool, inputs: [URL], workDirectory: URL) -> Command {
        .buildCommand(
            displayName: displayName,
            executable: tool,
            arguments: arguments + ["--output", workDirectory.path, "--split", small ? "never" : "always", "--quiet"],
            inputFiles: inputs,
            // `appendingPathComponent`, not macOS 13's `appending(path:)`: SwiftPM may compile a plugin for an older
            // macOS (PackagePlugin's own deployment target).
            outputFiles: (small ? singleOutputs : outputs).map { workDirectory.appendingPathComponent("\(stem)/\(stem)\($0).swift") })
    }

    /// The OpenAPI documents the plugin generates: `openapi.yaml`, `openapi.yml`, `openapi.json`, and the same
    /// extensions after `<Name>.openapi.` (for a target with several documents).
    static func isOpenAPIDocumentName(_ fileName: String) -> Bool {
        ["yaml", "yml", "json"].contains { fileName == "openapi.\($0)" || fileName.hasSuffix(".openapi.\($0)") }
    }

    /// `endpointgen-config.yaml` (or `.yml`) in the document's folder, if the target has one.
    static func configFile(beside document: URL, among files: [URL]) -> URL? {
        let folder = document.deletingLastPathComponent().standardizedFileURL.path
        return files.first { file in
            ["endpointgen-config.yaml", "endpointgen-config.yml"].contains(file.lastPathComponent)
                && file.deletingLastPathComponent().standardizedFileURL.path == folder
        }
    }

    /// The client's name, which names its files too (declared before endpointgen runs): the config file's `name:`,
    /// else the document's file name before `.openapi.` (`Petstore.openapi.yaml` → `Petstore`), else the target's.
    static func clientName(of document: URL, config: URL?, targetName: String) -> String {
        if let config, let text = try? String(contentsOf: config, encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("name:") {
                let value = line.dropFirst("name:".count).prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                if isTypeName(value) { return value }
            }
        }
        let stem = String(document.lastPathComponent.prefix { $0 != "." })
        if stem != "openapi", isTypeName(stem) { return stem }
        return isTypeName(targetName) ? targetName : "API"
    }

    /// A name endpointgen's `--name` takes: a letter, then letters, digits and underscores.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }

    /// A YAML file with a top-level `endpoints:` key is a spec, and a YAML or JSON file with a top-level `openapi` or
    /// `swagger` key an OpenAPI document, but only `*.endpoints.yaml` and `openapi.yaml` (`*.openapi.yaml`, `.json`)
    /// files are generated: say so, where the key is, rather than leave the user with a missing client and no word why.
    static func warnIfSpec(_ file: URL) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let stem = file.lastPathComponent.prefix { $0 != "." }
        let isJSON = file.pathExtension == "json"
        // A JSON document's top-level key: on a line indented at most one level, as formatters write it.
        let openAPIKey = lines.firstIndex { line in
            isJSON
                ? ["\"openapi\"", "\"swagger\""].contains { line.trimmingCharacters(in: .whitespaces).hasPrefix($0) && line.prefix { $0 == " " }.count <= 4 }
                    || (line.hasPrefix("{") && (line.contains("{\"openapi\"") || line.contains("{\"swagger\"")))
                : line.hasPrefix("openapi:") || line.hasPrefix("swagger:")
        }
        let message: String
        let index: Int
        if let openAPIKey {
            let key = lines[openAPIKey].contains("swagger") ? "swagger" : "openapi"
            let renamed = stem == "openapi" ? "openapi.\(isJSON ? "json" : "yaml")" : "\(stem).openapi.\(isJSON ? "json" : "yaml")"
            message = "\(file.lastPathComponent) has a top-level '\(key)' key, but only OpenAPI documents named openapi.yaml, openapi.json, "
                + "*.openapi.yaml or *.openapi.json are generated: rename it \(renamed) (options such as the client's name go in "
                + "endpointgen-config.yaml beside it)"
            index = openAPIKey
        } else if !isJSON, let endpointsKey = lines.firstIndex(where: { $0.hasPrefix("endpoints:") }) {
            message = "\(file.lastPathComponent) has a top-level 'endpoints:' key, but only *.endpoints.yaml files are generated: "
                + "rename it \(stem).endpoints.yaml to get \(stem)Client (files a spec includes keep their names)"
            index = endpointsKey
        } else {
            return
        }
        // The location is also in the text: `swift build` prints a plugin's diagnostics without it.
        Diagnostics.warning("\(file.path):\(index + 1): \(message)", file: file.path, line: index + 1)
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
