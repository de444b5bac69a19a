import Diagnostics
import YAML

extension SpecDecoder {
    static let propertyKeys = ["type", "key", "default", "description"]

    /// One model: `{ enum: [...] }`, `{ oneOf: [...] }`, `{ properties: {...}, description: ... }`, or a mapping of properties alone.
    func model(_ pair: YAMLPair, name: String) -> Model? {
        let context = "model '\(name)'"
        if name == "Empty" {
            sink.error("'Empty' is reserved for responses without a body; give the model another name", at: pair.key.location)
        } else if TypeRef.builtins[name] != nil {
            sink.error("\(context) has the name of a built-in type", at: pair.key.location)
        }
        guard let pairs = mapping(pair.value, context) else { return nil }
        let keys = Set(pairs.compactMap(\.key.text))
        if keys.contains("enum") {
            guard let fields = fields(pair.value, context, allowed: ["enum", "description"]) else { return nil }
            let cases = fields["enum"].map { enumCases($0, model: name) } ?? []
            return Model(name: name, kind: .enumeration(cases), description: optionalString(fields["description"], "the description of \(context)"), location: pair.key.location)
        }
        if keys.contains("oneOf") {
            guard let fields = fields(pair.value, context, allowed: ["oneOf", "discriminator", "mapping", "description"]),
                  let oneOf = oneOf(fields, model: name)
            else { return nil }
            return Model(name: name, kind: .oneOf(oneOf), description: optionalString(fields["description"], "the description of \(context)"), location: pair.key.location)
        }
        if keys.contains("properties") {
            guard let fields = fields(pair.value, context, allowed: ["properties", "description"]),
                  let properties = fields["properties"].flatMap({ mapping($0, "the properties of \(context)") })
            else { return nil }
            return Model(name: name, kind: .object(self.properties(properties, model: name)), description: optionalString(fields["description"], "the description of \(context)"), location: pair.key.location)
        }
        return Model(name: name, kind: .object(properties(pairs, model: name)), description: nil, location: pair.key.location)
    }

    private func properties(_ pairs: [YAMLPair], model: String) -> [Property] {
        let properties = pairs.compactMap { pair -> Property? in
            guard let name = string(pair.key, "a property name") else { return nil }
            let context = "property '\(name)' of model '\(model)'"
            guard pair.value.mapping != nil else {
                return type(pair.value, context).map {
                    Property(name: name, wireName: name, type: $0, defaultValue: nil, description: nil, location: pair.key.location)
                }
            }
            guard let fields = fields(pair.value, context, allowed: Self.propertyKeys, required: ["type"]),
                  let type = fields["type"].flatMap({ type($0, context) })
            else { return nil }
            return Property(
                name: name, wireName: optionalString(fields["key"], "the key of \(context)") ?? name, type: type,
                defaultValue: fields["default"]?.resolved, description: optionalString(fields["description"], "the description of \(context)"),
                location: pair.key.location
            )
        }
        checkSwiftNames(properties.map { ($0.name, $0.location) }, SwiftName.member) { "properties '\($0)' and '\($1)' of model '\(model)'" }
        return properties
    }

    /// `enum: [a, b]`, or with descriptions, `enum: { a: "what a means", b: "what b means" }`.
    private func enumCases(_ node: YAMLNode, model: String) -> [EnumCase] {
        let entries: [(item: YAMLNode, description: String?)]
        if let pairs = node.mapping {
            entries = pairs.map { ($0.key, optionalString($0.value, "the description of a case of enum '\(model)'")) }
        } else if let items = sequence(node, "the cases of enum '\(model)'") {
            entries = items.map { ($0, nil) }
        } else {
            return []
        }
        if entries.isEmpty {
            sink.error("enum '\(model)' has no cases", at: node.location)
        }
        var seen: [String: SourceLocation] = [:]
        let cases = entries.compactMap { item, description -> EnumCase? in
            guard let value = string(item, "a case of enum '\(model)'") else { return nil }
            if value.isEmpty {
                sink.error("enum '\(model)' has an empty case", at: item.location)
                return nil
            }
            if let first = seen[value] {
                sink.error("enum '\(model)' lists case '\(value)' twice (first at line \(first.line))", at: item.location)
                return nil
            }
            seen[value] = item.location
            return EnumCase(value: value, description: description, location: item.location)
        }
        checkSwiftNames(cases.map { ($0.value, $0.location) }, SwiftName.member) { "enum '\(model)' cases '\($0)' and '\($1)'" }
        return cases
    }
}
