/// Bounds that keep a hostile document from exhausting the machine.
public struct YAMLLimits: Hashable, Sendable {
    /// The deepest nesting of collections accepted; deeper is an error, not a stack overflow later.
    public var maxDepth: Int
    /// The most nodes the document may have once every alias is expanded ("billion laughs" guard).
    public var maxExpandedNodes: Int
    /// The largest input accepted, in bytes; larger is refused before parsing starts.
    public var maxBytes: Int

    /// Creates limits.
    public init(maxDepth: Int = 512, maxExpandedNodes: Int = 10_000_000, maxBytes: Int = 256 << 20) {
        self.maxDepth = maxDepth
        self.maxExpandedNodes = maxExpandedNodes
        self.maxBytes = maxBytes
    }

    /// Generous for any real document, far below what would hurt.
    public static let `default` = YAMLLimits()
}
