public import Diagnostics
public import EndpointSpec
import Foundation
import YAML

/// Translates an OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one (YAML or JSON), into our `Spec`, so everything downstream is shared.
///
/// What our model cannot express is a located warning naming the feature and what was generated instead.
///
/// ```swift
/// let loaded = try OpenAPIImporter.load(path: "openapi.yaml")
/// loaded.spec.endpoints.map(\.name) // ["listPets", "createPet", ...]
/// ```
public enum OpenAPIImporter {
    /// Whether a file's text is an OpenAPI (or Swagger) document rather than one of our specs: its top level has `openapi` or `swagger`.
    public static func isOpenAPI(_ text: String) -> Bool {
        // On UTF-8 bytes, stopping at the first top-level key that says so: this runs on every spec `endpointgen`
        // reads, and a document states its version near the top.
        var text = text
        return text.withUTF8 { bytes in
            let start = bytes.firstIndex { !Self.isBlank($0) } ?? bytes.endIndex
            if start < bytes.endIndex, bytes[start] == UInt8(ascii: "{") {
                return bytes.contains(bytes: Array("\"openapi\"".utf8)) || bytes.contains(bytes: Array("\"swagger\"".utf8))
            }
            let keys = ["openapi:", "swagger:", "\"openapi\":", "'openapi':"].map { Array($0.utf8) }
            var lineStart = start
            while lineStart < bytes.endIndex {
                if keys.contains(where: { bytes[lineStart...].starts(with: $0) }) { return true }
                guard let lineEnd = bytes[lineStart...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { break }
                lineStart = lineEnd + 1
            }
            return false
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Imports the document at `path`; `$ref`s to other files are read relative to it.
    public static func load(path: String, options: ImportOptions = .init()) throws(DiagnosticError) -> LoadedSpec {
        let text: String
        do {
            text = try readFile(path)
        } catch {
            throw DiagnosticError(Diagnostic(.error, "cannot read OpenAPI document '\(path)': \(error)"))
        }
        return try load(text: text, path: path, options: options, readFile: readFile)
    }

    /// Imports a document held in memory; `readFile` reads the files its `$ref`s name, by path.
    ///
    /// Throws every error and warning at once, sorted by location, when there is any error.
    public static func load(
        text: String, path: String, options: ImportOptions = .init(), readFile: @escaping (String) throws -> String
    ) throws(DiagnosticError) -> LoadedSpec {
        try importDocument(text: text, path: path, options: options, readFile: readFile).loaded
    }

    /// Imports a document held in memory, as `load` does, with a summary of what was kept and the warnings by kind.
    public static func importDocument(
        text: String, path: String, options: ImportOptions = .init(), readFile: @escaping (String) throws -> String
    ) throws(DiagnosticError) -> (loaded: LoadedSpec, summary: ImportSummary) {
        let result = try translate(text: text, path: path, options: options, readFile: readFile)
        return (result.loaded, result.summary)
    }

    /// The import with the translator that made it, for what looks at the document again (the examples check).
    static func translate(
        text: String, path: String, options: ImportOptions, readFile: @escaping (String) throws -> String
    ) throws(DiagnosticError) -> (loaded: LoadedSpec, summary: ImportSummary, schemas: SchemaTranslator, paths: DocumentNode) {
        let diagnostics = ImportDiagnostics()
        diagnostics.register(path: path, text: text)
        let parsed = try parseDocument(text, file: path)
        // Swagger 2.0 is read in OpenAPI 3.0 shape (Swagger2Translator), with the locations of the 2.0 text.
        guard let translated = Swagger2Translator(root: parsed, diagnostics: diagnostics).translated() else { throw DiagnosticError(diagnostics.diagnostics) }
        let root = DocumentNode(node: translated, file: path)
        guard let paths = checkedPaths(root, diagnostics: diagnostics) else { throw DiagnosticError(diagnostics.diagnostics) }

        let documents = DocumentSet(mainPath: path, root: root.node, readFile: readFile, diagnostics: diagnostics)
        if Swagger2Translator.isSwagger(parsed) { documents.translate = Swagger2Translator.referencedDocument }
        let schemas = SchemaTranslator(documents: documents, diagnostics: diagnostics)
        let security = SecurityTranslator(root: root, paths: paths, schemas: schemas, diagnostics: diagnostics)
        let operations = OperationTranslator(schemas: schemas, security: security, diagnostics: diagnostics)
        let endpoints = operations.endpoints(paths, options: options)
        schemas.widenToExamples(paths: paths, options: options)
        schemas.reportMisfitDefaults()
        if options.isFiltering, endpoints.isEmpty {
            diagnostics.error("the filters (\(options.summary)) match no operation of the document", at: paths.location)
        }
        let errorModels = endpoints.map(\.errorModel)
        let sharedError = errorModels.allSatisfy { $0 == errorModels.first } ? errorModels.first ?? nil : nil
        // A model that holds itself is kept whole: the generator stores such properties out of line (`@Indirect`).
        // What the endpoints reach as the document writes it, then one type per shape: a model that becomes another name
        // keeps the names of the models it held (they stay `sameAs` of theirs).
        // A document without `paths` (components only) keeps every component schema.
        let componentTypes = root["paths"] == nil ? schemas.componentSchemaTypes(root) : []
        let built = schemas.models.values.sorted { $0.name < $1.name }
        let used = componentTypes.isEmpty
            ? usedModels(built, endpoints: endpoints, errorModel: sharedError) : reachedModels(built, from: componentTypes)
        let models = sameAsIdentical(used, inline: schemas.inlineModelNames)
        let server = translateServer(root, takesCredentials: security.auth != nil, diagnostics: diagnostics)
        let spec = Spec(
            name: options.name ?? specName(root, path: path), server: server.server, version: root["info"]?.text("version"),
            variables: server.variables, defaults: Defaults(), auth: security.auth, policy: Policy(), errors: ErrorPolicy(messageFields: inferredMessageFields(errorModel: sharedError, models: models), model: sharedError),
            endpoints: endpoints, models: models, location: root.location
        )
        guard !diagnostics.hasErrors else { throw DiagnosticError(diagnostics.diagnostics) }
        let summary = ImportSummary(
            operations: operations.operationCount, selected: operations.selectedCount, imported: endpoints.count, diagnostics: diagnostics.diagnostics)
        return (LoadedSpec(spec: spec, warnings: diagnostics.diagnostics), summary, schemas, paths)
    }

    /// The `paths` of a document that is OpenAPI 3.x (or Swagger 2.0 translated); `nil` after an error otherwise.
    private static func checkedPaths(_ root: DocumentNode, diagnostics: ImportDiagnostics) -> DocumentNode? {
        guard root.node.mapping != nil else {
            diagnostics.error("expected a mapping at the top of an OpenAPI document, found a \(root.node.kindDescription)", at: root.location)
            return nil
        }
        guard let version = root["openapi"] else {
            diagnostics.error("missing required key 'openapi' in an OpenAPI document", at: root.location)
            return nil
        }
        guard let text = version.node.text, text.hasPrefix("3.0") || text.hasPrefix("3.1") else {
            diagnostics.error("OpenAPI \(version.node.text ?? "") is not supported; expected 3.0 or 3.1", at: version.location)
            return nil
        }
        guard let paths = root["paths"] else {
            // OpenAPI 3.1 makes `paths` optional: a document of shared types has `components` alone.
            guard root["components"] != nil else {
                diagnostics.error("missing required key 'paths' in the OpenAPI document", at: root.location)
                return nil
            }
            diagnostics.warning("the document has no 'paths': its component schemas are imported as models, with no endpoints", at: root.location)
            return DocumentNode(node: YAMLNode(.mapping([]), location: root.location), file: root.file)
        }
        guard paths.node.mapping != nil else {
            diagnostics.error("expected a mapping for 'paths', found a \(paths.node.kindDescription)", at: paths.location)
            return nil
        }
        return paths
    }

    /// The API's name from `info.title`, shortened (`Stripe API` gives `StripeAPI`, `Spotify Web API with fixes and
    /// improvements from sonallux` gives `SpotifyWebAPI`); the file's name when the title has no letters.
    private static func specName(_ root: DocumentNode, path: String) -> String {
        let title = SwiftName.type(shortTitle(root["info"]?.text("title") ?? ""))
        if title != "_", title.first?.isLetter == true { return title }
        let stem = SwiftName.type(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        return stem.first?.isLetter == true ? stem : "API"
    }

    /// A file's text; a missing file says so plainly rather than with Foundation's wording.
    private static func readFile(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw FileNotFound() }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    private struct FileNotFound: Error, CustomStringConvertible {
        var description: String { "no such file" }
    }
}

extension ImportOptions {
    /// The filters as the command line gives them, e.g. `--include-tag pets, --include-path /v1/*`.
    var summary: String {
        (tags.map { "--include-tag \($0)" } + paths.map { "--include-path \($0)" } + operations.map { "--include-operation \($0)" })
            .joined(separator: ", ")
    }
}
