import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The members of `Variants.yaml`'s models beyond their properties (`additionalProperties: T`) and the bodies' `flat`
/// maps: every key that is not a property decodes into the map, keeps its type, and is encoded back beside the
/// properties, so nothing the server sends is lost and a body can carry members named when the request is made.
@Suite(.timeLimit(.minutes(2))) struct AdditionalMembersTests {
    @Test func keysBeyondThePropertiesDecodeIntoTheMapAndEncodeBackUnchanged() throws {
        let json = #"{"extra":null,"realm":"example.org","type":"m.id.user","user":"alice"}"#
        let identifier = try JSONDecoder().decode(Identifier.self, from: Data(json.utf8))
        #expect(identifier.type == "m.id.user")
        #expect(identifier.user == "alice")
        // A null member is kept apart from a missing one: absent, null and a value are three states.
        #expect(identifier.additionalProperties == ["realm": "example.org", "extra": String?.none])
        #expect(try sortedJSON(identifier) == json)
    }

    @Test func aMemberOfTheWrongTypeIsAnErrorNotADrop() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Counts.self, from: Data(#"{"a": 1, "b": "two"}"#.utf8)) }
    }

    @Test func aModelOfMembersAloneIsAMapOfTheirType() throws {
        let counts = try JSONDecoder().decode(Counts.self, from: Data(#"{"b": 2, "a": 1}"#.utf8))
        #expect(counts == Counts(additionalProperties: ["a": 1, "b": 2]))
        #expect(try sortedJSON(counts) == #"{"a":1,"b":2}"#)
    }

    /// A property named `additionalProperties` keeps its name and wire key; the map is `additionalProperties2`, and a
    /// map entry at a property's key never overwrites the property.
    @Test func aPropertyNamedLikeTheMapKeepsItsKey() throws {
        let clash = try JSONDecoder().decode(Clash.self, from: Data(#"{"additionalProperties": 3, "more": [true]}"#.utf8))
        #expect(clash.additionalProperties == 3)
        #expect(clash.additionalProperties2 == ["more": [true]])
        let shadowing = Clash(additionalProperties: 3, additionalProperties2: ["additionalProperties": "no", "more": [true]])
        #expect(try sortedJSON(shadowing) == #"{"additionalProperties":3,"more":[true]}"#)
    }

    @Test func aFlatMapSendsItsEntriesAsMembersOfAJSONBody() async throws {
        let transport = StubTransport()
        transport.enqueue(.json(#"{"type": "m.id.user", "user": "alice", "medium": "email"}"#))
        let answer = try await VariantsClient(transport: transport).login(
            identifier: Identifier(type: "m.id.user", user: "alice"), extra: ["device": "phone", "cleared": String?.none])
        #expect(answer.additionalProperties == ["medium": "email"])
        let body = try #require(transport.requests.first?.httpBody)
        let expected = #"{"identifier": {"type": "m.id.user", "user": "alice"}, "cleared": null, "device": "phone"}"#
        #expect(try JSONDecoder().decode(JSON.self, from: body) == JSONDecoder().decode(JSON.self, from: Data(expected.utf8)))
    }

    @Test func aFlatMapSendsItsEntriesAsFormFieldsAfterTheNamedOnes() async throws {
        let transport = StubTransport()
        transport.enqueue(.json("{}"))
        try await VariantsClient(transport: transport).tag(name: "a b", labels: ["size": 3, "age": 40])
        let body = try #require(transport.requests.first?.httpBody)
        #expect(String(decoding: body, as: UTF8.self) == "name=a%20b&age=40&size=3")
    }

    @Test func flatMapsSendTextPartsAndFilePartsNamedByTheirKeys() async throws {
        let transport = StubTransport()
        transport.enqueue(.json("{}"))
        try await VariantsClient(transport: transport).attach(caption: "Holiday", notes: ["where": "Oslo"], files: ["front": Data([1, 2])])
        let request = try #require(transport.requests.first)
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        let parts = body.components(separatedBy: "Content-Disposition: form-data; ").dropFirst().map { $0.prefix { $0 != "\r\n" } }
        #expect(parts == [#"name="caption""#, #"name="where""#, #"name="front"; filename="front""#])
        #expect(body.contains("filename=\"front\"\r\nContent-Type: image/png\r\n"))
    }

    private func sortedJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
