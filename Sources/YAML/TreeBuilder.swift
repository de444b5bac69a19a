import Diagnostics

/// Assembles parse events into node trees, resolving aliases and refusing excessive nesting and excessive alias
/// expansion. A duplicate key is an error the builder reads past: the later pair is left out of its mapping (its value
/// kept in `discarded`), so the rest of the document is still read and checked.
struct TreeBuilder {
    /// A collection still being read.
    private struct Frame {
        enum Kind {
            case sequence([YAMLNode])
            /// `duplicate`: the pending key was seen before in this mapping, so its value is discarded.
            case mapping([YAMLPair], pendingKey: YAMLNode?, duplicate: Bool = false)
        }
        var kind: Kind
        var anchor: String?
        var tag: String?
        var location: SourceLocation
        /// A large mapping's pairs by key text, for finding duplicates without a quadratic scan; small
        /// mappings (most of them) are scanned instead, which is cheaper than hashing.
        var keyIndex: [String: [Int]] = [:]
        /// Nodes in this collection once aliases are expanded, itself included.
        var size = 1
    }

    let source: SourceFile
    let limits: YAMLLimits
    private(set) var documents: [YAMLNode] = []
    /// The duplicate keys found, each with a note at the first occurrence.
    private(set) var problems: [Diagnostic] = []
    /// The values of the pairs left out for a duplicate key.
    private(set) var discarded: [YAMLNode] = []
    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var root: YAMLNode?
    private var expandedNodes = 0

    init(source: SourceFile, limits: YAMLLimits) {
        self.source = source
        self.limits = limits
    }

    mutating func handle(_ event: YAMLEvent) throws(DiagnosticError) {
        switch event {
        case .documentStart:
            anchors = [:]
            root = nil
        case .documentEnd:
            // libyaml gives an empty document an empty plain scalar, so `root` is always set here.
            if let root { documents.append(root) }
        case .alias(let anchor, let location):
            guard let (node, size) = anchors[anchor] else {
                throw error("unknown alias '*\(anchor)'", at: location)
            }
            try add(node, size: size, at: location)  // the alias, not its anchor, is what overflows
        case .scalar(let scalar, let anchor, let tag, let location):
            let node = YAMLNode(.scalar(scalar), tag: tag, location: location)
            if let anchor { anchors[anchor] = (node, 1) }
            try add(node, size: 1, at: location)
        case .sequenceStart(let anchor, let tag, let location):
            try push(Frame(kind: .sequence([]), anchor: anchor, tag: tag, location: location))
        case .mappingStart(let anchor, let tag, let location):
            try push(Frame(kind: .mapping([], pendingKey: nil), anchor: anchor, tag: tag, location: location))
        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast() else { return }
            let node: YAMLNode
            switch frame.kind {
            case .sequence(let items):
                node = YAMLNode(.sequence(items), tag: frame.tag, location: frame.location)
            case .mapping(let pairs, _, _):
                node = YAMLNode(.mapping(pairs), tag: frame.tag, location: frame.location)
            }
            if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
            // The frame's own nodes were counted as they arrived; only its parent needs the size.
            try attach(node, size: frame.size)
        }
    }

    private mutating func push(_ frame: Frame) throws(DiagnosticError) {
        guard stack.count < limits.maxDepth else {
            throw error("nesting is deeper than \(limits.maxDepth) levels", at: frame.location)
        }
        try count(1, at: frame.location)
        stack.append(frame)
    }

    /// Adds a finished scalar or alias: counts its expanded size, then attaches it.
    private mutating func add(_ node: YAMLNode, size: Int, at location: SourceLocation) throws(DiagnosticError) {
        try count(size, at: location)
        try attach(node, size: size)
    }

    private mutating func count(_ size: Int, at location: SourceLocation) throws(DiagnosticError) {
        expandedNodes += size
        guard expandedNodes <= limits.maxExpandedNodes else {
            throw error("the document expands to more than \(limits.maxExpandedNodes) nodes (too many aliases)", at: location)
        }
    }

