import Diagnostics
import EndpointSpec
import Foundation
import YAML

/// Turns the operations of `paths` into endpoints, with names, parameters, bodies and responses.
final class OperationTranslator {
    let schemas: SchemaTranslator
    let diagnostics: ImportDiagnostics
    let security: SecurityTranslator
    private var endpointNames = UniqueNames()
    /// Where operations are written as `$ref`s, reported once per document.
    var operationReferences: [SourceLocation] = []
    /// The operations of the document, and those the filters select, for the import's summary.
    private(set) var operationCount = 0
    private(set) var selectedCount = 0

    /// The methods OpenAPI names in a path item, with ours; `trace` has no counterpart.
    static let methods: [(key: String, method: HTTPMethod)] = [
        ("get", .GET), ("put", .PUT), ("post", .POST), ("delete", .DELETE), ("options", .OPTIONS), ("head", .HEAD), ("patch", .PATCH),
    ]

    init(schemas: SchemaTranslator, security: SecurityTranslator, diagnostics: ImportDiagnostics) {
        self.schemas = schemas
        self.diagnostics = diagnostics
        self.security = security
    }

    /// The endpoints of every operation the options include, in document order; reports filters that match nothing.
    func endpoints(_ paths: DocumentNode, options: ImportOptions) -> [Endpoint] {
        var endpoints: [Endpoint] = []
        let operationNames = OperationNames(paths: paths, schemas: schemas)
        for (path, pathLocation, rawItem) in paths.members {
            if let reference = schemas.unresolvedReference(rawItem) {
                diagnostics.warning("the path item '\(path)' is the reference '\(reference)', which cannot be resolved; its operations are left out", at: rawItem.location)
                continue
            }
            let item = schemas.dereferenced(rawItem)
            let sentPath = Self.sentPath(path)
            if sentPath != path {
                diagnostics.warning("the path '\(path)' is sent as '\(sentPath)': \(Self.whyNotSent(path)); its operations are kept under their own names", at: pathLocation)
            }
            operationCount += Self.methods.filter { item[$0.key] != nil }.count + (item["trace"] != nil ? 1 : 0)
            if item["trace"] != nil {
                diagnostics.warning("the 'trace' operation of '\(path)' is not supported (EndpointGen has no TRACE method); it is left out", at: item["trace"]!.location)
            }
            for (key, method) in Self.methods {
                guard let written = item[key] else { continue }
                guard let operation = resolvedOperation(written) else {
                    diagnostics.warning("the '\(key)' operation of '\(path)' is the reference '\(written.reference ?? "")', which cannot be resolved; it is left out", at: written.location)
                    continue
                }
                let tags = operation["tags"]?.items.compactMap(\.node.text) ?? []
                let names = operationNames.filterNames(path: path, method: key, operationId: operation.text("operationId"))
                guard options.includes(tags: tags, path: path, names: names) else { continue }
                selectedCount += 1
                let name = operationNames.name(path: path, method: key)
                if let endpoint = endpoint(name: name, method: method, path: sentPath, pathLocation: pathLocation, item: item, operation: operation, options: options) {
                    endpoints.append(endpoint)
                }
            }
        }
        reportOperationReferences()
        return endpoints
    }

    private func endpoint(
        name wanted: String, method: HTTPMethod, path: String, pathLocation: SourceLocation, item: DocumentNode, operation: DocumentNode,
        options: ImportOptions
    ) -> Endpoint? {
        let name = endpointNames.claim(wanted)
        if name != wanted {
            diagnostics.warning("operation '\(wanted)' becomes the Swift name '\(wanted)', which an earlier operation has; it is generated as '\(name)'", at: operation.location)
        }
        let context = OperationContext(name: name)
        // Not yet honoured: said where it is written, so that a call going to the API's server is no surprise.
        for (servers, owner) in [(operation["servers"], "\(context)"), (item["servers"], "the path item of \(context)")] {
            guard let servers, let url = servers.items.first?.text("url") else { continue }
            diagnostics.warning(
                "\(owner) names its own server ('\(url)'), which EndpointGen does not support yet; the call goes to the client's server ('ClientConfiguration.server')",
                at: servers.location)
        }
        for node in (item["parameters"]?.items ?? []) + (operation["parameters"]?.items ?? []) {
            if let reference = schemas.unresolvedReference(node) {
                diagnostics.warning("a parameter of \(context) is the reference '\(reference)', which cannot be resolved, so neither its name nor its place is known; it is left out", at: node.location)
            }
        }
        var parameterNames = UniqueNames()
        var (ourPath, parameters) = pathParameters(path, item: item, operation: operation, names: &parameterNames, context: context)
        parameters += otherParameters(item: item, operation: operation, names: &parameterNames, context: context)
        let body = requestBody(operation, method: method, names: &parameterNames, context: context, options: options)
        guard let body else { return nil }
        parameters += body.parameters
        (parameters, ourPath) = disambiguated(parameters, path: ourPath, context: context)
        if ourPath.isEmpty { ourPath = "/" }
        var (response, errorModel, errorModels) = responses(operation, context: context)
        // A streamed success response (server-sent events, JSON Lines) is read as it arrives, with its items' type.
        let stream = responseStream(operation, context: context)
        if let stream { response = stream.0 }
        let (auth, authSchemes) = security.requirement(of: operation, context: context)
        let descriptions = [operation.text("summary"), operation.text("description")].compactMap { $0 }.filter { !$0.isEmpty }
        return Endpoint(
            name: name, method: method, path: ourPath, pathParts: Self.parts(ourPath), parameters: parameters,
            bodyEncoding: body.endpointEncoding, response: response, errorModel: errorModel,
            auth: auth, timeout: nil, retry: nil, query: [], headers: [],
            description: descriptions.isEmpty ? nil : descriptions.joined(separator: "\n\n"), deprecated: operation.flag("deprecated"),
            location: operation.location, bodyValue: body.value, contentType: body.contentType,
            accept: stream == nil ? accept(operation, response: response) : nil,
            authSchemes: authSchemes, responseHeaders: stream == nil ? responseHeaders(operation, context: context) : [],
            responseStream: stream?.1, errorModels: errorModels
        )
    }

    /// The parts of a path whose placeholders are all valid names (the importer rewrote them so).
    /// A path key as a URL path: without the blanks around it and the `#…` fragment after it, which documents use to
    /// keep two operations on one URL apart (`/rooms/{roomId}/invite ` beside `/rooms/{roomId}/invite`) and which
    /// would otherwise be sent percent-encoded, to a URL the server does not have.
    static func sentPath(_ path: String) -> String {
        let withoutFragment = path.firstIndex(of: "#").map { String(path[..<$0]) } ?? path
        return withoutFragment.trimmingCharacters(in: .whitespaces)
    }

    private static func whyNotSent(_ path: String) -> String {
        path.contains("#") ? "a fragment ('#…') is never part of the URL a client sends" : "blanks around a path are not part of its URL"
    }

    static func parts(_ path: String) -> [TemplatePart] {
        if case .success(let parts) = Template.parse(path) { return parts }
        return [.literal(path)]
    }
}
