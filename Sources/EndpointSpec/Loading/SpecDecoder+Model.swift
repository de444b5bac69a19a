import Diagnostics
import YAML

extension SpecDecoder {
    static let propertyKeys = ["type", "key", "default", "description", "xml", "deprecated", "required", "nullable"]

    /// One model: `{ enum: [...] }`, `{ oneOf: [...] }`, `{ properties: {...}, additionalProperties: T, description: ... }`, `{ sameAs: Other }`, or a
    /// mapping of properties alone. A model that does not decode, or an enum with a case that does not, is recorded in `damage.brokenModels`.
    func model(_ pair: YAMLPair, name: String) -> Model? {
        let context = "model '\(name)'"
        // A model that cannot be named in a type is not reported as never used as well.
        if name == "Empty" || name == "Multipart" {
            let meaning = name == "Empty" ? "responses without a body" : "the parts of multipart responses"
            sink.error("'\(name)' is reserved for \(meaning); give the model another name", at: pair.key)
            damage.mention(name)
        } else if TypeRef.builtins[name] != nil {
            sink.error("\(context) has the name of a built-in type", at: pair.key)
            damage.mention(name)
        }
        let model = decodeModel(pair, name: name, context: context)
        if model == nil {
            // What it would have used is not reported as unused.
            damage.brokenModels.insert(name)
            damage.mention(pair.value)
        }
        return model
    }

    private func decodeModel(_ pair: YAMLPair, name: String, context: String) -> Model? {
        guard let pairs = mapping(pair.value, context) else { return nil }
        let keys = Set(pairs.compactMap(\.key.text))
        if keys.contains("sameAs") {
            guard let fields = fields(pair.value, context, allowed: ["sameAs", "description"]),
                  let node = fields["sameAs"], let target = string(node, "the 'sameAs' of \(context)")
            else { return nil }
            damage.pendingSameAs[name] = node
            // Its kind is the other model's, filled in by `resolvingSameAs` once every model is decoded.
            return Model(
                name: name, kind: .object([]), description: optionalString(fields["description"], "the description of \(context)"),
                location: pair.key.location, sameAs: target)
        }
        if keys.contains("enum") {
            guard let fields = fields(pair.value, context, allowed: ["enum", "type", "description", "deprecated"]) else { return nil }
            guard let rawType = fields["type"].map({ enumRawType($0, model: name) }) ?? .string else { return nil }
            let cases = fields["enum"].map { enumCases($0, model: name, rawType: rawType) } ?? []
            return Model(
                name: name, kind: .enumeration(cases, rawType: rawType),
                description: optionalString(fields["description"], "the description of \(context)"), location: pair.key.location,
                deprecated: deprecated(fields, context))
        }
        if keys.contains("oneOf") {
            guard let fields = fields(pair.value, context, allowed: ["oneOf", "discriminator", "mapping", "description", "deprecated"]),
                  let oneOf = oneOf(fields, model: name)
            else { return nil }
            return Model(
                name: name, kind: .oneOf(oneOf), description: optionalString(fields["description"], "the description of \(context)"),
                location: pair.key.location, deprecated: deprecated(fields, context))
        }
        if keys.contains("properties") {
            guard let fields = fields(pair.value, context, allowed: ["properties", "additionalProperties", "description", "deprecated"]),
                  let properties = fields["properties"].flatMap({ mapping($0, "the properties of \(context)") })
            else { return nil }
            var additional: TypeRef?
            if let node = fields["additionalProperties"] {
                guard let type = type(node, "the additional properties of \(context)") else { return nil }
                additional = type
            }
            if properties.isEmpty, additional == nil { warnEmpty(pair, context: context) }
            return Model(
                name: name, kind: .object(self.properties(properties, model: name)), description: optionalString(fields["description"], "the description of \(context)"),
                location: pair.key.location, additionalProperties: additional, deprecated: deprecated(fields, context))
        }
        if pairs.isEmpty { warnEmpty(pair, context: context) }
        return Model(name: name, kind: .object(properties(pairs, model: name)), description: nil, location: pair.key.location)
    }

    /// A model's or a property's `deprecated: true`.
    private func deprecated(_ fields: Fields, _ context: String) -> Bool {
        fields["deprecated"].flatMap { bool($0, "'deprecated' of \(context)") } ?? false
    }

    /// The models with each `sameAs` model given the kind of the model it names (following `sameAs` chains); one that
    /// names no model, or whose chain comes back to it, is an error at its `sameAs` value and is left out.
    func resolvingSameAs(_ models: [Model]) -> [Model] {
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return models.compactMap { model in
            guard let target = model.sameAs, let node = damage.pendingSameAs[model.name] else { return model }
            var chain = [model.name]
            var current = target
            while let next = byName[current] {
                guard let further = next.sameAs else {
                    var resolved = model
                    resolved.kind = next.kind
                    resolved.additionalProperties = next.additionalProperties
                    return resolved
                }
                if chain.contains(current) {
                    sink.error("the 'sameAs' of model '\(model.name)' comes back to it: \((chain + [current]).joined(separator: " -> "))", at: node)
                    return nil
                }
                chain.append(current)
                current = further
            }
            if !damage.brokenModels.contains(current) {
                let names = models.map(\.name).filter { $0 != model.name }
                sink.error("model '\(model.name)' is the same as '\(current)', which is no model\(Suggestion.hint(for: current, in: names))", at: node)
            }
            damage.brokenModels.insert(model.name)
            return nil
        }
    }

