import Foundation
import Testing
import TestSupport

/// Package.swift's dependencies are each target's imports: no module uses another it does not declare, and none
/// declares one it does not use, except the executables a target runs as a process (and a module it compiles
/// generated code against), which it cannot import. Read from the sources.
@Suite struct PackageManifestTests {
    /// What a target may declare without importing it, and why.
    static let runNotImported: [String: Set<String>] = [
        "*": ["endpointgen", "streaming-probe"],  // executables run as processes
        "openapi-benchmark": ["EndpointRuntime"],  // the generated clients it compiles import it
    ]

    struct Target {
        let name: String
        let dependencies: Set<String>
        let path: String
    }

    /// The Swift targets of the manifest: name, declared dependencies and source folder.
    static func targets(in manifest: String) -> [Target] {
        // One chunk per declaration: from one `.kind(` to the next, line breaks folded.
        var text = manifest.replacingOccurrences(of: "\n", with: " ")
        for kind in ["target", "testTarget", "executableTarget", "plugin", "systemLibrary"] {
            text = text.replacingOccurrences(of: ".\(kind)(", with: "\u{1}\(kind)(")
        }
        return text.components(separatedBy: "\u{1}").dropFirst().compactMap { chunk -> Target? in
            let kind = String(chunk.prefix { $0 != "(" })
            guard ["target", "testTarget", "executableTarget"].contains(kind), let name = value(of: "name", in: chunk) else { return nil }
            let dependencies = chunk.components(separatedBy: "dependencies: [").dropFirst().first?
                .prefix { $0 != "]" }.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element) ?? []
            let path = value(of: "path", in: chunk) ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: name, dependencies: Set(dependencies), path: path)
        }
    }

    /// The quoted value of the first `key: "…"` in `text`.
    static func value(of key: String, in text: String) -> String? {
        text.components(separatedBy: "\(key): \"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
    }

    /// The package's modules a folder's Swift files import (top-level `import` lines only: code in string literals,
    /// as the benchmarks hold, is indented).
    static func imports(in folder: URL, among modules: Set<String>) throws -> Set<String> {
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") where !line.hasPrefix(" ") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") && !["public", "internal", "package"].contains($0) }
                guard words.count == 2, words[0] == "import" else { continue }
                let module = String(words[1])
                if let name = modules.first(where: { $0.replacingOccurrences(of: "-", with: "_") == module }) { found.insert(name) }
            }
        }
        return found
    }

    @Test func everyTargetDeclaresExactlyTheModulesItImports() throws {
        let root = TestEnvironment.repositoryRoot
        let targets = Self.targets(in: try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
        #expect(targets.count > 30, "found \(targets.count) targets: is the manifest read?")
        let modules = Set(targets.map(\.name)).union(["CYAML"])
        for target in targets {
            var imports = try Self.imports(in: root.appendingPathComponent(target.path), among: modules)
            imports.remove(target.name)
            let allowed = Self.runNotImported["*", default: []].union(Self.runNotImported[target.name, default: []])
            #expect(imports.subtracting(target.dependencies).isEmpty, "\(target.name) imports \(imports.subtracting(target.dependencies).sorted()) without declaring them")
            let unused = target.dependencies.subtracting(imports).subtracting(allowed)
            #expect(unused.isEmpty, "\(target.name) declares \(unused.sorted()) without importing them")
        }
    }
}
