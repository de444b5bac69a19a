import DefaultTemplates
import Diagnostics
import EndpointSpec
import Foundation
import Mustache

/// The pipeline from a validated spec to Swift files: translate → render. Pure: reading specs and
/// writing files are the caller's (the CLI's) business.
public struct Generator: Sendable {
    /// The templates; each named `X.swift` produces one file per spec, the others serve as partials.
    public let templates: MustacheLibrary
    /// Access level and optional output.
    public let options: GeneratorOptions

    /// A generator over the given templates.
    public init(templates: MustacheLibrary, options: GeneratorOptions = .init()) {
        self.templates = templates
        self.options = options
    }

    /// A generator over the default templates, each replaced by a same-named file in `overrides` if given.
    public init(overrides: URL? = nil, options: GeneratorOptions = .init()) throws(DiagnosticError) {
        var templates = try MustacheLibrary(directory: DefaultTemplates.directory)
        if let overrides {
            templates = templates.overlaid(by: try MustacheLibrary(directory: overrides))
        }
        self.init(templates: templates, options: options)
    }

    /// The files for one spec, at `<stem>/<stem><Template>.swift` (e.g. `Auth/AuthClient.swift` for
    /// `Specs/Auth.yaml` or `Auth.endpoints.yaml` and `Client.swift.mustache`), and the warnings translation gave.
    public func generate(_ spec: Spec, specPath: String) throws(DiagnosticError) -> (files: [GeneratedFile], warnings: [Diagnostic]) {
        let (context, warnings) = translateSpec(spec, specPath: specPath, options: options)
        let value: MustacheValue
        do {
            value = try MustacheValue(context)
        } catch {
            throw DiagnosticError(Diagnostic(.error, "internal error: the template context cannot be encoded: \(error)"))
        }
        let stem = Self.stem(of: specPath)
        var files: [GeneratedFile] = []
        for name in templates.names where name.hasSuffix(".swift") {
            let text = try templates.render(name, context: value, options: RenderOptions(escaping: .none, strict: true))
            files.append(GeneratedFile(path: "\(stem)/\(stem)\(name)", contents: Self.tidy(text)))
        }
        return (files, warnings)
    }

    /// The spec's file name up to its first dot, so that `MyAPI.endpoints.yaml` (the build tool plugin's
    /// naming) gives `MyAPI` like `MyAPI.yaml`; a name that starts with a dot loses only its extension.
    static func stem(of specPath: String) -> String {
        let url = URL(fileURLWithPath: specPath)
        let stem = url.lastPathComponent.prefix { $0 != "." }
        return stem.isEmpty ? url.deletingPathExtension().lastPathComponent : String(stem)
    }

    /// Whatever a template did, generated text has no trailing spaces, no blank line right after `{`
    /// or right before `}`, no two blank lines in a row, and ends in exactly one newline.
    static func tidy(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(line).trimmingTrailingWhitespace()
            let previous = lines.last
            if line.isEmpty, previous == nil || previous!.isEmpty || previous!.hasSuffix("{") { continue }
            if line.trimmingLeadingWhitespace().hasPrefix("}"), previous?.isEmpty == true { lines.removeLast() }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
