public import Diagnostics

/// One node of a parsed YAML document, with the place it was written.
///
/// Aliases are resolved at parse time: an alias becomes a copy of its anchored node (shared storage,
/// so copies are cheap), located where the anchor was defined.
public struct YAMLNode: Hashable, Sendable {
    /// What the node holds.
    public enum Content: Hashable, Sendable {
        /// A scalar with its source text, e.g. `8080`, `"1.0"` or `NO`.
        case scalar(YAMLScalar)
        /// A sequence, in source order.
        case sequence([YAMLNode])
        /// A mapping; pairs keep their source order. Keys are unique (duplicates are a parse error).
        case mapping([YAMLPair])
    }

    /// What the node holds.
    public var content: Content
    /// The explicit tag as libyaml expands it (e.g. `tag:yaml.org,2002:str` for `!!str`), or `nil`.
    public var tag: String?
    /// Where the node starts: a scalar's first character, a block collection's first entry, a flow
    /// collection's bracket.
    public var location: SourceLocation

    /// Creates a node.
    public init(_ content: Content, tag: String? = nil, location: SourceLocation) {
        self.content = content
        self.tag = tag
        self.location = location
    }

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The scalar's source text, if this node is a scalar.
    public var text: String? { scalar?.text }

    /// The items, if this node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs, if this node is a mapping.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value for a scalar key with this text, if this node is a mapping that has it.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first(where: { $0.key.text == key })?.value
    }

    /// A word for the node's kind, for messages: `scalar`, `sequence` or `mapping`.
    public var kindDescription: String {
        switch content {
        case .scalar: "scalar"
        case .sequence: "sequence"
        case .mapping: "mapping"
        }
    }
}

/// One key and its value in a mapping.
public struct YAMLPair: Hashable, Sendable {
    /// The key node (a scalar in every spec we read, but YAML allows any node).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A scalar as written: its text after quoting and folding are undone, and how it was written.
public struct YAMLScalar: Hashable, Sendable {
    /// How the scalar was written in the source.
    public enum Style: String, Hashable, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The text, e.g. `1.0` for both `1.0` and `"1.0"`.
    public var text: String
    /// How it was written; only a plain, untagged scalar is resolved to null, bool, int or float.
    public var style: Style

    /// Creates a scalar.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}
