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
        } catch let error as DiagnosticError {
            throw error
        } catch {
            throw DiagnosticError(Diagnostic(.error, "cannot read spec '\(path)': \(error)"))
        }
        return try load(text: text, path: path, limits: limits, readInclude: read) { try? FileManager.default.contentsOfDirectory(atPath: $0) }
    }

    /// Loads a spec from memory; `readInclude` gets each include's path, resolved against its includer's folder, and
    /// `listFolder` a folder's path, to suggest the file a missing include probably meant (`nil`: no suggestions).
    ///
    /// Every check runs whatever another found, and an error that only follows from one already reported is left
    /// out. Throws the errors (at most `limits.maxErrors`, then "too many errors") and the warnings at once, sorted by
    /// location, when there is any error.
    /// `limits` bound the size of each file, the includes, the number of endpoints and models and the length of names.
    public static func load(
        text: String, path: String, limits: SpecLimits = .default, readInclude: @escaping (String) throws -> String,
        listFolder: @escaping (String) -> [String]? = { _ in nil }
    ) throws(DiagnosticError) -> LoadedSpec {
        let sink = DiagnosticSink(maxErrors: limits.maxErrors)
        let damage = Damage()
        sink.register(path: path, text: text)
        let document = try YAMLParser.parseDocumentReadingPastDuplicates(text, file: path, limits: limits.yaml)
        sink.add(document.problems)
        document.discarded.forEach(damage.mention)
        let root = document.root
        var includes = IncludeResolver(sink: sink, damage: damage, limits: limits, readInclude: readInclude, listFolder: listFolder)
        includes.visit(root, path: path)
        let modelPairs = declaredModels(includes.files, mainPath: path, sink: sink, damage: damage)
        let limitChecks = LimitChecks(limits: limits, sink: sink)
        guard !sink.reachedErrorLimit, limitChecks.counts(endpoints: root["endpoints"], models: modelPairs) else { throw DiagnosticError(sink.diagnostics) }
        includes.files.forEach { limitChecks.names(in: $0.root) }
        var decoder = SpecDecoder(sink: sink, damage: damage, modelNames: Set(modelPairs.map(\.name)))
        let models = decoder.resolvingSameAs(modelPairs.compactMap { decoder.model($0.pair, name: $0.name) })
        let spec = decoder.spec(root, models: models)
        if let spec {
            SpecChecks(spec: spec, mainPath: path, sink: sink, damage: damage).run()
        }
        guard let spec, !sink.hasErrors else { throw DiagnosticError(sink.diagnostics) }
        return LoadedSpec(spec: spec, warnings: sink.diagnostics)
    }

    /// The model declarations of every file, included files first; reports duplicates across files.
    private static func declaredModels(
        _ files: [IncludeResolver.File], mainPath: String, sink: DiagnosticSink, damage: Damage
    ) -> [(name: String, pair: YAMLPair)] {
        let decoder = SpecDecoder(sink: sink, damage: damage, modelNames: [])
        var first: [String: YAMLNode] = [:]
        var declared: [(name: String, pair: YAMLPair)] = []
        for file in files {
            if file.path != mainPath {
                _ = decoder.fields(file.root, "included file '\(file.path)'", allowed: ["models", "include"])
            }
            guard let node = file.root["models"], let pairs = decoder.mapping(node, "'models'") else { continue }
            for pair in pairs {
                guard let name = decoder.string(pair.key, "a model name") else { continue }
                if let earlier = first[name] {
                    let note = sink.note("'\(name)' is first declared here", at: earlier)
                    sink.error("duplicate model '\(name)'", at: pair.key, notes: [note])
                    continue
                }
                first[name] = pair.key
                declared.append((name, pair))
            }
        }
        return declared
    }

    /// A file's text; a missing file says so plainly rather than with Foundation's wording, an oversized one is
    /// refused before it is read, and one that is not UTF-8 text is a located error naming the first bad byte.
    private static func readFile(_ path: String, maxBytes: Int) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ReadFailure.notFound }
        guard !isFolder.boolValue else { throw ReadFailure.folder }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxBytes else {
            throw DiagnosticError(Diagnostic(
                .error, "the file is \(size) bytes, more than the limit of \(maxBytes) bytes", at: SourceLocation(file: path, line: 1, column: 1)))
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw ReadFailure.unreadable }
        return try SourceText.decode([UInt8](data), path: path)
    }

    /// Why a file could not be read, in plain words rather than Foundation's.
    private enum ReadFailure: Error, CustomStringConvertible {
        case notFound, folder, unreadable

        var description: String {
            switch self {
            case .notFound: "no such file"
            case .folder: "it is a folder, not a file"
            case .unreadable: "permission denied"
            }
        }
    }
}
