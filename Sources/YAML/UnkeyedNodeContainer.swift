import Diagnostics

/// The unkeyed container over a sequence: hands out its items in order.
struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [YAMLNode]
    private(set) var currentIndex = 0

    init(decoder: NodeDecoder, items: [YAMLNode]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard try current().isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next().decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }

    /// The decoder of the current item, moving past it.
    private mutating func next() throws(DiagnosticError) -> NodeDecoder {
        let item = decoder.child(try current(), key: IndexKey(currentIndex))
        currentIndex += 1
        return item
    }

    /// The current item, or an error located at the sequence when none is left.
    private func current() throws(DiagnosticError) -> YAMLNode {
        guard !isAtEnd else {
            throw decoder.context.error(
                "expected another item at \(DecodingContext.describe(codingPath)), found only \(items.count)", at: decoder.node.location)
        }
        return items[currentIndex]
    }
}
