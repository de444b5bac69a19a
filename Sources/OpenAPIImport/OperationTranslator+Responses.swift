import Diagnostics
import EndpointSpec

extension OperationTranslator {
    /// The success response's body as the return type, and the documented error responses' types: one error model
    /// when they agree, else the model of each status (exact ones, then ranges) and `default`'s for the others.
    func responses(_ operation: DocumentNode, context: OperationContext) -> (ResponseType, TypeRef?, [StatusErrorModel]) {
        let responses = (operation["responses"]?.members ?? []).sorted { Self.order($0.key) < Self.order($1.key) }
        let success = Self.success(responses)
        var response = success.map { responseType(schemas.dereferenced($0.value), typeName: context.typeName + "Response", context: context) } ?? .empty
        if let success, let reference = schemas.unresolvedReference(success.value) {
            diagnostics.warning("the \(success.key) response of \(context) is the reference '\(reference)', which cannot be resolved; it is typed JSON", at: success.value.location)
            response = .type(.json)
        }

        var errors: [StatusErrorModel] = []
        for (key, location, node) in responses {
            // `4XX` and `4xx` are one status: the first written is kept.
            guard let status = StatusErrorModel.statusKey(key), !errors.contains(where: { $0.status == status }) else { continue }
            let content = schemas.dereferenced(node)["content"]?.members ?? []
            guard let json = content.first(where: { Self.isJSON($0.key.lowercased()) }), let schema = json.value["schema"] else { continue }
            switch schemas.type(schema, name: context.typeName + "Error") {
            case .type(let type): errors.append(StatusErrorModel(status: status, type: type, location: location))
            case .unsupported(let reason):
                diagnostics.warning("the \(status) error body of \(context) is \(reason), which EndpointGen cannot type; errors carry the raw body", at: schema.location)
            }
        }
        let types = errors.reduce(into: [TypeRef]()) { if !$0.contains($1.type) { $0.append($1.type) } }
        guard types.count > 1 else { return (response, types.first, []) }
        return (response, errors.first { $0.status == "default" }?.type, StatusErrorModel.matchingOrder(errors.filter { $0.status != "default" }))
    }

    /// The response a call returns the body of: the first 2xx, else `default` when it is the only word on success (it
    /// stands for every status the operation does not list).
    private static func success(_ sorted: [(key: String, location: SourceLocation, value: DocumentNode)]) -> (key: String, location: SourceLocation, value: DocumentNode)? {
        sorted.first { $0.key.hasPrefix("2") } ?? sorted.first { $0.key == "default" }
    }

    /// JSON decodes into the schema's type; a multipart body is read as its parts (`Multipart`); other text is a
    /// `String`; any other content is `Data`; none is `Empty`. A schema for any media type (`*/*`, `application/*`)
    /// types the body too, decoded by the media type the server answers with (JSON, or a configured body coder's), unless
    /// it is a string: any bytes, kept as `Data`.
    private func responseType(_ response: DocumentNode, typeName: String, context: OperationContext) -> ResponseType {
        let content = response["content"]?.members ?? []
        guard !content.isEmpty else { return .empty }
        if let json = content.first(where: { Self.isJSON($0.key.lowercased()) }) {
            guard let schema = json.value["schema"] else { return .data }
            return typed(schema, typeName: typeName, context: context)
        }
        if let any = content.first(where: { ["*/*", "application/*"].contains($0.key.lowercased()) }), let schema = any.value["schema"],
           case .type(let type) = schemas.type(schema, name: typeName), type.unwrapped != .string, type.unwrapped != .data {
            return .type(type)
        }
        if content.allSatisfy({ $0.key.lowercased().hasPrefix("multipart/") }) { return .multipart }
        return content.contains { $0.key.lowercased().hasPrefix("text/") } && content.allSatisfy({ !Self.isBinary($0.key.lowercased()) }) ? .string : .data
    }

    private func typed(_ schema: DocumentNode, typeName: String, context: OperationContext) -> ResponseType {
        switch schemas.type(schema, name: typeName) {
        case .type(let type): return .type(type)
        case .unsupported(let reason):
            diagnostics.warning("the response of \(context) is \(reason), which EndpointGen cannot type precisely; it is typed JSON", at: schema.location)
            return .type(.json)
        }
    }

    /// The media types to ask for where the document offers a JSON success response beside others (XML, say): only
    /// the JSON ones, which the client decodes; for a multipart body its own media types, which a client's JSON
    /// default would not name; `nil` (any) otherwise.
    func accept(_ operation: DocumentNode, response: ResponseType) -> [String]? {
        switch response {
        case .type, .multipart: break
        case .empty, .data, .string: return nil
        }
        let responses = (operation["responses"]?.members ?? []).sorted { Self.order($0.key) < Self.order($1.key) }
        guard let success = Self.success(responses) else { return nil }
        let types = (schemas.dereferenced(success.value)["content"]?.members ?? []).map(\.key)
        if response == .multipart { return types }
        let json = types.filter { Self.isJSON($0.lowercased()) }
        return json.count < types.count && !json.isEmpty ? json : nil
    }

    /// Statuses in order: `200` before `201` before `2XX`; `default` last.
    private static func order(_ status: String) -> String {
        status == "default" ? "9" : status.uppercased()
    }
}
