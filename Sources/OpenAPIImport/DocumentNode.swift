import Diagnostics
import YAML

/// A node of an OpenAPI document together with the file it is in: references inside it are relative to that file.
struct DocumentNode {
    /// The node.
    var node: YAMLNode
    /// The document's path, as diagnostics print it.
    var file: String

    /// The member `key` of a mapping node, in the same file.
    subscript(key: String) -> DocumentNode? {
        node[key].map { DocumentNode(node: $0, file: file) }
    }

    /// The pairs of a mapping node with string keys, in source order, with where each key is written.
    var members: [(key: String, location: SourceLocation, value: DocumentNode)] {
        (node.mapping ?? []).compactMap { pair in
            pair.key.text.map { ($0, pair.key.location, DocumentNode(node: pair.value, file: file)) }
        }
    }

    /// The items of a sequence node.
    var items: [DocumentNode] {
        (node.sequence ?? []).map { DocumentNode(node: $0, file: file) }
    }

    /// The scalar text of the member `key`.
    func text(_ key: String) -> String? { node[key]?.text }

    /// Whether the member `key` is the scalar `true`.
    func flag(_ key: String) -> Bool { node[key]?.isBool(true) == true }

    /// Where the node is written.
    var location: SourceLocation { node.location }

    /// A key for memoising work per node: its file, line and column.
    var identity: NodeIdentity { NodeIdentity(file: file, line: node.location.line, column: node.location.column) }

    /// The `$ref` text, when this node is a reference.
    var reference: String? { node["$ref"]?.text }
}

/// Where a node is written: its file, line and column, a key for memoising work per node.
struct NodeIdentity: Hashable {
    let file: String
    let line: Int
    let column: Int

    /// Hashes the position only, not the file's path: the importer looks nodes up hundreds of thousands of times in a
    /// large document, and nodes of different files at the same line and column are rare (equality still tells them apart).
    func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(column)
    }
}
