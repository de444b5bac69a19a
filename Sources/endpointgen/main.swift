import Diagnostics
import EndpointGenCore
import EndpointSpec
import Foundation
import OpenAPIImport

// endpointgen: load specs → generate in memory → compare with the output folder → write (or report).
// Nothing is written unless every spec and template is free of errors.

let version = "0.1.0"

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Runs the command and gives the exit status: 0 success, 1 spec/template errors or drift, 2 usage.
func run(_ rawArguments: [String]) -> Int32 {
    var arguments: Arguments
    do {
        switch try Arguments.parse(rawArguments) {
        case .run(let parsed): arguments = parsed
        case .help(let command):
            print(command.map(Arguments.usage(of:)) ?? Arguments.usage)
            return 0
        case .version:
            print("endpointgen \(version)")
            return 0
        }
    } catch {
        let help = error.command.map { "endpointgen \($0.rawValue) --help" } ?? "endpointgen help"
        printError("error: \(error.message)\n\nRun '\(help)' for usage.")
        return 2
    }

    if let config = arguments.config {
        do {
            arguments = try ConfigFile.read(path: diagnosticPath(config)).applied(to: arguments)
        } catch {
            error.diagnostics.forEach { printError($0.description) }
            printError("\(error.diagnostics.count) error\(error.diagnostics.count == 1 ? "" : "s"); nothing was written")
            return 1
        }
    }

    var diagnostics: [Diagnostic] = []
    var loaded: [(path: String, spec: Spec, warnings: Int)] = []
    /// What each OpenAPI import kept, by path, with the generator's warnings counted in: printed after the diagnostics.
    var summaries: [String: ImportSummary] = [:]
    for given in arguments.specs {
        // Diagnostics name the spec as it was given: relative by hand, absolute from the build tool plugin (whose
        // build log Xcode and VS Code turn into clickable locations). Generated headers name it relative to here.
        let path = diagnosticPath(given)
        // Result(catching:), not do/catch, and the value boxed: Swift 6.3.1's debug build miscompiles a typed-throws
        // call returning a large value once `Spec` grows (it crashed reading `result.warnings`); release was fine.
        switch Result(catching: { () throws(DiagnosticError) in try Box(loadSpec(path: path, arguments: arguments)) }) {
        case .success(let box):
            let (result, summary) = box.value
            diagnostics += result.warnings
            loaded.append((displayPath(given), result.spec, result.warnings.count))
            summaries[displayPath(given)] = summary
        case .failure(let error):
            diagnostics += error.diagnostics
        }
    }

    // Documents whose clients have one name make one client; `documents` says which, by the first one's path.
    let allPaths = Set(loaded.map(\.path))
    let merged = mergeDocuments(loaded, summaries: summaries)
    (loaded, diagnostics) = (merged.loaded, diagnostics + quotingSourceLines(merged.diagnostics))
    let documents = { (path: String) in merged.documents[path] ?? [path] }

    // `lint` runs the generator's translation too (rendering nothing), so it reports every warning `generate` would.
    var files: [GeneratedFile] = []
    /// `lint --check-examples`: a line per OpenAPI document, e.g. `museum.yaml: 41 examples checked, 0 did not decode`.
    var exampleSummaries: [String] = []
    let options = GeneratorOptions(
        access: .init(rawValue: arguments.access ?? "public") ?? .public, completionHandlers: arguments.completionHandlers, split: arguments.split)
    if arguments.command == .lint {
        for index in loaded.indices {
            let warnings = quotingSourceLines(Generator.warnings(for: loaded[index].spec, specPath: loaded[index].path, options: options))
            diagnostics += warnings
            loaded[index].warnings += warnings.count
            summaries[loaded[index].path] = summaries[loaded[index].path]?.counting(warnings)
        }
        if arguments.checkExamples, diagnostics.allSatisfy({ $0.severity != .error }) {
            for path in loaded.flatMap({ documents($0.path) }) {
                guard summaries[path] != nil else {
                    exampleSummaries.append("\(path): an EndpointGen spec, whose examples --check-examples does not check (only an OpenAPI document's)")
                    continue
                }
                let (found, summary) = checkExamples(path: path, arguments: arguments, options: options)
                diagnostics += quotingSourceLines(found)
                if !summary.isEmpty { exampleSummaries.append(summary) }
            }
        }
    } else if arguments.command != .convert, diagnostics.allSatisfy({ $0.severity != .error }) {
        do {
            let generator = try Generator(overrides: arguments.templates.map { URL(fileURLWithPath: $0) }, options: options)
            for (path, spec, _) in loaded {
                // An OpenAPI document's file name (openapi.yaml) is seldom its client's: the files are named after the
                // client (`--name`, else from info.title), so that PetstoreClient.swift declares PetstoreClient.
                let stem = summaries[path] != nil ? spec.name : nil
                let result = try generator.generate(spec, specPath: path, stem: stem)
                files += result.files
                diagnostics += quotingSourceLines(result.warnings)
                summaries[path] = summaries[path]?.counting(result.warnings)
            }
        } catch {
            diagnostics += error.diagnostics
        }
    }

    let sorted = DiagnosticError(diagnostics).diagnostics
    // Warnings are printed with the errors whatever the options: nothing the spec gets wrong goes unsaid.
    for diagnostic in sorted {
        printError(diagnostic.description)
    }
    let errorCount = sorted.filter { $0.severity == .error }.count
    if errorCount > 0 {
        if !arguments.quiet { exampleSummaries.forEach { print($0) } }
        printError("\(errorCount) error\(errorCount == 1 ? "" : "s"); nothing was written")
        return 1
    }
    if arguments.command == .lint {
        if !arguments.quiet {
            for (path, spec, warnings) in loaded {
                let count = warnings == 0 ? "no warnings" : "\(warnings) warning\(warnings == 1 ? "" : "s")"
                print("\(path): \(counted(spec.endpoints.count, "endpoint")), \(counted(spec.models.count, "model")), \(count)")
                for document in documents(path) { if let summary = summaries[document] { print("\(document): \(summary.description)") } }
                if let line = madeOfLine(spec, documents: merged.documents[path]) { print(line) }
            }
            exampleSummaries.forEach { print($0) }
        }
        return 0
    }
    guard let output = arguments.output else { return 0 }
    if arguments.command == .convert, let (path, spec, _) = loaded.first {
        return writeConverted(spec, from: path, to: output, quiet: arguments.quiet)
    }

    do {
        let plan = try OutputPlan(
            files: files,
            directory: URL(fileURLWithPath: output),
            generatedSpecs: allPaths,
            specExists: { FileManager.default.fileExists(atPath: $0) }
        )
        switch arguments.command {
        case .check:
            guard plan.isEmpty else {
                printError("error: \(output) is not what endpointgen generate would write:")
                plan.differences(folder: output).forEach { printError("  " + $0) }
                return 1
            }
        case .generate:
            try plan.apply()
            if !arguments.quiet {
                for (path, spec, _) in loaded {
                    for document in documents(path) { if let summary = summaries[document] { print("\(document): \(summary.description)") } }
                    if let line = madeOfLine(spec, documents: merged.documents[path]) { print(line) }
                }
                plan.summary.forEach { print($0) }
                print(plan.isEmpty ? "\(output) is up to date" : "\(plan.changes.count) file\(plan.changes.count == 1 ? "" : "s") changed in \(output)")
            }
        case .lint, .convert:
            break
        }
    } catch {
        printError("error: cannot write \(output): \(error.localizedDescription)")
        return 1
    }
    return 0
}

