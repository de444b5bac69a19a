import Diagnostics

/// What every decoder of one `YAMLDecoder.decode` call shares: the source for snippets, and `userInfo`.
struct DecodingContext {
    let source: SourceFile?
    let userInfo: [CodingUserInfoKey: any Sendable]

    /// A located error, quoting the source line when the source is known.
    func error(_ message: String, at location: SourceLocation) -> DiagnosticError {
        DiagnosticError(source?.diagnostic(.error, message, at: location) ?? Diagnostic(.error, message, at: location))
    }

    /// A `DecodingError` from a type's own `init(from:)`, located at the node its coding path leads to.
    func error(for error: DecodingError, root: YAMLNode) -> DiagnosticError {
        let path: [any CodingKey]
        let message: String
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            path = context.codingPath
            message = context.debugDescription
        case .keyNotFound(let key, let context):
            path = context.codingPath
            message = "missing key '\(key.stringValue)'"
        @unknown default:
            return self.error("\(error)", at: root.location)
        }
        let node = Self.node(at: path, in: root)
        return self.error("invalid \(Self.describe(node)) at \(Self.describe(path)): \(message)", at: node.location)
    }

    /// The deepest node along `path` that exists.
    private static func node(at path: [any CodingKey], in root: YAMLNode) -> YAMLNode {
        var node = root
        for key in path {
            if let index = key.intValue, let items = node.sequence, items.indices.contains(index) {
                node = items[index]
            } else if let value = node[key.stringValue] {
                node = value
            } else {
                break
            }
        }
        return node
    }

    /// A coding path as users write it: `'servers[2].port'`, or `the top level` for the root.
    static func describe(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let index = key as? IndexKey {
                text += "[\(index.index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return "'\(text)'"
    }

    /// A node as an error message shows what was found: `'80x'`, `null`, `a sequence` or `a mapping`.
    static func describe(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let scalar):
            if node.isNull { return "null" }
            let firstLine = scalar.text.prefix(while: { $0 != "\n" })
            let shown = firstLine.count > 40 || firstLine.count < scalar.text.count ? firstLine.prefix(40) + "..." : firstLine
            return "'\(shown)'"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}

/// The coding key of a sequence item: its 0-based index.
struct IndexKey: CodingKey {
    let index: Int
    var stringValue: String { "\(index)" }
    var intValue: Int? { index }
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

extension YAMLNode {
    /// True for a plain untagged scalar that the core schema reads as null (`~`, `null`, empty), or a `!!null` one.
    var isNull: Bool {
        guard let scalar else { return false }
        if tag == "tag:yaml.org,2002:null" { return true }
        return tag == nil && scalar.style == .plain && CoreSchema.isNull(scalar.text)
    }
}
