import Diagnostics
import YAML

/// The document-wide parts: `definitions` and `securityDefinitions` as `components`, the address as `servers`.
extension Swagger2Translator {
    /// `components` with the `definitions` as `schemas` and the `securityDefinitions` as `securitySchemes`.
    ///
    /// Top-level `parameters` and `responses` are not kept there: every use in the document is replaced by what it
    /// names (a body parameter must become the body of each operation using it, in that operation's media types).
    func components() -> YAMLPair? {
        var pairs: [YAMLPair] = []
        if let definitions = root.pair("definitions"), let schemas = definitions.value.mapping {
            let translated = schemas.map { $0.with(Self.schema($0.value)) }
            pairs.append(YAMLPair(key: .text("schemas", at: definitions.key.location), value: .map(translated, at: definitions.value.location)))
        }
        if let definitions = root.pair("securityDefinitions"), let schemes = definitions.value.mapping {
            let translated = schemes.map { $0.with(securityScheme($0.value)) }
            pairs.append(YAMLPair(key: .text("securitySchemes", at: definitions.key.location), value: .map(translated, at: definitions.value.location)))
        }
        guard let first = pairs.first else { return nil }
        return .named("components", .map(pairs, at: first.key.location), at: first.key.location)
    }

    /// OAuth 2's flow names in 3.0.
    private static let flows = ["implicit": "implicit", "password": "password", "application": "clientCredentials", "accessCode": "authorizationCode"]

    /// `basic` as `http` with `scheme: basic`; `oauth2` with its one flow under `flows`; `apiKey` as it is.
    private func securityScheme(_ node: YAMLNode) -> YAMLNode {
        guard let type = node["type"], let fields = node.mapping else { return node }
        let kept = fields.filter { ["description"].contains($0.key.text ?? "") || $0.key.text?.hasPrefix("x-") == true }
        switch type.text {
        case "basic":
            return .map([.named("type", .text("http", at: type.location)), .named("scheme", .text("basic", at: type.location))] + kept, at: node.location)
        case "oauth2":
            let flow = node["flow"]
            let name = flow?.text.flatMap { Self.flows[$0] } ?? flow?.text ?? "implicit"
            let settings = fields.filter { ["authorizationUrl", "tokenUrl", "scopes"].contains($0.key.text ?? "") }
            let scopes: [YAMLPair] = node["scopes"] == nil ? [.named("scopes", .map([], at: type.location))] : []
            let flows = YAMLNode.map([.named(name, .map(settings + scopes, at: flow?.location ?? type.location), at: flow?.location)], at: type.location)
            return .map([.named("type", type), .named("flows", flows)] + kept, at: node.location)
        default:
            return node
        }
    }

    /// `host`, `basePath` and `schemes` as one server per scheme, https first; a document without `host` has a
    /// relative server (its `basePath`), which the importer reports as having no absolute URL.
    func servers() -> YAMLPair? {
        let host = root["host"]?.text
        let basePath = root["basePath"]?.text ?? ""
        guard let written = root.pair("host") ?? root.pair("basePath") else { return nil }
        let location = written.value.location
        let schemes = (root["schemes"]?.texts ?? []).filter { ["http", "https"].contains($0.lowercased()) }
        let ordered = schemes.isEmpty ? ["https"] : schemes.filter { $0.lowercased() == "https" } + schemes.filter { $0.lowercased() != "https" }
        let path = basePath == "/" ? "" : basePath
        let urls = host.map { host in ordered.map { "\($0)://\(host)\(path)" } } ?? [basePath]
        let servers = urls.map { YAMLNode.map([.named("url", .text($0, at: location))], at: location) }
        return .named("servers", .list(servers, at: location), at: written.key.location)
    }
}