    /// An object model without properties decodes any object and keeps nothing of it: usually `JSON` was meant.
    private func warnEmpty(_ pair: YAMLPair, context: String) {
        let note = sink.note("to keep whatever the server sends, use the type 'JSON' instead of '\(pair.key.text ?? "")'; or declare its properties", at: pair.key)
        sink.warning("\(context) has no properties, so it decodes any JSON object and keeps none of its members", at: pair.key, notes: [note])
    }

    /// A property that does not decode leaves the model in `damage.brokenModels`: checks of its properties (a
    /// pagination path, say) would only report the missing one again.
    private func properties(_ pairs: [YAMLPair], model: String) -> [Property] {
        let properties = pairs.compactMap { pair -> Property? in
            let property = self.property(pair, model: model)
            if property == nil { damage.brokenModels.insert(model) }
            return property
        }
        checkSwiftNames(properties.map { ($0.name, $0.location) }, SwiftName.member) { "properties '\($0)' and '\($1)' of model '\(model)'" }
        return properties
    }

    private func property(_ pair: YAMLPair, model: String) -> Property? {
        guard let name = string(pair.key, "a property name") else { return nil }
        let context = "property '\(name)' of model '\(model)'"
        guard pair.value.mapping != nil else {
            return type(pair.value, context).map {
                Property(name: name, wireName: name, type: $0, defaultValue: nil, description: nil, location: pair.key.location)
            }
        }
        guard let fields = fields(pair.value, context, allowed: Self.propertyKeys, required: ["type"]) else { return nil }
        let type = fields["type"].flatMap { self.type($0, context) }
        let wireName = wireName(fields, name: name, context: context)
        guard let type else { return nil }
        if let node = fields["default"] {
            damage.pendingDefaults.append(Damage.PendingDefault(node: node, type: type, context: context))
        }
        return Property(
            name: name, wireName: wireName ?? name, type: type,
            defaultValue: fields["default"].map { SpecValue($0.resolved) }, description: optionalString(fields["description"], "the description of \(context)"),
            location: pair.key.location, xml: fields["xml"].flatMap { xmlMark($0, type: type, context: context) },
            deprecated: deprecated(fields, context),
            null: nullForm(fields, type: type, context: context)
        )
    }

    /// `required: true` (the key is always sent, `nil` as `null`) or `nullable: true` (absent, `null` and a value kept
    /// apart); each only for an optional type, and not both.
    private func nullForm(_ fields: Fields, type: TypeRef, context: String) -> NullForm {
        let required = fields["required"].flatMap { bool($0, "'required' of \(context)") } == true
        let nullable = fields["nullable"].flatMap { bool($0, "'nullable' of \(context)") } == true
        for (flag, key) in [(required, "required"), (nullable, "nullable")] where flag && !type.isOptional {
            sink.error("'\(key)' of \(context) says what nil is on the wire, but its type '\(type)' is not optional", at: fields.pair(key)!.key,
                       notes: [sink.note("write the type '\(type)?'", at: fields["type"]!)])
            return .absent
        }
        if required && nullable {
            sink.error("\(context) is both 'required' and 'nullable'; a required key is never left out, so 'required: true' alone says it", at: fields.pair("nullable")!.key)
            return .absent
        }
        return required ? .sent : nullable ? .kept : .absent
    }

    /// An enum's `type`: `String` (the default), `Int`, `Int32`, `Int64` or `Double`; anything else is reported.
    private func enumRawType(_ node: YAMLNode, model: String) -> TypeRef? {
        guard let type = type(node, "enum '\(model)'") else { return nil }
        guard EnumCase.rawTypes.contains(type) else {
            let allowed = EnumCase.rawTypes.map { "'\($0)'" }.joined(separator: ", ")
            sink.error("enum '\(model)' cannot be of type '\(type)'; an enum's type is one of \(allowed)", at: node)
            return nil
        }
        return type
    }

    /// `enum: [a, b]`, or with descriptions, `enum: { a: "what a means", b: "what b means" }`; for a number `type`, each
    /// case a number of it.
    private func enumCases(_ node: YAMLNode, model: String, rawType: TypeRef) -> [EnumCase] {
        let entries: [(item: YAMLNode, description: String?)]
        if let pairs = node.mapping {
            // `null` is no description (what `convert` writes for a case without one beside cases with one).
            entries = pairs.map { ($0.key, $0.value.resolved == .null ? nil : optionalString($0.value, "the description of a case of enum '\(model)'")) }
        } else if let items = sequence(node, "the cases of enum '\(model)'") {
            entries = items.map { ($0, nil) }
        } else {
            damage.brokenModels.insert(model)
            return []
        }
        if entries.isEmpty {
            sink.error("enum '\(model)' has no cases", at: node)
        }
        var seen: [String: YAMLNode] = [:]
        let cases = entries.compactMap { item, description -> EnumCase? in
            guard let value = string(item, "a case of enum '\(model)'") else {
                damage.brokenModels.insert(model)
                return nil
            }
            if value.isEmpty {
                sink.error("enum '\(model)' has an empty case", at: item)
                damage.brokenModels.insert(model)
                return nil
            }
            guard let key = EnumCase.normalized(value, rawType: rawType) else {
                sink.error("the case '\(value)' of enum '\(model)' is not a value of its type '\(rawType)'", at: item)
                damage.brokenModels.insert(model)
                return nil
            }
            if let first = seen[key] {
                sink.error("enum '\(model)' lists case '\(value)' twice", at: item, notes: [sink.note("'\(value)' is first listed here", at: first)])
                return nil
            }
            seen[key] = item
            return EnumCase(value: value, description: description, location: item.location)
        }
        checkSwiftNames(cases.map { ($0.value, $0.location) }, { EnumCase.swiftName($0, rawType: rawType) }) {
            "enum '\(model)' cases '\($0)' and '\($1)'"
        }
        return cases
    }
}
