@_spi(Generated) import EndpointRuntime
import Foundation
import Testing

/// `JSONValue` keeps any JSON as it came, and `Discriminator` reads the key a `oneOf` model switches on.
@Suite(.timeLimit(.minutes(2))) struct JSONValueTests {
    private func decode(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    @Test func everyKindDecodes() throws {
        let value = try decode(#"{"n": null, "b": true, "i": 1, "d": 2.5, "s": "x", "a": [false, "1"], "o": {}}"#)
        #expect(value == .object([
            "n": .null, "b": .bool(true), "i": .number(1), "d": .number(2.5), "s": .string("x"),
            "a": .array([.bool(false), .string("1")]), "o": .object([:]),
        ]))
    }

    @Test func scalarsAtTheTopDecode() throws {
        #expect(try decode("null") == .null)
        #expect(try decode("false") == .bool(false))
        #expect(try decode("0") == .number(0))  // a number is no Bool, and 0 no false
        #expect(try decode(#""true""#) == .string("true"))
    }

    @Test func encodingGivesTheSameJSONBack() throws {
        let json = #"{"a":[1,2.5,null,true,"x"],"b":{"c":{}}}"#
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(try decode(json))
        #expect(String(decoding: encoded, as: UTF8.self) == json)
    }

    @Test func theDiscriminatorIsReadFromAnObjectOnly() throws {
        #expect(try JSONDecoder().decode(Tag.self, from: Data(#"{"kind": "cat", "x": 1}"#.utf8)).value == "cat")
        #expect(try JSONDecoder().decode(Tag.self, from: Data(#"{"x": 1}"#.utf8)).value == nil)
        #expect(try JSONDecoder().decode(Tag.self, from: Data(#"{"kind": 1}"#.utf8)).value == nil)
        #expect(try JSONDecoder().decode(Tag.self, from: Data(#"["kind"]"#.utf8)).value == nil)
    }

    /// What `Discriminator` reads at the key `kind`.
    private struct Tag: Decodable {
        var value: String?
        init(from decoder: any Decoder) throws {
            value = Discriminator.value(forKey: "kind", in: decoder)
        }
    }
}
