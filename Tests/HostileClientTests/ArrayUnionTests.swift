import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The unions of `Variants.yaml` with array alternatives (an embedding input, a chat message's content, a recursive
/// tree): each alternative decodes into its own case by the JSON's shape and element types, and encodes back unchanged.
@Suite(.timeLimit(.minutes(2))) struct ArrayUnionTests {
    @Test(arguments: [
        (#""one text""#, EmbeddingInput.string("one text")),
        (#"["a","b"]"#, .strings(["a", "b"])),
        ("[1,2,3]", .ints([1, 2, 3])),
        ("[[1,2],[3]]", .intArrays([[1, 2], [3]])),
        (#"{"text":"x"}"#, .unknown(.object(["text": .string("x")]))),
        (#"[1,"a"]"#, .unknown(.array([.number(1), .string("a")]))),
    ])
    func eachAlternativeDecodesIntoItsCaseAndEncodesBack(json: String, expected: EmbeddingInput) async throws {
        let transport = StubTransport()
        transport.enqueue(.json(json))
        let decoded = try await VariantsClient(transport: transport).embed(input: expected)
        #expect(decoded == expected)
        // The request carried the value as it is, with no wrapper: the same JSON the response held.
        let body = try #require(transport.requests.first?.httpBody)
        #expect(String(decoding: body, as: UTF8.self) == #"{"input":\#(json)}"#)
    }

    @Test func chatContentIsTextOrAnArrayOfPartsToldApartByTheirType() throws {
        let json = #"""
            ["just text",
             [{"type": "text", "text": "look"}, {"type": "image_url", "url": "https://example.com/a.png"}, {"type": "audio"}]]
            """#
        let decoded = try JSONDecoder().decode([Content].self, from: Data(json.utf8))
        let expected: [Content] = [
            .string("just text"),
            .parts([
                .textPart(TextPart(type: "text", text: "look")),
                .imagePart(ImagePart(type: "image_url", url: URL(string: "https://example.com/a.png")!)),
                .unknown(.object(["type": .string("audio")])),
            ]),
        ]
        #expect(decoded == expected)
        #expect(try JSONDecoder().decode([Content].self, from: JSONEncoder().encode(decoded)) == expected)
    }

    @Test func aUnionMayHoldArraysOfItself() async throws {
        let transport = StubTransport()
        transport.enqueue(.json("[1, [2, [3, []]]]"))
        let trees = try await VariantsClient(transport: transport).say(content: .string("hi"))
        #expect(trees == [.int(1), .trees([.int(2), .trees([.int(3), .trees([])])])])
        let encoded = try JSONEncoder().encode(trees)
        #expect(String(decoding: encoded, as: UTF8.self) == "[1,[2,[3,[]]]]")
    }
}
