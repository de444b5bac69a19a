import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// A server address with `{variable}` placeholders (an OpenAPI server variable such as `{region}`) is filled in from
/// the configuration's variables when the client is made; one without a value fails each request, saying how to give it.
@Suite(.timeLimit(.minutes(2))) struct ServerVariableTests {
    static let server = ServerAddress(scheme: "https", host: "{region}.api.example.com", basePath: "/{release}/api")

    @Test func theHostAndBasePathTakeTheVariablesComputedOnesFirst() async throws {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(
            configuration: ClientConfiguration(
                server: Self.server, variables: ["region": "eu", "release": "v1"], computedVariables: ["release": { "v2" }], retry: .none),
            transport: stub)
        #expect(client.configuration.server == ServerAddress(scheme: "https", host: "eu.api.example.com", basePath: "/v2/api"))
        _ = try await client.send(Request<Empty>(method: .get, path: "/things"))
        #expect(stub.requests.map { $0.url?.absoluteString } == ["https://eu.api.example.com/v2/api/things"])
    }

    @Test func aVariableWithoutAValueFailsEachRequestBeforeItIsSent() async {
        let stub = StubTransport(handler: { _ in .json("{}") })
        let client = EndpointClient(
            configuration: ClientConfiguration(server: Self.server, variables: ["release": "v1"], retry: .none), transport: stub)
        await #expect(throws: EndpointError.invalidRequest(
            "the server https://{region}.api.example.com/v1/api uses variable 'region', which has no value: set configuration.variables[\"region\"] "
                + "or computedVariables[\"region\"] before the client is made (for a generated client's shared instance, in configureShared), "
                + "or give the variable a default in the spec")) {
            try await client.send(Request<Empty>(method: .get, path: "/things"))
        }
        #expect(stub.requests.isEmpty)
    }
}
