/// A literal written in a spec, such as the `default` of a parameter or a property: a JSON-like value.
///
/// `default: 8080` gives `.int(8080)`, `default: "1.0"` gives `.string("1.0")`, `default: [a, b]` gives
/// `.array([.string("a"), .string("b")])`.
public enum SpecValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([SpecValue])
    /// Keys in source order.
    case object([Member])

    /// One key and value of an object.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// Its value.
        public var value: SpecValue

        /// Creates a member.
        public init(key: String, value: SpecValue) {
            self.key = key
            self.value = value
        }
    }

    /// Whether the value can be JSON: every number finite (YAML's `.inf` and `.nan` cannot).
    public var isFiniteJSON: Bool {
        switch self {
        case .double(let double): double.isFinite
        case .array(let items): items.allSatisfy(\.isFiniteJSON)
        case .object(let members): members.allSatisfy(\.value.isFiniteJSON)
        default: true
        }
    }
}