    private mutating func attach(_ node: YAMLNode, size: Int) throws(DiagnosticError) {
        guard var frame = stack.popLast() else {
            root = node
            return
        }
        frame.size += size
        switch frame.kind {
        case .sequence(var items):
            frame.kind = .sequence([])  // release the old array so the append does not copy it
            items.append(node)
            frame.kind = .sequence(items)
        case .mapping(var pairs, let pendingKey, let duplicate):
            frame.kind = .mapping([], pendingKey: nil)
            if let key = pendingKey {
                if duplicate {
                    discarded.append(node)
                } else {
                    pairs.append(YAMLPair(key: key, value: node))
                }
                frame.kind = .mapping(pairs, pendingKey: nil)
            } else {
                let earlier = firstOccurrence(of: node, in: pairs, index: &frame.keyIndex)
                if let earlier {
                    let name = node.text ?? node.kindDescription
                    var note = source.diagnostic(.note, "'\(name)' is first defined here", at: earlier)
                    var problem = source.diagnostic(.error, "duplicate key '\(name)'", at: node.location)
                    if let text = node.text {
                        note.width = note.sourceLine.map { SourceFile.width(of: text, inLine: $0, column: earlier.column) } ?? 1
                        problem.width = problem.sourceLine.map { SourceFile.width(of: text, inLine: $0, column: node.location.column) } ?? 1
                    }
                    problem.notes = [note]
                    problems.append(problem)
                }
                frame.kind = .mapping(pairs, pendingKey: node, duplicate: earlier != nil)
            }
        }
        stack.append(frame)
    }

    /// Where `key` already stands among `pairs`, keeping `index` up to date once the mapping is large.
    private func firstOccurrence(of key: YAMLNode, in pairs: [YAMLPair], index: inout [String: [Int]]) -> SourceLocation? {
        guard let text = key.text else {
            let identity = KeyIdentity(key)
            return pairs.first(where: { KeyIdentity($0.key) == identity })?.key.location
        }
        let smallMapping = 16
        if pairs.count < smallMapping {
            // Compare texts first: the identity (which may resolve the scalar) only for equal texts.
            return pairs.first(where: { $0.key.text == text && KeyIdentity($0.key) == KeyIdentity(key) })?.key.location
        }
        if index.isEmpty {
            for (position, pair) in pairs.enumerated() {
                if let text = pair.key.text { index[text, default: []].append(position) }
            }
        }
        if let earlier = index[text]?.first(where: { KeyIdentity(pairs[$0].key) == KeyIdentity(key) }) {
            return pairs[earlier].key.location  // a duplicate: it is not added, so the index stays as it is
        }
        index[text, default: []].append(pairs.count)  // where this key is about to go
        return nil
    }

    private func error(_ message: String, at location: SourceLocation) -> DiagnosticError {
        DiagnosticError(source.diagnostic(.error, message, at: location))
    }
}

/// What makes two mapping keys the same key: their content and tag, not where or how they were written.
///
/// `a` and `"a"` are the same key; `1` and `"1"` are not (an int and a string under the core schema).
struct KeyIdentity: Hashable {
    private enum Shape: Hashable {
        case scalar(text: String, tag: String?, resolvesToNonString: Bool)
        case sequence([Shape])
        case mapping([Shape])
    }

    private let shape: Shape

    init(_ node: YAMLNode) { shape = Self.shape(of: node) }

    private static func shape(of node: YAMLNode) -> Shape {
        switch node.content {
        case .scalar(let scalar):
            // Plain text may resolve to a non-string; quoted text never does.
            let nonString = scalar.style == .plain && node.tag == nil && !CoreSchema.isString(scalar.text)
            return .scalar(text: scalar.text, tag: node.tag, resolvesToNonString: nonString)
        case .sequence(let items):
            return .sequence(items.map(shape(of:)))
        case .mapping(let pairs):
            return .mapping(pairs.flatMap { [shape(of: $0.key), shape(of: $0.value)] })
        }
    }
}
