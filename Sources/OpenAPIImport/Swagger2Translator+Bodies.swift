import Diagnostics
import YAML

/// Request and response bodies: 2.0 gives the media types once per operation (`consumes`, `produces`, else the
/// document's), 3.0 gives each body its content per media type.
extension Swagger2Translator {
    /// The `requestBody` of an operation's `in: body` parameter, or of its `formData` parameters; `nil` when it has neither.
    func requestBody(_ parameters: [YAMLNode], consumes: [String], context: String) -> YAMLNode? {
        let bodies = parameters.filter { $0["in"]?.text == "body" }
        let fields = parameters.filter { $0["in"]?.text == "formData" }
        if let body = bodies.first {
            for extra in bodies.dropFirst() {
                diagnostics.warning("the body parameter '\(extra["name"]?.text ?? "")' of \(context) is a second body, which Swagger 2.0 does not allow; it is left out (the first, '\(body["name"]?.text ?? "")', is sent)", at: extra.location)
            }
            for field in fields {
                diagnostics.warning("the form parameter '\(field["name"]?.text ?? "")' of \(context) is beside a body parameter, which Swagger 2.0 does not allow; it is left out", at: field.location)
            }
            // A body without a schema is any JSON value.
            let schema = body["schema"].map(Self.schema) ?? .map([], at: body.location)
            let mediaTypes = consumes.isEmpty ? ["application/json"] : consumes
            let content = mediaTypes.map { YAMLPair.named($0, .map([.named("schema", schema)], at: schema.location), at: body.location) }
            var pairs = (body.mapping ?? []).filter { ["description", "required"].contains($0.key.text ?? "") || $0.key.text?.hasPrefix("x-") == true }
            pairs.append(.named("content", .map(content, at: body.location), at: body.location))
            return .map(pairs, at: body.location)
        }
        guard let first = fields.first else { return nil }
        // A file can only go in multipart; otherwise the form the operation consumes (urlencoded when it names neither).
        let hasFile = fields.contains { $0["type"]?.text == "file" }
        let mediaType = hasFile || consumes.contains("multipart/form-data") ? "multipart/form-data" : "application/x-www-form-urlencoded"
        let properties = fields.map { field in
            let schema = formMember(field, context: context)
            return YAMLPair(key: field["name"] ?? .text("", at: field.location), value: schema)
        }
        let required = fields.filter { $0["required"]?.resolved == .bool(true) }.compactMap { $0["name"] }
        // Located at the first member's `in: formData`, where no other node of the translation is.
        let location = first["in"]?.location ?? first.location
        var schemaPairs: [YAMLPair] = [.named("type", .text("object", at: location)), .named("properties", .map(properties, at: location))]
        if !required.isEmpty { schemaPairs.append(.named("required", .list(required, at: location))) }
        let content = YAMLPair.named(mediaType, .map([.named("schema", .map(schemaPairs, at: location))], at: location))
        var body: [YAMLPair] = [.named("content", .map([content], at: location))]
        if !required.isEmpty { body.append(.named("required", .text("true", at: location))) }
        return .map(body, at: first.location)
    }

    /// A `formData` parameter as a property of the form's schema, with its description.
    private func formMember(_ field: YAMLNode, context: String) -> YAMLNode {
        let member = "the form parameter '\(field["name"]?.text ?? "")'"
        let schema = inlineSchema(field, member: member, context: context, allowsMulti: true)
        guard let description = field.pair("description") else { return schema }
        return .map((schema.mapping ?? []) + [description], at: schema.location)
    }

    /// Each response with its `schema` as content in each media type the operation produces (JSON when none is
    /// given), its `examples` beside it, and its headers' type keywords as their `schema`.
    func responses(_ node: YAMLNode, produces: [String], context: String) -> YAMLNode {
        guard let members = node.mapping else { return node }
        return .map(members.map { member in
            guard member.key.text?.hasPrefix("x-") != true else { return member }
            return member.with(response(resolved(member.value, section: "responses", what: "response", context: context), produces: produces, context: context))
        }, at: node.location)
    }

    private func response(_ node: YAMLNode, produces: [String], context: String) -> YAMLNode {
        guard let members = node.mapping, node["$ref"] == nil else { return node }
        var pairs: [YAMLPair] = []
        for member in members {
            switch member.key.text {
            case "schema", "examples":
                continue
            case "headers":
                pairs.append(member.with(headers(member.value, context: context)))
            default:
                pairs.append(member)
            }
        }
        let examples = node["examples"]?.mapping ?? []
        if let schema = node["schema"] {
            var mediaTypes = produces.isEmpty ? ["application/json"] : produces
            mediaTypes += examples.compactMap(\.key.text).filter { !mediaTypes.contains($0) }
            let location = node.pair("schema")?.key.location ?? schema.location
            let content = mediaTypes.map { mediaType in
                var media: [YAMLPair] = [.named("schema", Self.schema(schema))]
                if let example = examples.first(where: { $0.key.text == mediaType }) { media.append(YAMLPair(key: .text("example", at: example.key.location), value: example.value)) }
                return YAMLPair.named(mediaType, .map(media, at: schema.location), at: location)
            }
            pairs.append(.named("content", .map(content, at: location), at: location))
        } else if let example = examples.first {
            diagnostics.warning("the response of \(context) has examples but no schema; its body is not read", at: example.key.location)
        }
        return .map(pairs, at: node.location)
    }

    private func headers(_ node: YAMLNode, context: String) -> YAMLNode {
        guard let members = node.mapping else { return node }
        return .map(members.map { header in
            guard let fields = header.value.mapping, header.value["schema"] == nil else { return header }
            var pairs = fields.filter { !Self.schemaKeywords.contains($0.key.text ?? "") && $0.key.text != "collectionFormat" }
            let member = "the response header '\(header.key.text ?? "")'"
            let schema = inlineSchema(header.value, member: member, context: context, allowsMulti: false)
            pairs.append(.named("schema", schema, at: schema.location))
            return header.with(.map(pairs, at: header.value.location))
        }, at: node.location)
    }
}
