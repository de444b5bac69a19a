import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// `JSON` (the runtime's `JSONValue`) as an app uses it: literals, subscripts, typed accessors, conversion from and
/// to `Codable` values, and its text as a parameter.
@Suite(.timeLimit(.minutes(2))) struct JSONAccessTests {
    struct Pet: Codable, Equatable {
        var name: String
        var born: Date
    }

    @Test func literalsBuildEveryKind() {
        let value: JSON = ["s": "x", "i": 3, "d": 2.5, "b": false, "a": [1, "two"], "n": .null]
        #expect(value == .object([
            "s": .string("x"), "i": .number(3), "d": .number(2.5), "b": .bool(false),
            "a": .array([.number(1), .string("two")]), "n": .null,
        ]))
    }

    @Test func subscriptsReadMembersAndElementsAndNilForTheRest() {
        let value: JSON = ["list": [10, 20], "name": "Rex"]
        #expect(value["list"]?[1] == 20)
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["name"]?["x"] == nil)
        #expect(value[0] == nil)
    }

    @Test func settingAMemberAddsReplacesAndRemoves() {
        var patch: JSON = ["name": "Rex", "owner": "Ann"]
        patch["name"] = "Max"
        patch["owner"] = .null  // JSON null stays a member: a merge patch removes `owner` with it
        patch["age"] = 3
        #expect(patch == ["name": "Max", "owner": .null, "age": 3])
        patch["owner"] = nil
        #expect(patch == ["name": "Max", "age": 3])
        var scalar: JSON = 1
        scalar["a"] = true
        #expect(scalar == ["a": true])
    }

    @Test func typedAccessorsAnswerOnlyForTheirKind() {
        let value: JSON = ["s": "x", "i": 3, "d": 2.5, "b": true, "a": [1], "o": ["k": 1], "n": .null]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["i"]?.stringValue == nil)
        #expect(value["i"]?.intValue == 3)
        #expect(value["d"]?.intValue == nil)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["b"]?.boolValue == true)
        #expect(value["i"]?.boolValue == nil)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["o"]?.objectValue == ["k": 1])
        #expect(value["a"]?.objectValue == nil)
        #expect(value["n"]?.isNull == true)
        #expect(value["s"]?.isNull == false)
        #expect(JSON.number(1e300).intValue == nil)
    }

    @Test func aValueDecodesIntoAModelWithTheDateFormatGiven() throws {
        let value: JSON = ["name": "Rex", "born": "2024-05-01T12:00:00Z"]
        let pet = try value.decode(as: Pet.self)
        #expect(pet == Pet(name: "Rex", born: Date(timeIntervalSince1970: 1_714_564_800)))
        let seconds: JSON = ["name": "Rex", "born": 1_714_564_800]
        #expect(try seconds.decode(as: Pet.self, dates: .secondsSince1970) == pet)
        let wrong: JSON = ["name": 1]
        #expect(throws: DecodingError.self) { try wrong.decode(as: Pet.self) }
    }

    @Test func aModelBecomesJSON() throws {
        let pet = Pet(name: "Rex", born: Date(timeIntervalSince1970: 1_714_564_800))
        #expect(try JSON(encoding: pet) == ["name": "Rex", "born": "2024-05-01T12:00:00Z"])
        #expect(try JSON(encoding: pet, dates: .millisecondsSince1970) == ["name": "Rex", "born": 1_714_564_800_000])
    }

    @Test func itsTextIsCompactWithSortedKeys() {
        let value: JSON = ["b": [1, 2.5, true, .null], "a": "x/y"]
        #expect(value.jsonText == #"{"a":"x/y","b":[1,2.5,true,null]}"#)
        #expect(value.description == value.jsonText)
        #expect(value.parameterValues == [value.jsonText])
        #expect(JSON.string("q").parameterValues == [#""q""#])
    }

    /// A JSON body goes out as the document: members with `null` included, numbers whole where they are whole.
    @Test func aJSONBodyIsSentAsTheDocument() async throws {
        let stub = StubTransport(handler: { _ in .json(#"{"ok": true, "extra": {"kept": [1]}}"#) })
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(scheme: "https", host: "a.example"), retry: .none), transport: stub)
        let body: JSON = ["name": "Rex", "owner": .null, "age": 3]
        let answer = try await client.send(Request<JSON>(method: .patch, path: "/p", body: .json(body)))
        #expect(answer == ["ok": true, "extra": ["kept": [1]]])
        let sent = try #require(stub.requests.first?.httpBody)
        #expect(try JSONDecoder().decode(JSON.self, from: sent) == body)
        #expect(String(decoding: sent, as: UTF8.self).contains(#""age":3"#))
    }
}
