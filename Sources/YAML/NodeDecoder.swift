import Diagnostics

/// The `Decoder` for one node: hands out containers over it and decodes values at a coding path.
struct NodeDecoder: Decoder {
    let node: YAMLNode
    let codingPath: [any CodingKey]
    let context: DecodingContext

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let pairs = node.mapping else { throw mismatch(expected: "a mapping") }
        return KeyedDecodingContainer(KeyedNodeContainer(decoder: self, pairs: pairs))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = node.sequence else { throw mismatch(expected: "a sequence") }
        return UnkeyedNodeContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueNodeContainer(decoder: self)
    }

    /// A decoder for a child node, one key further down the path.
    func child(_ node: YAMLNode, key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: node, codingPath: codingPath + [key], context: context)
    }

    /// Decodes this node as `type`: scalars by their text as that type, anything else by its `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let scalarType = type as? any ScalarConvertible.Type else { return try T(from: self) }
        // `scalarType` is `T.Type` seen through the protocol, so the value is a `T`.
        return try decodeScalar(scalarType) as! T
    }

    private func decodeScalar<S: ScalarConvertible>(_ type: S.Type) throws(DiagnosticError) -> S {
        let expected = String(describing: type)
        guard let text = node.text else { throw mismatch(expected: expected) }
        if node.isNull && type != String.self { throw mismatch(expected: expected) }
        switch S.convert(text) {
        case .success(let value):
            return value
        case .failure(let problem):
            let hint = problem.hint.map { "; \($0)" } ?? ""
            throw context.error("expected \(expected) at \(DecodingContext.describe(codingPath)), found \(DecodingContext.describe(node))\(hint)", at: node.location)
        }
    }

    /// "expected X at 'path', found Y", located at this node.
    func mismatch(expected: String) -> DiagnosticError {
        context.error("expected \(expected) at \(DecodingContext.describe(codingPath)), found \(DecodingContext.describe(node))", at: node.location)
    }
}
