import Diagnostics
import EndpointSpec
import OpenAPIImport
import Testing
import YAML

/// JSON documents are read as JSON (libyaml refuses some valid JSON), YAML as YAML, and both report located errors.
@Suite struct JSONDocumentTests {
    static func load(_ text: String, path: String = "api.json") throws(DiagnosticError) -> LoadedSpec {
        try OpenAPIImporter.load(text: text, path: path) { _ in throw NoSuchFile() }
    }

    static func errors(_ text: String, path: String = "api.json") -> [String] {
        do {
            _ = try load(text, path: path)
            return []
        } catch {
            return error.diagnostics.map(\.headline)
        }
    }

    /// Twilio writes emoji as surrogate pairs; libyaml stops there with "found invalid Unicode character escape code".
    @Test func surrogatePairsAndBigNumbersAreValidJSON() throws {
        let loaded = try Self.load("""
            {
              "openapi": "3.0.1",
              "info": {"title": "Emoji \\ud83d\\udc4d", "version": "1"},
              "paths": {"/items": {"get": {"operationId": "listItems", "description": "Thumbs \\ud83d\\udc4d up \\u00e9\\n",
                "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}}}}}},
              "components": {"schemas": {"Item": {"type": "object", "properties": {
                "count": {"type": "integer", "format": "int64", "default": 9223372036854775807},
                "ratio": {"type": "number", "default": 1.5e3},
                "label": {"type": "string", "default": "12"}}}}}
            }
            """)
        #expect(loaded.spec.endpoints.first?.description == "Thumbs \u{1F44D} up \u{E9}\n")
        #expect(loaded.spec.name == "Emoji")
        guard case .object(let properties)? = loaded.spec.model(named: "Item")?.kind else {
            Issue.record("no model Item")
            return
        }
        #expect(properties.map(\.defaultValue) == [.int(Int.max), .double(1500), .string("12")])
    }

    @Test func nodesAreLocatedAtTheirTokens() throws {
        let loaded = try Self.load("""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"},
             "paths": {"/é/items": {"get": {"operationId": "listItems",
                "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"type": "object", "properties": {"x": {"oneOf": [{"type": "array", "items": {}}, {"type": "integer"}]}}}}}}}}}}}
            """)
        #expect(loaded.warnings.map(\.headline) == [
            "api.json:1:1: warning: the document names no server with an absolute URL; the client points at https://localhost: change 'ClientConfiguration.server'",
            "api.json:3:125: warning: property 'x' of 'ListItemsResponse' is a 'oneOf' of an array, an integer, which EndpointGen cannot type precisely; it is typed JSON",
        ])
        #expect(loaded.spec.endpoints.first?.location == .init(file: "api.json", line: 2, column: 32))
    }

    @Test func jsonErrorsAreLocatedWithTheLineQuoted() {
        #expect(Self.errors("{\"openapi\": \"3.0.1\",\n \"paths\": {},}") == [
            "api.json:2:14: error: expected a quoted key in a JSON object, found '}'",
        ])
        #expect(Self.errors("{\"openapi\": \"3.0.1\", \"paths\": {\"a\": 01}}") == [
            "api.json:1:37: error: a JSON number cannot start with a zero followed by digits",
        ])
        #expect(Self.errors("{\"openapi\": \"3.0.1\", \"x\": \"\\ud83d\", \"paths\": {}}") == [
            "api.json:1:28: error: the escape '\\ud83d' is the first half of a surrogate pair, but no second half follows",
        ])
        #expect(Self.errors("{\"openapi\": \"3.0.1\", \"paths\": {}, \"paths\": {}}") == [
            "api.json:1:35: error: duplicate key 'paths'",
        ])
        #expect(Self.errors("{\"openapi\": \"3.0.1\", \"paths\": {}} x") == [
            "api.json:1:35: error: unexpected 'x' after the end of the JSON document",
        ])
        #expect(Self.errors("{\"openapi\": \"3.0.1\", \"paths\": [") == ["api.json:1:32: error: the JSON document ends inside an array"])
        #expect(throws: DiagnosticError.self) { try Self.load("{\"openapi\": \"3.0.1\",\n \"paths\": {},}") }
        do {
            _ = try Self.load("{\"openapi\": \"3.0.1\",\n \"paths\": {},}")
        } catch {
            #expect(error.diagnostics.first?.sourceLine == " \"paths\": {},}")
        }
    }

    /// A YAML document written in flow style starts with `{` too, but is not JSON: it is read as YAML.
    @Test func yamlInFlowStyleIsStillYAML() throws {
        let loaded = try Self.load("{openapi: 3.0.3, info: {title: Flow, version: '1'}, paths: {}}", path: "api.yaml")
        #expect(loaded.spec.name == "Flow")
        #expect(Self.errors("{openapi: 3.0.3, paths: {a}", path: "api.yaml").first?.hasPrefix("api.yaml:1:") == true)
    }
}
