public import YAML

extension SpecValue {
    /// The value of a YAML node as the core schema resolves it (`YAMLNode.resolved`): how a spec's or an OpenAPI
    /// document's literal becomes a spec value.
    public init(_ value: YAMLValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .array(let items): self = .array(items.map(SpecValue.init))
        case .object(let members): self = .object(members.map { Member(key: $0.key, value: SpecValue($0.value)) })
        }
    }
}
