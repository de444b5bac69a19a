import Diagnostics

/// Renders compiled nodes against a context stack, writing into one string.
///
/// Holds the state of one render: the context stack, the indentation of the partials being expanded,
/// and the block overrides of the parents being expanded.
struct Renderer {
    /// How deep sections, partials, parents and blocks may nest while rendering (a partial that includes
    /// itself with no end in its data stops here with an error instead of overflowing the stack).
    static let maxDepth = 200

    private let templates: [String: MustacheTemplate]
    /// The template rendered first; with `templates`, where errors find the line they quote.
    private let root: MustacheTemplate
    private let options: RenderOptions
    /// What has been rendered, as UTF-8: appending bytes costs a fraction of appending `String`s, which
    /// was a sixth of generating a large client.
    private var bytes: [UInt8] = []
    private var stack: [MustacheValue]
    /// Written before each line of template text: the leading blanks of the standalone partial tags being expanded.
    private var indentation = ""
    /// Whether the last template text written ended a line, so the next output gets the indentation first.
    private var atLineStart = true
    private var overrides: [String: Block] = [:]
    private var depth = 0

    /// A renderer for `root` that finds partials and parents among `templates`.
    init(root: MustacheTemplate, context: MustacheValue, templates: [String: MustacheTemplate], options: RenderOptions) {
        self.root = root
        self.stack = [context]
        self.templates = templates
        self.options = options
    }

    mutating func render(_ nodes: [Node]) throws(DiagnosticError) {
        for node in nodes {
            switch node {
            case .text(let text):
                writeText(text)
            case .variable(let tag, let escaped):
                try interpolate(tag, escaped: escaped)
            case .section(let tag, let inverted, let body):
                try renderSection(tag, inverted: inverted, body: body)
            case .partial(let tag, let indentation):
                try include(tag, indentation: indentation, overrides: [:], noun: "partial")
            case .parent(let tag, let indentation, let parentOverrides):
                try include(tag, indentation: indentation, overrides: parentOverrides, noun: "parent")
            case .block(let block):
                try nest(at: block.tag, indentation: block.indentation) { renderer throws(DiagnosticError) in
                    try renderer.render(renderer.overrides[block.tag.name]?.body ?? block.body)
                }
            }
        }
    }

    // MARK: Tags

    private mutating func interpolate(_ tag: Tag, escaped: Bool) throws(DiagnosticError) {
        guard let value = lookUp(tag.path) else {
            if options.strict { throw error("unknown variable '\(tag.name)'", at: tag) }
            return
        }
        guard let text = value.interpolated else {
            if options.strict { throw error("'\(tag.name)' is a list or map, which has no text to interpolate", at: tag) }
            return
        }
        writeValue(escaped && options.escaping == .html ? text.escapingHTML() : text)
    }

    private mutating func renderSection(_ tag: Tag, inverted: Bool, body: [Node]) throws(DiagnosticError) {
        guard let value = lookUp(tag.path) else {
            if options.strict { throw error("unknown section '\(tag.name)'", at: tag) }
            if inverted { try nest(at: tag) { renderer throws(DiagnosticError) in try renderer.render(body) } }
            return
        }
        guard value.isTruthy != inverted else { return }
        if inverted {
            try nest(at: tag) { renderer throws(DiagnosticError) in try renderer.render(body) }
            return
        }
        let elements: [MustacheValue] = if case .list(let elements) = value { elements } else { [value] }
        for element in elements {
            try nest(at: tag, pushing: element) { renderer throws(DiagnosticError) in try renderer.render(body) }
        }
    }

    /// Renders the template `tag` names here, with `tagOverrides` replacing its blocks unless an enclosing
    /// parent already replaces them (the outermost override wins).
    private mutating func include(
        _ tag: Tag, indentation: String, overrides tagOverrides: [String: Block], noun: String
    ) throws(DiagnosticError) {
        guard let template = templates[tag.name] else {
            if options.strict { throw error("unknown \(noun) '\(tag.name)'", at: tag) }
            return
        }
        let saved = overrides
        overrides.merge(tagOverrides, uniquingKeysWith: { outer, _ in outer })
        defer { overrides = saved }
        try nest(at: tag, indentation: indentation) { renderer throws(DiagnosticError) in try renderer.render(template.nodes) }
    }

    /// Runs `body` one level deeper, with extra indentation and a value pushed on the stack, and restores them after.
    private mutating func nest(
        at tag: Tag, indentation extra: String = "", pushing value: MustacheValue? = nil,
        _ body: (inout Renderer) throws(DiagnosticError) -> Void
    ) throws(DiagnosticError) {
        guard depth < Self.maxDepth else {
            throw error("templates nest more than \(Self.maxDepth) deep; does a partial include itself?", at: tag)
        }
        let savedIndentation = indentation
        depth += 1
        indentation += extra
        if let value { stack.append(value) }
        defer {
            depth -= 1
            indentation = savedIndentation
            if value != nil { stack.removeLast() }
        }
        try body(&self)
    }

    // MARK: Context

    /// The value of a dotted name: its first part is searched from the innermost context outwards,
    /// the rest only inside what the first part found. An empty path is the innermost context (`.`).
    private func lookUp(_ path: [String]) -> MustacheValue? {
        guard let first = path.first else { return stack.last }
        var found: MustacheValue?
        for context in stack.reversed() {
            if case .map(let map) = context, let value = map[first] {
                found = value
                break
            }
        }
        for key in path.dropFirst() {
            guard case .map(let map) = found, let value = map[key] else { return nil }
            found = value
        }
        return found
    }

    // MARK: Output

    /// The text rendered so far.
    var output: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func writeText(_ text: String) {
        if atLineStart, !indentation.isEmpty, text != "\n", text != "\r\n" { bytes += indentation.utf8 }
        bytes += text.utf8
        atLineStart = text.utf8.last == UInt8(ascii: "\n")
    }

    /// Writes data: indented if it starts a line, but its own line breaks are not indented (the spec's rule).
    private mutating func writeValue(_ text: String) {
        guard !text.isEmpty else { return }
        if atLineStart, !indentation.isEmpty { bytes += indentation.utf8 }
        bytes += text.utf8
        atLineStart = false
    }

    private func error(_ message: String, at tag: Tag) -> DiagnosticError {
        let source = ([root] + templates.values).first(where: { $0.source.path == tag.location.file })?.source
        let line = source?.line(tag.location.line)
        return DiagnosticError(Diagnostic(.error, message, at: tag.location, sourceLine: line))
    }
}

extension String {
    /// With `&`, `<`, `>` and `"` replaced by their HTML entities.
    fileprivate func escapingHTML() -> String {
        guard utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") })
        else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        for character in unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
