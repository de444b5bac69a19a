import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `oneOf` models generated from `Variants.yaml` (compiled as part of this target) decode every
/// alternative, fall back to `unknown`, and encode what they decoded.
@Suite(.timeLimit(.minutes(2))) struct VariantsTests {
    @Test func theDiscriminatorPicksTheMappedAlternative() async throws {
        let transport = StubTransport()
        transport.enqueue(.json(#"""
            [{"petType": "cat", "name": "Tom"},
             {"petType": "kitten", "name": "Kit", "lives": 3},
             {"petType": "say \"meow\" \\(x)", "name": "Quote"},
             {"petType": "Dog", "name": "Rex", "goodBoy": true},
             {"petType": "parrot", "name": "Polly"},
             {"name": "Nobody"}]
            """#))
        let pets = try await VariantsClient(transport: transport).pets()
        #expect(pets == [
            .cat(Cat(petType: "cat", name: "Tom")),  // lives: the spec's default
            .cat(Cat(petType: "kitten", name: "Kit", lives: 3)),
            .cat(Cat(petType: #"say "meow" \(x)"#, name: "Quote")),
            .dog(Dog(petType: "Dog", name: "Rex", goodBoy: true)),
            .unknown(.object(["petType": .string("parrot"), "name": .string("Polly")])),
            .unknown(.object(["name": .string("Nobody")])),
        ])
    }

    @Test func aNamedAlternativeThatDoesNotDecodeIsAnError() async {
        let transport = StubTransport()
        transport.enqueue(.json(#"[{"petType": "Dog", "name": "Rex"}]"#))
        await #expect(throws: EndpointError.self) { try await VariantsClient(transport: transport).pets() }
    }

    @Test(arguments: [
        (#"{"radius": 1.5}"#, Shape.circle(Circle(radius: 1.5))),
        (#"{"side": 2}"#, .square(Square(side: 2))),
        (#"{"note": "n"}"#, .unknownCase(Unknown(note: "n"))),
        (#"{"label": "l"}"#, .default(Default(label: "l"))),
        (#""1970-01-01T00:01:40Z""#, .date(Date(timeIntervalSince1970: 100))),  // the client's date coding applies
        (#""round""#, .string("round")),
        ("[1, null]", .unknown(.array([.number(1), .null]))),
    ])
    func withoutADiscriminatorTheAlternativeThatKeepsTheValueWins(json: String, expected: Shape) async throws {
        let transport = StubTransport()
        transport.enqueue(.json(json))
        #expect(try await VariantsClient(transport: transport).draw(shape: .string("x")) == expected)
    }

    @Test(arguments: [
        (Shape.circle(Circle(radius: 1.5)), #"{"radius":1.5}"#),
        (.date(Date(timeIntervalSince1970: 100)), #""1970-01-01T00:01:40Z""#),
        (.unknown(.object(["a": .bool(true)])), #"{"a":true}"#),
    ])
    func theBodyHoldsTheAlternativesValue(shape: Shape, json: String) async throws {
        let transport = StubTransport()
        transport.enqueue(.json(#""ok""#))
        _ = try await VariantsClient(transport: transport).draw(shape: shape)
        let body = try #require(transport.requests.first?.httpBody)
        #expect(String(decoding: body, as: UTF8.self) == #"{"shape":\#(json)}"#)
    }

    @Test func everyPetEncodesAndDecodesBackEqual() throws {
        let pets: [Pet] = [
            .cat(Cat(petType: "kitten", name: "Kit", lives: 3)), .dog(Dog(petType: "Dog", name: "Rex", goodBoy: false)),
            .unknown(.object(["petType": .string("parrot")])),
        ]
        let decoded = try JSONDecoder().decode([Pet].self, from: try JSONEncoder().encode(pets))
        #expect(decoded == pets)
    }
}
