import Diagnostics
import EndpointSpec
import YAML

/// Translates a Swagger 2.0 document into the OpenAPI 3.0 shape the importer reads, so both share everything after.
///
/// Nodes keep the locations of the 2.0 text they come from, so the importer's diagnostics point into the 2.0 file:
/// `definitions` become `components/schemas`, `securityDefinitions` `components/securitySchemes`, `host`, `basePath`
/// and `schemes` the `servers`; an `in: body` parameter is the `requestBody` (in each media type of `consumes`),
/// `formData` parameters a form or multipart body (`type: file` a binary part), and each response's `schema` its
/// content in each media type of `produces`. What 3.0 cannot say the way 2.0 does is a located warning naming the
/// operation and member, with what is generated instead.
///
/// ```swift
/// let openAPI3 = Swagger2Translator(root: parsed, diagnostics: diagnostics).translated()
/// ```
struct Swagger2Translator {
    /// The 2.0 document's root.
    let root: YAMLNode
    let diagnostics: ImportDiagnostics

    /// Whether a document's root is a Swagger document (it has a top-level `swagger`).
    static func isSwagger(_ root: YAMLNode) -> Bool { root["swagger"] != nil }

    /// The document in 3.0 shape; `nil` after an error (a Swagger version other than 2.0).
    func translated() -> YAMLNode? {
        guard let version = root["swagger"] else { return root }
        guard version.text == "2.0" else {
            diagnostics.error("Swagger \(version.text ?? "") is not supported; expected 2.0 (or OpenAPI 3.0 or 3.1)", at: version.location)
            return nil
        }
        let replaced: Set<String> = [
            "swagger", "host", "basePath", "schemes", "consumes", "produces", "definitions", "parameters", "responses", "securityDefinitions", "paths",
        ]
        var pairs: [YAMLPair] = [.named("openapi", .text("3.0.3", at: version.location), at: root.pair("swagger")?.key.location)]
        pairs += (root.mapping ?? []).filter { !replaced.contains($0.key.text ?? "") }
        if let servers = servers() { pairs.append(servers) }
        if let paths = root.pair("paths") { pairs.append(paths.with(self.paths(paths.value))) }
        if let components = components() { pairs.append(components) }
        return .map(pairs, at: root.location)
    }

    /// The methods of a 2.0 path item.
    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch"]

    private func paths(_ node: YAMLNode) -> YAMLNode {
        guard let items = node.mapping else { return node }
        return .map(items.map { $0.with(pathItem($0.value, path: $0.key.text ?? "")) }, at: node.location)
    }

    /// A path item whose `parameters` are merged into each of its operations (a 2.0 path item may hold the body).
    private func pathItem(_ item: YAMLNode, path: String) -> YAMLNode {
        guard let members = item.mapping else { return item }
        let shared = item["parameters"]?.sequence ?? []
        let pairs: [YAMLPair] = members.compactMap { member in
            let key = member.key.text ?? ""
            if key == "parameters" { return nil }
            if key == "$ref" { return member.with(Self.schema(member.value)) }
            guard Self.methods.contains(key) else { return member }
            return member.with(operation(member.value, method: key, path: path, shared: shared))
        }
        return .map(pairs, at: item.location)
    }

    private func operation(_ node: YAMLNode, method: String, path: String, shared: [YAMLNode]) -> YAMLNode {
        guard let members = node.mapping else { return node }
        // Named as the importer names the endpoint, so that messages about one operation agree.
        let context = "operation '\(node["operationId"]?.text.map(SwiftName.member) ?? SwiftName.member("\(method) \(path)"))'"
        let consumes = (node["consumes"] ?? root["consumes"])?.texts ?? []
        let produces = (node["produces"] ?? root["produces"])?.texts ?? []
        let parameters = merged(shared + (node["parameters"]?.sequence ?? []), context: context)
        var pairs: [YAMLPair] = []
        for member in members {
            switch member.key.text {
            case "parameters", "consumes", "produces":
                continue
            case "responses":
                pairs.append(member.with(responses(member.value, produces: produces, context: context)))
            case "schemes":
                let schemes = member.value.texts?.joined(separator: ", ") ?? ""
                diagnostics.warning("the schemes of \(context) (\(schemes)) are not supported; it is sent to the client's server", at: member.value.location)
            default:
                pairs.append(member)
            }
        }
        let location = node.pair("parameters")?.key.location ?? node.location
        let others = parameters.filter { !["body", "formData"].contains($0["in"]?.text ?? "") }
        if !others.isEmpty {
            pairs.append(.named("parameters", .list(others.map { parameter($0, context: context) }, at: location), at: location))
        }
        if let body = requestBody(parameters, consumes: consumes, context: context) {
            pairs.append(.named("requestBody", body, at: location))
        }
        return .map(pairs, at: node.location)
    }

    /// The path item's parameters then the operation's, local references resolved (a body parameter must be seen to
    /// become the body), one per name and place: the operation's replaces the path item's.
    private func merged(_ nodes: [YAMLNode], context: String) -> [YAMLNode] {
        var result: [YAMLNode] = []
        for node in nodes {
            let parameter = resolved(node, section: "parameters", what: "parameter", context: context)
            if parameter["$ref"] == nil {
                result.removeAll { $0["name"]?.text == parameter["name"]?.text && $0["in"]?.text == parameter["in"]?.text }
            }
            result.append(parameter)
        }
        return result
    }

    /// The top-level parameter or response a local reference names. A reference into another file stays a
    /// reference (rewritten to 3.0 terms), with a warning: its target is read as a 3.0 object.
    func resolved(_ node: YAMLNode, section: String, what: String, context: String) -> YAMLNode {
        guard let reference = node["$ref"]?.text else { return node }
        let prefix = "#/\(section)/"
        if reference.hasPrefix(prefix), let target = root[section]?[DocumentSet.unescape(String(reference.dropFirst(prefix.count)))] {
            return target
        }
        if !reference.hasPrefix("#") {
            diagnostics.warning(
                "the \(what) reference '\(reference)' of \(context) points into another file, whose Swagger 2.0 \(section) are read as OpenAPI 3 ones (only schemas are translated there)",
                at: node.location)
        }
        // The importer resolves what is left, and warns when it points at nothing.
        return Self.schema(node)
    }

    /// A query, header or path parameter: its type keywords become its `schema`.
    private func parameter(_ node: YAMLNode, context: String) -> YAMLNode {
        guard let members = node.mapping, node["$ref"] == nil, node["schema"] == nil else { return Self.schema(node) }
        var pairs = members.filter { !Self.schemaKeywords.contains($0.key.text ?? "") && $0.key.text != "collectionFormat" }
        if node["type"] != nil {
            let member = "the parameter '\(node["name"]?.text ?? "")'"
            let schema = inlineSchema(node, member: member, context: context, allowsMulti: node["in"]?.text == "query")
            pairs.append(.named("schema", schema, at: schema.location))
        }
        return .map(pairs, at: node.location)
    }
}
