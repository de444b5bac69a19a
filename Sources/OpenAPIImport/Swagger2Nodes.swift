import Diagnostics
import YAML

/// Building blocks for the nodes a Swagger 2.0 translation makes: each new node is located where the 2.0 text that
/// gave it is written, so every diagnostic about the result points into the 2.0 file.
extension YAMLNode {
    /// A plain scalar.
    static func text(_ text: String, at location: SourceLocation) -> YAMLNode {
        YAMLNode(.scalar(YAMLScalar(text)), location: location)
    }

    /// A mapping of `pairs`, in order.
    static func map(_ pairs: [YAMLPair], at location: SourceLocation) -> YAMLNode {
        YAMLNode(.mapping(pairs), location: location)
    }

    /// A sequence of `items`.
    static func list(_ items: [YAMLNode], at location: SourceLocation) -> YAMLNode {
        YAMLNode(.sequence(items), location: location)
    }

    /// The pair whose key is `key`, if this is a mapping that has it.
    func pair(_ key: String) -> YAMLPair? {
        mapping?.first { $0.key.text == key }
    }

    /// The texts of a sequence of scalars, e.g. a `consumes` list.
    var texts: [String]? {
        sequence?.compactMap(\.text)
    }
}

extension YAMLPair {
    /// A pair whose key is new, written at `location`.
    static func named(_ key: String, _ value: YAMLNode, at location: SourceLocation? = nil) -> YAMLPair {
        YAMLPair(key: .text(key, at: location ?? value.location), value: value)
    }

    /// The pair with another value, its key kept (and so where the key is written).
    func with(_ value: YAMLNode) -> YAMLPair {
        YAMLPair(key: key, value: value)
    }
}
