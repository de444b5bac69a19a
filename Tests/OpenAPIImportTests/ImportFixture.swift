import Diagnostics
import EndpointSpec
import Foundation
import OpenAPIImport

/// Imports OpenAPI text held in memory, with other files given by path, and reads the result.
struct ImportFixture {
    let loaded: LoadedSpec

    /// Imports `text` as `api.yaml`; `files` are what `$ref`s to other files find.
    init(_ text: String, files: [String: String] = [:], options: ImportOptions = .init()) throws {
        loaded = try OpenAPIImporter.load(text: text, path: "api.yaml", options: options) { path in
            guard let text = files[path] else { throw NoSuchFile() }
            return text
        }
    }

    var spec: Spec { loaded.spec }

    /// The warnings' headlines, e.g. `api.yaml:3:5: warning: ...`.
    var warnings: [String] { loaded.warnings.map(\.headline) }

    func endpoint(_ name: String) -> Endpoint? { spec.endpoints.first { $0.name == name } }

    func properties(_ model: String) -> [Property] {
        if case .object(let properties)? = spec.model(named: model)?.kind { return properties }
        return []
    }

    func oneOf(_ model: String) -> OneOf? {
        if case .oneOf(let oneOf)? = spec.model(named: model)?.kind { return oneOf }
        return nil
    }

    /// `name: Type` for each property of a model, e.g. `["id: Int64", "tag: String?"]`.
    func propertyTypes(_ model: String) -> [String] {
        properties(model).map { "\($0.name): \($0.type)" }
    }

    /// `name: Type (placement)` for each parameter of an endpoint.
    func parameterSummary(_ endpoint: String) -> [String] {
        (self.endpoint(endpoint)?.parameters ?? []).map { "\($0.name): \($0.type) (\($0.placement.rawValue) '\($0.wireName)')" }
    }
}

/// What the fixtures' file reader throws for a path it does not have.
struct NoSuchFile: Error, CustomStringConvertible {
    var description: String { "no such file" }
}

/// The headlines of the diagnostics an import throws.
func importErrors(_ text: String, options: ImportOptions = .init()) -> [String] {
    do {
        _ = try OpenAPIImporter.load(text: text, path: "api.yaml", options: options) { _ in throw NoSuchFile() }
        return []
    } catch {
        return error.diagnostics.map(\.headline)
    }
}

/// A document with the given `paths` and `components` blocks, indented as written below.
func document(paths: String, components: String = "", extra: String = "") -> String {
    """
    openapi: 3.0.3
    info: { title: Test API, version: 2.1.0 }
    servers: [{ url: "https://api.example.com/v1" }]
    \(extra)
    paths:
    \(paths)
    components:
    \(components.isEmpty ? "  {}" : components)
    """
}

/// A document with one GET endpoint, `getThing`, answering `schema`, and `schemas` under `components/schemas`.
func oneResponseDocument(_ schema: String, schemas: String) -> String {
    document(
        paths: """
          /thing:
            get:
              operationId: getThing
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: \(schema)
        """,
        components: "  schemas:\n" + schemas)
}

extension Spec {
    /// The spec with every location the same, to compare specs read from different files.
    var withoutLocations: Spec {
        let nowhere = SourceLocation(file: "", line: 0, column: 0)
        var spec = self
        spec.location = nowhere
        spec.server.location = nowhere
        spec.auth?.location = nowhere
        spec.auth?.schemes = (auth?.schemes ?? []).map { var scheme = $0; scheme.location = nowhere; return scheme }
        spec.variables = variables.map { var variable = $0; variable.location = nowhere; return variable }
        spec.defaults.query = defaults.query.map { var item = $0; item.location = nowhere; return item }
        spec.defaults.headers = defaults.headers.map { var item = $0; item.location = nowhere; return item }
        spec.endpoints = endpoints.map { endpoint in
            var endpoint = endpoint
            endpoint.location = nowhere
            endpoint.parameters = endpoint.parameters.map { var parameter = $0; parameter.location = nowhere; return parameter }
            endpoint.query = endpoint.query.map { var item = $0; item.location = nowhere; return item }
            endpoint.headers = endpoint.headers.map { var item = $0; item.location = nowhere; return item }
            endpoint.pagination = endpoint.pagination.map { $0.withoutLocations }
            endpoint.bodyValue?.location = nowhere
            endpoint.errorModels = endpoint.errorModels.map { var model = $0; model.location = nowhere; return model }
            endpoint.responseHeaders = endpoint.responseHeaders.map { var header = $0; header.location = nowhere; return header }
            return endpoint
        }
        spec.models = models.map { model in
            var model = model
            model.location = nowhere
            switch model.kind {
            case .object(let properties):
                model.kind = .object(properties.map { var property = $0; property.location = nowhere; return property })
            case .enumeration(let cases, let rawType):
                model.kind = .enumeration(cases.map { var item = $0; item.location = nowhere; return item }, rawType: rawType)
            case .oneOf(var oneOf):
                oneOf.alternatives = oneOf.alternatives.map { var item = $0; item.location = nowhere; return item }
                oneOf.mapping = oneOf.mapping.map { var item = $0; item.location = nowhere; return item }
                model.kind = .oneOf(oneOf)
            }
            return model
        }
        return spec
    }
}

/// Writes a spec with `SpecWriter` and loads the text with `SpecLoader`.
func roundTrip(_ spec: Spec) throws -> LoadedSpec {
    try SpecLoader.load(text: SpecWriter.yaml(spec, header: "round trip"), path: "converted.yaml") { _ in throw NoSuchFile() }
}

extension Pagination {
    /// The pagination with every location the same.
    var withoutLocations: Pagination {
        let nowhere = SourceLocation(file: "", line: 0, column: 0)
        func path(_ path: PaginationPath) -> PaginationPath { PaginationPath(keys: path.keys, location: nowhere) }
        func name(_ name: PaginationName) -> PaginationName { PaginationName(name: name.name, location: nowhere) }
        let next: Next = switch self.next {
        case .header, .link: self.next
        case .url(let url): .url(path(url))
        case .cursor(let from, let parameter): .cursor(from: path(from), parameter: name(parameter))
        case .page(let parameter): .page(parameter: name(parameter))
        case .offset(let parameter, let limit): .offset(parameter: name(parameter), limit: limit.map(name))
        }
        return Pagination(next: next, items: items.map(path), location: nowhere)
    }
}
