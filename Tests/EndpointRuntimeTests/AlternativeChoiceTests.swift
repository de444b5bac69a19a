@_spi(Generated) import EndpointRuntime
import Foundation
import Testing

/// A `oneOf` whose objects no key tells apart decodes as the alternative that keeps the most of the object's members,
/// not the first that fits. The model is written as the generator writes one.
@Suite(.timeLimit(.minutes(2))) struct AlternativeChoiceTests {
    struct Cat: Codable, Hashable { var name: String? }
    struct Dog: Codable, Hashable { var name: String?; var bark: Bool? }

    enum Pet: Codable, Hashable {
        case cat(Cat)
        case dog(Dog)
        case text(String)
        case unknown(JSONValue)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            var choice = AlternativeChoice<Self>(decoder)
            if !choice.isSettled, let value = try? container.decode(Cat.self) { choice.consider(.cat(value), encoding: value) }
            if !choice.isSettled, let value = try? container.decode(Dog.self) { choice.consider(.dog(value), encoding: value) }
            if !choice.isSettled, let value = try? container.decode(String.self) { choice.consider(.text(value), encoding: value) }
            self = try choice.chosen ?? .unknown(container.decode(JSONValue.self))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .cat(let value): try container.encode(value)
            case .dog(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            case .unknown(let value): try container.encode(value)
            }
        }
    }

    func pet(_ text: String) throws -> Pet { try JSONDecoder().decode(Pet.self, from: Data(text.utf8)) }

    @Test func theAlternativeThatKeepsEveryMemberWinsOverAnEarlierOneThatFits() throws {
        #expect(try pet(#"{"name":"Rex","bark":true}"#) == .dog(Dog(name: "Rex", bark: true)))
        #expect(try pet(#"{"bark":false}"#) == .dog(Dog(name: nil, bark: false)))
    }

    @Test func whenSeveralKeepEveryMemberTheFirstInSpecOrderWins() throws {
        #expect(try pet(#"{"name":"Tom"}"#) == .cat(Cat(name: "Tom")))
        #expect(try pet("{}") == .cat(Cat(name: nil)))
    }

    @Test func aValueThatIsNoObjectTakesTheFirstAlternativeThatDecodes() throws {
        #expect(try pet(#""fluffy""#) == .text("fluffy"))
        #expect(try pet("42") == .unknown(.number(JSONNumber(42))))
    }
}
