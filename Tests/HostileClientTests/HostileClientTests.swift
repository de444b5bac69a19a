import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client generated from `Hostile.yaml` compiles (it is part of this target) and carries every name
/// and text of the spec exactly, however much Swift syntax they hold.
@Suite(.timeLimit(.minutes(2))) struct HostileClientTests {
    @Test func keywordNamesWorkAndTextReachesTheWireUnchanged() async throws {
        let transport = StubTransport()
        transport.enqueue(.json(#"{"protocol": "p"}"#))
        let client = HostileClient(transport: transport)
        let thing = try await client.class(default: "a/b", selfParameter: 7, in: "#if")  // `self` would hide the client
        // Defaults from the spec, byte for byte.
        #expect(thing.note == "line1\nline2 \"quoted\" \\(x) */ \"\"\"")
        #expect(thing.kind == .default)
        #expect(thing.protocol == "p")
        #expect(thing.request == nil)
        let request = try #require(transport.requests.first)
        #expect(request.url?.absoluteString == "https://example.com/a%22b/class/a%2Fb?self=7")
        #expect(request.value(forHTTPHeaderField: "X-In") == "#if")
        #expect(request.value(forHTTPHeaderField: "X-Quote") == "say \"hi\" \\(there) */ #if")
    }

    @Test func theVersionAndUnicodeNamesSurvive() {
        #expect(HostileClient.defaultConfiguration.version == "1\"\"\"\\(v)")
        #expect(HostileEndpoints.class(default: "x").path == "/class/{default}")
    }

    @Test func enumValuesWithSymbolsGetDistinctNames() {
        #expect(Kind.knownValues.map(\.rawValue) == ["default", "knownValues", "a b", "é", "-", "2x", "Self"])
        #expect(Kind.é.rawValue == "é")
        #expect(Kind._2D.rawValue == "-")
        #expect(Kind.`self`.rawValue == "Self")
        #expect(Kind.knownValuesCase.rawValue == "knownValues")
    }

    @Test func aModelNamedLikeARuntimeTypeIsRenamed() async throws {
        let transport = StubTransport()
        transport.enqueue(.json(#"{"value": "v"}"#))
        // Through the protocol's requirement, the `…WithResponse` variant, which is not deprecated (the plain method
        // is, wherever it is called), so this test compiles without a warning.
        let client: any HostileClientProtocol = HostileClient(transport: transport)
        let answer: RequestModel = try await client.naïveCaféWithResponse(_2fa: "123456", userID: "A", userId: "b").body
        #expect(answer.value == "v")
        let body = try JSONSerialization.jsonObject(with: try #require(transport.requests.first?.httpBody)) as? [String: String]
        #expect(body == ["2fa": "123456", "userID": "A", "userId": "b"])
    }
}
