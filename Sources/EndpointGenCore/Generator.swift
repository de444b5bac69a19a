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
    /// Split by `options.split`, `Models.swift` gives `<stem>.Models+<part>.swift` files, and `Client.swift`,
    /// `Endpoints.swift` and `Fake.swift` each give their base file and `<stem>Client+<part>.swift` files (see `FileSplit`).
    /// `stem` names the files instead of the spec's file name (an OpenAPI document's client named on the command line).
    public func generate(_ spec: Spec, specPath: String, stem: String? = nil) throws(DiagnosticError) -> (files: [GeneratedFile], warnings: [Diagnostic]) {
        let (context, warnings) = translateSpec(spec, specPath: specPath, options: options)
        guard case .map(let fields) = context.mustacheValue else { preconditionFailure("a context is a map") }
        let stem = stem ?? Self.stem(of: specPath)
        var files: [GeneratedFile] = []
        for name in templates.names where name.hasSuffix(".swift") {
            for part in options.split.parts(of: context, template: name) {
                let fileName = part.suffix.map { FileSplit.partFileName(template: name, suffix: $0) } ?? name
                files.append(GeneratedFile(path: "\(stem)/\(stem)\(fileName)", contents: try render(name, Self.value(of: part, in: fields))))
            }
        }
        return (files, warnings)
    }

    /// What the template sees when it renders `part`: the whole context, its lists narrowed to the part's models, and
    /// `declarations`, `fileEndpoints` and `hasFileEndpoints` saying what the file holds.
    private static func value(of part: FileSplit.Part, in fields: [String: MustacheValue]) -> MustacheValue {
        func narrowed(_ key: String, to indices: [Int]?) -> MustacheValue {
            guard let indices, case .list(let all) = fields[key] else { return fields[key] ?? .list([]) }
            return .list(indices.map { all[$0] })
        }
        var fields = fields
        let endpoints = narrowed("endpoints", to: part.endpoints)
        fields["declarations"] = .bool(part.declarations)
        fields["fileEndpoints"] = endpoints
        fields["hasFileEndpoints"] = .bool(endpoints != .list([]))
        fields["models"] = narrowed("models", to: part.models)
        fields["enums"] = narrowed("enums", to: part.enums)
        fields["oneOfs"] = narrowed("oneOfs", to: part.oneOfs)
        fields["aliases"] = narrowed("aliases", to: part.aliases)
        return .map(fields)
    }

    /// The warnings `generate` gives for `spec` besides the loader's, without rendering anything (for `lint`).
    public static func warnings(for spec: Spec, specPath: String, options: GeneratorOptions = .init()) -> [Diagnostic] {
        translateSpec(spec, specPath: specPath, options: options).1
    }

    private func render(_ template: String, _ value: MustacheValue) throws(DiagnosticError) -> String {
        Self.tidy(try templates.render(template, context: value, options: RenderOptions(escaping: .none, strict: true)))
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
    ///
    /// Works on UTF-8 bytes: the rules only look at ASCII, and this runs over every byte generated.
    static func tidy(_ text: String) -> String {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        var previousBlank = true  // no blank lines at the very top
        var previousOpensBrace = false
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.count
            var end = lineEnd
            while end > lineStart, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
            let line = bytes[lineStart..<end]
            lineStart = lineEnd + 1
            if line.isEmpty {
                if previousBlank || previousOpensBrace { continue }
                output.append(newline)
                previousBlank = true
                continue
            }
            if previousBlank, !output.isEmpty, line.first(where: { $0 != space && $0 != tab }) == UInt8(ascii: "}") {
                output.removeLast()  // the blank line before a closing brace
            }
            output.append(contentsOf: line)
            output.append(newline)
            previousBlank = false
            previousOpensBrace = line.last == UInt8(ascii: "{")
        }
        while output.count >= 2, output[output.count - 1] == newline, output[output.count - 2] == newline { output.removeLast() }
        return String(decoding: output, as: UTF8.self)
    }
}