/// `1 endpoint`, `4 endpoints`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// Loads one of our specs, or imports an OpenAPI document (recognised by its top-level `openapi` or `swagger` key) with the summary of
/// the import.
/// A value behind a reference, so a typed-throws call hands over a pointer (see `run`).
final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

func loadSpec(path: String, arguments: Arguments) throws(DiagnosticError) -> (LoadedSpec, ImportSummary?) {
    let text = try? String(contentsOfFile: path, encoding: .utf8)
    guard let text, OpenAPIImporter.isOpenAPI(text) else {
        if arguments.command == .convert {
            throw DiagnosticError(Diagnostic(.error, "'\(path)' is not an OpenAPI document (it has no top-level 'openapi' or 'swagger' key); convert reads OpenAPI 3.0 and 3.1 and Swagger 2.0"))
        }
        if arguments.name != nil {
            throw DiagnosticError(Diagnostic(.error, "--name names the client of an OpenAPI document; '\(path)' is an EndpointGen spec, which names itself with 'name:'"))
        }
        return (try SpecLoader.load(path: path), nil)
    }
    let (loaded, summary) = try OpenAPIImporter.importDocument(text: text, path: path, options: arguments.importOptions) { try String(contentsOfFile: $0, encoding: .utf8) }
    return (loaded, summary)
}

/// Writes the spec an OpenAPI document converts to; 0 on success, 1 when the file cannot be written.
func writeConverted(_ spec: Spec, from path: String, to output: String, quiet: Bool) -> Int32 {
    let text = SpecWriter.yaml(spec, header: "Converted from \(path) by endpointgen convert; edit freely.")
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output))
    } catch {
        printError("error: cannot write \(output): \(error.localizedDescription)")
        return 1
    }
    if !quiet { print("wrote \(output) (\(spec.endpoints.count) endpoints, \(spec.models.count) models)") }
    return 0
}

/// The generator's warnings with their source lines, read from their files: they point into specs the generator only
/// knows as a model (the loader quotes its own, and leaves a binary file's line unquoted on purpose). Each file is
/// read and indexed once, however many diagnostics point into it (one that cannot be read is tried again: that is
/// rare, and cheap).
func quotingSourceLines(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var sourceLines = SourceLineCache()
    return diagnostics.map { diagnostic in
        guard diagnostic.sourceLine == nil, let location = diagnostic.location else { return diagnostic }
        var quoted = diagnostic
        quoted.sourceLine = sourceLines.line(location.line, of: location.file) { try? String(contentsOfFile: $0, encoding: .utf8) }
        return quoted
    }
}

/// The path as the user gave it, without a leading `./`, so headers name specs the same way every run; a path
/// below the current folder is made relative to it.
func displayPath(_ path: String) -> String {
    let path = diagnosticPath(path)
    let current = FileManager.default.currentDirectoryPath + "/"
    return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
}

/// The path diagnostics print: as given (absolute stays absolute), without a leading `./`.
func diagnosticPath(_ path: String) -> String {
    var path = path
    while path.hasPrefix("./") { path.removeFirst(2) }
    return path
}

exit(run(Array(CommandLine.arguments.dropFirst())))

extension Arguments {
    /// Which operations of an OpenAPI document to import, its client's name and how its bodies are passed, as the
    /// options say.
    var importOptions: ImportOptions {
        ImportOptions(
            tags: includeTags, paths: includePaths, operations: includeOperations, name: name, spreadsObjectBodies: spreadsObjectBodies ?? true)
    }
}
