// Compiled by CodeInjectionTests together with the client generated from Hostile.yaml: prints, as JSON,
// the strings the generated code holds, for the test to compare with the spec's text.
import EndpointRuntime
import Foundation

let configuration = HostileClient.defaultConfiguration
let request = HostileEndpoints.getItem(qUote: "v")
let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Item())) as? [String: Any] ?? [:]
let decoded = try JSONDecoder().decode(Item.self, from: Data("{}".utf8))
let observed: [String: [String]] = [
    "basePath": [configuration.server.basePath],
    "version": [configuration.version ?? "(none)"],
    "defaultQuery": configuration.defaultQuery.flatMap { [$0.name, $0.value] },
    "defaultHeaders": configuration.defaultHeaders.flatMap { [$0.name, $0.value] },
    "errors": [configuration.errorMessageField ?? "(none)", configuration.fallbackErrorMessage],
    "path": [request.path],
    "queryNames": request.query.map(\.name),
    "headers": request.headers.flatMap { [$0.name, $0.template?.value ?? "(none)"] },
    "enumCases": Kind.knownValues.map(\.rawValue),
    "propertyKeys": encoded.keys.sorted(),
    "defaults": [Item().name, decoded.name, Item().kind.rawValue],
]
print(String(decoding: try JSONSerialization.data(withJSONObject: observed, options: [.sortedKeys]), as: UTF8.self))
