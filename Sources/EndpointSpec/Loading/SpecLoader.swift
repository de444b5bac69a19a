public import Diagnostics
import Foundation
import YAML

/// Reads a spec file and its includes, decodes, validates and resolves it.
///
/// ```swift
/// let loaded = try SpecLoader.load(path: "Specs/Auth.yaml")
/// loaded.spec.endpoints.map(\.name) // ["tokenCheck", "authenticate", "user", "deleteUser"]
/// ```
public enum SpecLoader {
    /// Loads a spec from disk; includes are read relative to the including file.
    public static func load(path: String, limits: SpecLimits = .default) throws(DiagnosticError) -> LoadedSpec {
        let read = { (path: String) throws in try readFile(path, maxBytes: limits.yaml.maxBytes) }
        let text: String
        do {
            text = try read(path)
        } catch let error as FileTooLarge {
            throw DiagnosticError(Diagnostic(.error, error.description, at: SourceLocation(file: path, line: 1, column: 1)))
        } catch {
            throw DiagnosticError(Diagnostic(.error, "cannot read spec '\(path)': \(error)"))
        }
        return try load(text: text, path: path, limits: limits, readInclude: read)
    }

    /// Loads a spec from memory; `readInclude` gets each include's path, resolved against its includer's folder.
    ///
    /// Throws the errors (at most `limits.maxErrors`, then "too many errors") and the warnings at once, sorted by location,
    /// when there is any error.
    /// `limits` bound the size of each file, the includes, the number of endpoints and models and the length of names.
    public static func load(
        text: String, path: String, limits: SpecLimits = .default, readInclude: @escaping (String) throws -> String
    ) throws(DiagnosticError) -> LoadedSpec {
        let sink = DiagnosticSink(maxErrors: limits.maxErrors)
        sink.register(path: path, text: text)
        let root = try YAMLParser.parseDocument(text, file: path, limits: limits.yaml)
        var includes = IncludeResolver(sink: sink, limits: limits, readInclude: readInclude)
        includes.visit(root, path: path)
        let modelPairs = declaredModels(includes.files, mainPath: path, sink: sink)
        let limitChecks = LimitChecks(limits: limits, sink: sink)
        guard !sink.reachedErrorLimit, limitChecks.counts(endpoints: root["endpoints"], models: modelPairs) else { throw DiagnosticError(sink.diagnostics) }
        includes.files.forEach { limitChecks.names(in: $0.root) }
        var decoder = SpecDecoder(sink: sink, modelNames: Set(modelPairs.map(\.name)))
        let models = modelPairs.compactMap { decoder.model($0.pair, name: $0.name) }
        let spec = decoder.spec(root, models: models)
        if let spec, !sink.hasErrors {
            SpecChecks(spec: spec, mainPath: path, sink: sink).run()
        }
        guard let spec, !sink.hasErrors else { throw DiagnosticError(sink.diagnostics) }
        return LoadedSpec(spec: spec, warnings: sink.diagnostics)
    }

    /// The model declarations of every file, included files first; reports duplicates across files.
    private static func declaredModels(_ files: [IncludeResolver.File], mainPath: String, sink: DiagnosticSink) -> [(name: String, pair: YAMLPair)] {
        let decoder = SpecDecoder(sink: sink, modelNames: [])
        var first: [String: SourceLocation] = [:]
        var declared: [(name: String, pair: YAMLPair)] = []
        for file in files {
            if file.path != mainPath {
                _ = decoder.fields(file.root, "included file '\(file.path)'", allowed: ["models", "include"])
            }
            guard let node = file.root["models"], let pairs = decoder.mapping(node, "'models'") else { continue }
            for pair in pairs {
                guard let name = decoder.string(pair.key, "a model name") else { continue }
                if let earlier = first[name] {
                    sink.error("duplicate model '\(name)' (first at \(earlier))", at: pair.key.location)
                    continue
                }
                first[name] = pair.key.location
                declared.append((name, pair))
            }
        }
        return declared
    }

    /// A file's text; a missing file says so plainly rather than with Foundation's wording, and an oversized
    /// one is refused before it is read.
    private static func readFile(_ path: String, maxBytes: Int) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw FileNotFound() }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxBytes else { throw FileTooLarge(size: size, maxBytes: maxBytes) }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    private struct FileNotFound: Error, CustomStringConvertible {
        var description: String { "no such file" }
    }

    /// Worded as `YAMLParser` words the same limit on text in memory.
    private struct FileTooLarge: Error, CustomStringConvertible {
        var size: Int
        var maxBytes: Int
        var description: String { "the file is \(size) bytes, more than the limit of \(maxBytes) bytes" }
    }
}
