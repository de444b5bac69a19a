import EndpointRuntime
import EndpointSpec
import Foundation
import OpenAPIImport
import Testing
import TestSupport
import YAML

/// Every document of `../shared/testdata/openapi` imports with nothing it declares left out (issue #23): every
/// parameter of every operation, and every required property of every request body, appears in the imported spec
/// (as a parameter, a `key[member]` parameter of a flattened object, or a property of a whole-value body's model).
/// The document is read on its own here, not through the importer, so that the importer cannot hide what it drops.
@Suite(.enabled(
    if: TestEnvironment.canRun(needingTestdata: "openapi"),
    "needs ../shared/testdata/openapi; set ENDPOINTGEN_TESTDATA"))
struct DocumentCoverageTests {
    /// A YAML document's value as JSON, by YAML's core schema (plain scalars may be null, booleans or numbers).
    static func json(_ node: YAMLNode) -> JSONValue {
        switch node.content {
        case .sequence(let items): return .array(items.map(json))
        case .mapping(let pairs): return .object(Dictionary(pairs.map { ($0.key.text ?? "", json($0.value)) }, uniquingKeysWith: { first, _ in first }))
        case .scalar(let scalar):
            guard scalar.style == .plain, node.tag == nil else { return .string(scalar.text) }
            if CoreSchema.isNull(scalar.text) { return .null }
            if let bool = CoreSchema.bool(scalar.text) { return .bool(bool) }
            if let int = CoreSchema.int(scalar.text) { return .number(JSONNumber(int)) }
            if let double = CoreSchema.double(scalar.text) { return .number(JSONNumber(double)) }
            return .string(scalar.text)
        }
    }

    static let documents = ["k8s-apps-v1.json", "museum.yaml", "petstore.yaml", "spotify.yml", "stripe-spec3-2023-09-12.yaml",
                            "swagger-petstore3.yaml", "twilio-api-v2010.json"]

    @Test(arguments: DocumentCoverageTests.documents)
    func everyParameterAndRequiredBodyMemberIsImported(file: String) throws {
        let path = TestEnvironment.testdata("openapi").appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document = file.hasSuffix(".json")
            ? try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            : Self.json(try YAMLParser.parse(text, file: path)[0])
        let imported = try OpenAPIImporter.importDocument(text: text, path: path) { _ in throw NoSuchFile() }
        let spec = imported.loaded.spec
        #expect(!imported.summary.description.contains("left out"))
        var missing: [String] = []
        var checked = 0
        for (route, item) in (document["paths"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            let item = Self.resolved(item, in: document)
            for method in ["get", "put", "post", "delete", "options", "head", "patch"] {
                guard let operation = item[method] else { continue }
                // The same path, else one that ends with it (a server's base path in front); never `/me/tracks` for `/tracks`.
                let endpoints = spec.endpoints.filter { $0.method.rawValue == method.uppercased() && Self.shape($0.path).hasSuffix(Self.shape(route)) }
                guard let endpoint = endpoints.first(where: { Self.shape($0.path) == Self.shape(route) }) ?? endpoints.first else {
                    missing.append("\(method.uppercased()) \(route): no endpoint")
                    continue
                }
                let declared = (item["parameters"]?.arrayValue ?? []) + (operation["parameters"]?.arrayValue ?? [])
                for parameter in declared.map({ Self.resolved($0, in: document) }) {
                    guard let name = parameter["name"]?.stringValue, let place = parameter["in"]?.stringValue else { continue }
                    // OpenAPI has these three header parameters ignored: the request's own headers say them.
                    if place == "header", ["accept", "content-type", "authorization"].contains(name.lowercased()) { continue }
                    checked += 1
                    if !Self.sends(name, endpoint.parameters) { missing.append("\(method.uppercased()) \(route): parameter '\(name)' (\(place))") }
                }
                guard method != "get", method != "head", let body = operation["requestBody"].map({ Self.resolved($0, in: document) }),
                      let content = body["content"]?.objectValue,
                      let schema = Self.bodySchema(content).map({ Self.resolved($0, in: document) })
                else { continue }
                for member in Self.requiredProperties(schema, in: document) {
                    checked += 1
                    if !Self.carries(member, endpoint, in: spec) { missing.append("\(method.uppercased()) \(route): required body member '\(member)'") }
                }
            }
        }
        #expect(checked > 0)
        #expect(missing == [], "\(missing.count) of \(checked) declared members are missing")
    }

    /// A path with every placeholder as `{}`, as the importer renames them.
    static func shape(_ path: String) -> String {
        path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
    }

    /// Whether a parameter named `name` on the wire is sent: as itself, as `name[]`, or flattened as `name[member]`.
    static func sends(_ name: String, _ parameters: [Parameter]) -> Bool {
        parameters.contains { $0.wireName == name || $0.wireName.hasPrefix(name + "[") }
    }

    /// Whether the endpoint sends the body member: as a body parameter, or inside its whole-value body's model.
    static func carries(_ member: String, _ endpoint: Endpoint, in spec: Spec) -> Bool {
        if sends(member, endpoint.parameters.filter { $0.placement == .body }) { return true }
        guard let value = endpoint.bodyValue else { return false }
        guard case .model(let name) = value.type.unwrapped, let model = spec.model(named: name) else { return true }
        if case .object(let properties) = model.kind { return properties.contains { $0.wireName == member } }
        return true
    }

    /// The schema of the media type the importer sends: JSON, then a form, then multipart.
    static func bodySchema(_ content: [String: JSONValue]) -> JSONValue? {
        let order: [(String) -> Bool] = [
            { $0 == "application/json" || $0.hasSuffix("+json") }, { $0 == "application/x-www-form-urlencoded" }, { $0 == "multipart/form-data" },
        ]
        for matches in order {
            if let media = content.first(where: { matches($0.key.lowercased()) }) { return media.value["schema"] }
        }
        return nil
    }

    /// The `required` properties of an object schema, through `allOf`.
    static func requiredProperties(_ schema: JSONValue, in document: JSONValue) -> [String] {
        let own = (schema["required"]?.arrayValue ?? []).compactMap(\.stringValue)
        let parts = (schema["allOf"]?.arrayValue ?? []).flatMap { requiredProperties(resolved($0, in: document), in: document) }
        return own + parts
    }

    /// The value a local `$ref` points at, followed until it is no reference.
    static func resolved(_ value: JSONValue, in document: JSONValue) -> JSONValue {
        var value = value
        for _ in 0..<16 {
            guard let reference = value["$ref"]?.stringValue, reference.hasPrefix("#/") else { return value }
            var target: JSONValue? = document
            for token in reference.dropFirst(2).split(separator: "/") {
                target = target?[token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
            }
            guard let target else { return value }
            value = target
        }
        return value
    }
}
