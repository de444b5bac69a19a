import Diagnostics

/// A template compiled once into a tree, to be rendered many times.
///
/// ```swift
/// let template = try MustacheTemplate(compiling: "Hello {{name}}!", name: "Templates/Hello.mustache")
/// let text = try template.render(["name": "World"])  // "Hello World!"
/// ```
public struct MustacheTemplate: Sendable {
    /// The file the template came from, quoted by its errors.
    let source: SourceFile
    /// The compiled tree.
    let nodes: [Node]

    /// Compiles `source`; `name` is the file path errors print, e.g. `Templates/Client.swift.mustache`.
    ///
    /// Throws a located error for an unclosed tag or section, a mismatched closing tag or a bad delimiter change.
    public init(compiling source: String, name: String) throws(DiagnosticError) {
        self.source = SourceFile(path: name, text: source)
        self.nodes = try TemplateParser.parse(self.source)
    }

    /// The file path errors print.
    public var name: String { source.path }

    /// Renders against `context` on its own: partials and parents render empty (or fail in strict mode).
    /// Use ``MustacheLibrary`` to render templates that include each other.
    public func render(_ context: MustacheValue, options: RenderOptions = .init()) throws(DiagnosticError) -> String {
        try render(context, templates: [:], options: options)
    }

    /// Renders against `context`, taking partials and parents from `templates`.
    func render(
        _ context: MustacheValue, templates: [String: MustacheTemplate], options: RenderOptions
    ) throws(DiagnosticError) -> String {
        var renderer = Renderer(root: self, context: context, templates: templates, options: options)
        try renderer.render(nodes)
        return renderer.output
    }
}
