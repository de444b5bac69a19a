/// A node resolved without a target type, by the YAML 1.2 core schema: a JSON-like value.
///
/// `port: 8080` gives `.int(8080)`, `name: "1.0"` gives `.string("1.0")`, `country: NO` gives `.string("NO")`.
public enum YAMLValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([YAMLValue])
    /// Keys in source order; a non-scalar key becomes its flow-style text, e.g. `[a, b]`.
    case object([Member])

    /// One key and value of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: YAMLValue

        /// Creates a member.
        public init(key: String, value: YAMLValue) {
            self.key = key
            self.value = value
        }
    }
}

extension YAMLNode {
    /// Whether the node resolves to `null` (`resolved == .null`), found without resolving it: the enumerations of large
    /// documents ask it of every value, nearly all text.
    public var isNull: Bool {
        guard case .scalar(let scalar) = content else { return false }
        switch tag {
        case "tag:yaml.org,2002:null": return true
        case nil: return scalar.style == .plain && CoreSchema.isNull(scalar.text)
        default: return false
        }
    }

    /// Whether the node is the boolean `value` (`resolved == .bool(value)`), found without resolving a collection: a
    /// schema's `items` or `additionalProperties` is asked whether it is `false`, and is nearly always a whole schema.
    public func isBool(_ value: Bool) -> Bool {
        guard case .scalar = content else { return false }
        return resolved == .bool(value)
    }

    /// The node resolved by the core schema. Quoted and block scalars are strings; `!!str`, `!!int`,
    /// `!!float`, `!!bool` and `!!null` tags are honoured.
    public var resolved: YAMLValue {
        switch content {
        case .scalar(let scalar):
            return Self.resolve(scalar, tag: tag)
        case .sequence(let items):
            return .array(items.map(\.resolved))
        case .mapping(let pairs):
            return .object(pairs.map { YAMLValue.Member(key: $0.key.text ?? $0.key.flowText, value: $0.value.resolved) })
        }
    }

    /// A non-scalar key as flow-style text (`[a, b]`, `{k: v}`). Linear in the key's size: the description
    /// of a resolved value, used before, escaped the descriptions nested in it again at every level, so
    /// keys within keys grew exponentially (found by fuzzing).
    private var flowText: String {
        switch content {
        case .scalar(let scalar): scalar.text
        case .sequence(let items): "[" + items.map(\.flowText).joined(separator: ", ") + "]"
        case .mapping(let pairs): "{" + pairs.map { $0.key.flowText + ": " + $0.value.flowText }.joined(separator: ", ") + "}"
        }
    }

    private static func resolve(_ scalar: YAMLScalar, tag: String?) -> YAMLValue {
        let text = scalar.text
        switch tag {
        case "tag:yaml.org,2002:str", "!":
            return .string(text)
        case "tag:yaml.org,2002:null":
            return .null
        case "tag:yaml.org,2002:bool":
            return CoreSchema.bool(text).map(YAMLValue.bool) ?? .string(text)
        case "tag:yaml.org,2002:int":
            return CoreSchema.int(text).map(YAMLValue.int) ?? .string(text)
        case "tag:yaml.org,2002:float":
            return (CoreSchema.double(text) ?? CoreSchema.int(text).map(Double.init)).map(YAMLValue.double) ?? .string(text)
        case nil:
            break
        default:
            return .string(text)  // an application tag: we know no better than its text
        }
        guard scalar.style == .plain else { return .string(text) }
        if CoreSchema.isNull(text) { return .null }
        if let bool = CoreSchema.bool(text) { return .bool(bool) }
        if let int = CoreSchema.int(text) { return .int(int) }
        if let double = CoreSchema.double(text) { return .double(double) }
        return .string(text)
    }
}
