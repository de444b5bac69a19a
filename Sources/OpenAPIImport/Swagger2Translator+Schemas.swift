import Diagnostics
import YAML

/// Swagger 2.0 schemas in 3.0 words: a 2.0 schema is a 3.0 schema but for a few keywords.
extension Swagger2Translator {
    /// `node` with the 2.0 schema keywords rewritten at every depth: `$ref`s to `#/definitions/X` (and to top-level
    /// parameters and responses) point where the translation puts them, `x-nullable` is `nullable`, `type: file` is
    /// `type: string, format: binary`, and a `discriminator` naming a property is `{propertyName: ...}`.
    ///
    /// The keys of a `properties` mapping are property names, never keywords, so they are kept as they are.
    static func schema(_ node: YAMLNode) -> YAMLNode {
        switch node.content {
        case .scalar:
            return node
        case .sequence(let items):
            return .list(items.map(schema), at: node.location)
        case .mapping(let pairs):
            var result: [YAMLPair] = []
            for pair in pairs {
                let value = pair.value
                switch pair.key.text {
                case "$ref" where value.text != nil:
                    result.append(pair.with(.text(rewritten(value.text!), at: value.location)))
                case "x-nullable" where node["nullable"] == nil:
                    result.append(YAMLPair(key: .text("nullable", at: pair.key.location), value: value))
                case "type" where value.text == "file":
                    result.append(pair.with(.text("string", at: value.location)))
                    if node["format"] == nil { result.append(.named("format", .text("binary", at: value.location), at: pair.key.location)) }
                case "discriminator" where value.text != nil:
                    result.append(pair.with(.map([.named("propertyName", value)], at: value.location)))
                case "properties" where value.mapping != nil:
                    result.append(pair.with(.map(value.mapping!.map { $0.with(schema($0.value)) }, at: value.location)))
                case "example", "x-example", "default", "enum":
                    result.append(pair)
                default:
                    result.append(pair.with(schema(value)))
                }
            }
            return .map(result, at: node.location)
        }
    }

    /// A reference in 3.0 terms: `#/definitions/Pet` is `#/components/schemas/Pet` (in another file too:
    /// `common.yaml#/definitions/Pet`), top-level parameters and responses likewise; other references are kept.
    static func rewritten(_ reference: String) -> String {
        guard let hash = reference.firstIndex(of: "#") else { return reference }
        let file = reference[..<hash]
        let pointer = reference[hash...]
        for (old, new) in Self.movedSections where pointer.hasPrefix(old) {
            return file + new + pointer.dropFirst(old.count)
        }
        return reference
    }

    /// Where 2.0's reusable sections are in 3.0.
    static let movedSections = [
        ("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"), ("#/responses/", "#/components/responses/"),
    ]

    /// A file another 2.0 document refers to, in 3.0 terms: its schema keywords rewritten, and its top-level
    /// `definitions`, `parameters` and `responses` also under `components`, where the rewritten references look.
    static func referencedDocument(_ root: YAMLNode) -> YAMLNode {
        let translated = schema(root)
        guard var pairs = translated.mapping else { return translated }
        let sections = [("definitions", "schemas"), ("parameters", "parameters"), ("responses", "responses")].compactMap { old, new in
            translated.pair(old).map { YAMLPair(key: .text(new, at: $0.key.location), value: $0.value) }
        }
        if !sections.isEmpty, translated["components"] == nil {
            pairs.append(.named("components", .map(sections, at: sections[0].key.location), at: sections[0].key.location))
        }
        return .map(pairs, at: translated.location)
    }

    /// The schema a 2.0 parameter, header or `items` object describes with keywords of its own (`type`, `format`,
    /// `items`, `enum`, limits...), located at its `type`. An array sent other than as repeated keys
    /// (`collectionFormat` `csv`, the default, `ssv`, `tsv`, `pipes`) is a `String` the caller joins, with a warning:
    /// EndpointGen sends an array as one key per item, which only `multi` is.
    func inlineSchema(_ node: YAMLNode, member: String, context: String, allowsMulti: Bool) -> YAMLNode {
        let location = node["type"]?.location ?? node.location
        var pairs = (node.mapping ?? []).filter { Self.schemaKeywords.contains($0.key.text ?? "") }
        if let items = node["items"], let index = pairs.firstIndex(where: { $0.key.text == "items" }) {
            pairs[index] = pairs[index].with(inlineSchema(items, member: member, context: context, allowsMulti: false))
        }
        guard node["type"]?.text == "array" else { return Self.schema(.map(pairs, at: location)) }
        let format = node["collectionFormat"]?.text ?? "csv"
        let nested = node["items"]?["type"]?.text == "array"
        if format == "multi", allowsMulti, !nested { return Self.schema(.map(pairs, at: location)) }
        let separator = Self.separators[format]
        let how = separator.map { "joined with \($0)" } ?? "as '\(format)'"
        let instead = separator.map { "join the items with \($0)" } ?? "fill it with the items as the server expects"
        diagnostics.warning(
            "\(member) of \(context) is an array sent \(how) (collectionFormat \(format)\(node["collectionFormat"] == nil ? ", the default" : "")), which EndpointGen does not send (it repeats the key for each item); it is generated as a String: \(instead)",
            at: node["collectionFormat"]?.location ?? location)
        let kept = pairs.filter { $0.key.text == "x-nullable" }
        return Self.schema(.map([.named("type", .text("string", at: location))] + kept, at: location))
    }

    /// The keywords a 2.0 non-body parameter shares with a schema.
    static let schemaKeywords: Set<String> = [
        "type", "format", "items", "enum", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
        "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf", "x-nullable",
    ]

    /// What joins the items of each `collectionFormat`.
    static let separators = ["csv": "','", "ssv": "' '", "tsv": "tabs", "pipes": "'|'"]
}
