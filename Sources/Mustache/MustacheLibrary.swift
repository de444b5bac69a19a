import Diagnostics
import Foundation

/// Named templates that are each other's partials and parents, e.g. `Client.swift` including `{{> Method}}`.
///
/// The generator loads its default templates, then lays the user's `--templates DIR` over them with
/// ``overlaid(by:)``: a user file replaces the default of the same name, the others stay.
public struct MustacheLibrary: Sendable {
    /// The compiled templates by name.
    private var templates: [String: MustacheTemplate]

    /// Compiles in-memory templates (name to source); `fileName` gives the path errors print for a name.
    ///
    /// Throws the errors of every template that fails to compile, together.
    public init(
        templates sources: [String: String], fileName: (String) -> String = { "\($0).mustache" }
    ) throws(DiagnosticError) {
        var templates: [String: MustacheTemplate] = [:]
        var diagnostics: [Diagnostic] = []
        for (name, text) in sources {
            do {
                templates[name] = try MustacheTemplate(compiling: text, name: fileName(name))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        self.templates = templates
    }

    /// Loads and compiles every `*.mustache` file in `directory`; a template's name is its file name
    /// without `.mustache` (`Client.swift.mustache` is `Client.swift`). Subfolders are not searched.
    public init(directory: URL) throws(DiagnosticError) {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw DiagnosticError(Diagnostic(.error, "cannot read template directory '\(directory.relativePath)'"))
        }
        var sources: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for file in files.sorted() where file.hasSuffix(".mustache") {
            let url = directory.appendingPathComponent(file)
            if let text = try? String(contentsOf: url, encoding: .utf8) {
                sources[String(file.dropLast(".mustache".count))] = text
            } else {
                diagnostics.append(Diagnostic(.error, "cannot read template '\(url.relativePath)' as UTF-8 text"))
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        try self.init(templates: sources, fileName: { directory.appendingPathComponent($0 + ".mustache").relativePath })
    }

    /// The template names, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// This library with `other`'s templates added, replacing those of the same name.
    public func overlaid(by other: MustacheLibrary) -> MustacheLibrary {
        var result = self
        result.templates.merge(other.templates, uniquingKeysWith: { _, overriding in overriding })
        return result
    }

    /// Renders the template `name` against `context`; its partials and parents come from this library.
    public func render(
        _ name: String, context: MustacheValue, options: RenderOptions = .init()
    ) throws(DiagnosticError) -> String {
        guard let template = templates[name] else {
            throw DiagnosticError(Diagnostic(.error, "no template named '\(name)'; the templates are \(names.map { "'\($0)'" }.joined(separator: ", "))"))
        }
        return try template.render(context, templates: templates, options: options)
    }
}
