import EndpointSpec
import Testing

/// `oneOf` models: what loads, and each rule's whole message and location.
@Suite struct OneOfRuleTests {
    static let animals = "  Cat: { name: String }\n  Dog: { name: String }\n"

    func load(models: String) throws -> Model? {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a, response: Pet }\n", extra: "models:\n" + models)
        return try SpecTesting.load(text).spec.models.first { $0.name == "Pet" }
    }

    func problems(models: String) -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: "  a: { GET: /a, response: Pet }\n", extra: "models:\n" + models))
    }

    @Test func alternativesDiscriminatorAndMappingLoad() throws {
        let pet = try load(models: "  Pet:\n    description: A pet.\n    oneOf: [Cat, Dog]\n    discriminator: kind\n    mapping: { cat: Cat, kitten: Cat }\n" + Self.animals)
        guard case .oneOf(let oneOf)? = pet?.kind else {
            Issue.record("Pet is no oneOf: \(String(describing: pet))")
            return
        }
        #expect(pet?.description == "A pet.")
        #expect(oneOf.alternatives.map(\.type) == [.model("Cat"), .model("Dog")])
        #expect(oneOf.alternatives.map(\.location.line) == [9, 9])
        #expect(oneOf.discriminator == "kind")
        #expect(oneOf.alternatives.map(oneOf.discriminatorValues) == [["cat", "kitten"], ["Dog"]])
    }

    @Test func alternativesWithoutADiscriminatorMayBeBuiltIn() throws {
        let pet = try load(models: "  Pet: { oneOf: [Int, Cat] }\n  Cat: { name: String }\n")
        #expect(pet?.kind == .oneOf(OneOf(
            alternatives: [
                .init(type: .int, location: .init(file: "Specs/Test.yaml", line: 7, column: 18)),
                .init(type: .model("Cat"), location: .init(file: "Specs/Test.yaml", line: 7, column: 23)),
            ],
            discriminator: nil, mapping: []
        )))
    }

    @Test func anAlternativesModelCountsAsUsed() throws {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a, response: Pet }\n", extra: "models:\n  Pet: { oneOf: [Cat, Dog] }\n" + Self.animals)
        #expect(try SpecTesting.warnings(text) == [])
    }

    @Test func anUnknownAlternativeSuggestsAModel() {
        #expect(problems(models: "  Pet: { oneOf: [Cta, Dog] }\n" + Self.animals) == [
            "Specs/Test.yaml:7:18: error: unknown type 'Cta' in an alternative of model 'Pet'; did you mean 'Cat'?",
        ])
    }

    @Test func noAlternatives() {
        #expect(problems(models: "  Pet: { oneOf: [] }\n") == ["Specs/Test.yaml:7:17: error: model 'Pet' has no alternatives in 'oneOf'"])
    }

    @Test func aRepeatedAlternative() {
        #expect(problems(models: "  Pet:\n    oneOf:\n      - Cat\n      - Dog\n      - Cat\n" + Self.animals) == [
            "Specs/Test.yaml:11:9: error: model 'Pet' lists alternative 'Cat' twice",
        ])
    }

    @Test func aDictionaryAlternative() {
        #expect(problems(models: "  Pet: { oneOf: [\"[String: Cat]\", Dog] }\n" + Self.animals) == [
            "Specs/Test.yaml:7:18: error: alternative '[String: Cat]' of model 'Pet' must be a model, a built-in type or an array of them; declare a model for it",
        ])
    }

    @Test func anArrayOfOptionalsAlternative() {
        #expect(problems(models: "  Pet: { oneOf: [\"[Cat?]\", Dog] }\n" + Self.animals) == [
            "Specs/Test.yaml:7:18: error: alternative '[Cat?]' of model 'Pet' must be a model, a built-in type or an array of them; declare a model for it",
        ])
    }

    @Test func arrayAlternativesLoad() throws {
        let pet = try load(models: "  Pet: { oneOf: [String, \"[String]\", \"[[Int]]\", \"[Cat]\", \"[Pet]\", Dog] }\n" + Self.animals)
        guard case .oneOf(let oneOf)? = pet?.kind else {
            Issue.record("Pet is no oneOf: \(String(describing: pet))")
            return
        }
        #expect(oneOf.alternatives.map(\.type) == [.string, .array(.string), .array(.array(.int)), .array(.model("Cat")), .array(.model("Pet")), .model("Dog")])
    }

    @Test func arrayAlternativesAreNamedAfterTheirElementsInThePlural() {
        func caseName(_ type: TypeRef) -> String { OneOf.Alternative(type: type, location: .init(file: "t", line: 1, column: 1)).caseName }
        #expect(caseName(.string) == "string")
        #expect(caseName(.array(.string)) == "strings")
        #expect(caseName(.array(.int)) == "ints")
        #expect(caseName(.array(.array(.int))) == "intArrays")
        #expect(caseName(.array(.model("ImageBox"))) == "imageBoxes")
        #expect(caseName(.array(.model("Category"))) == "categories")
        #expect(caseName(.array(.model("Day"))) == "days")
    }

    @Test func arrayAlternativesThatBecomeTheSameCaseName() {
        #expect(problems(models: "  Pet: { oneOf: [\"[Cat]\", Cats] }\n  Cat: { name: String }\n  Cats: { name: String }\n") == [
            "Specs/Test.yaml:7:27: error: alternatives '[Cat]' and 'Cats' of model 'Pet' both become the Swift name 'cats'",
        ])
    }

    @Test func theModelItself() {
        #expect(problems(models: "  Pet: { oneOf: [Pet, Dog] }\n" + Self.animals) == [
            "Specs/Test.yaml:7:18: error: model 'Pet' lists itself as an alternative",
            "Specs/Test.yaml:8:3: warning: model 'Cat' is never used",
        ])
    }

    @Test func alternativesThatBecomeTheSameCaseName() {
        #expect(problems(models: "  Pet: { oneOf: [Cat, cat] }\n  Cat: { name: String }\n  cat: { name: String }\n") == [
            "Specs/Test.yaml:7:23: error: alternatives 'Cat' and 'cat' of model 'Pet' both become the Swift name 'cat'",
            "Specs/Test.yaml:9:3: error: models 'Cat' and 'cat' both become the Swift name 'Cat'",
        ])
    }

    @Test func aMappingWithoutDiscriminator() {
        #expect(problems(models: "  Pet: { oneOf: [Cat, Dog], mapping: { cat: Cat } }\n" + Self.animals) == [
            "Specs/Test.yaml:7:29: error: model 'Pet' has a 'mapping' but no 'discriminator' to read the value from",
        ])
    }

    @Test func aMappingToAModelNotListed() {
        #expect(problems(models: "  Pet: { oneOf: [Cat, Dog], discriminator: kind, mapping: { cow: Cow, cat: Cta } }\n" + Self.animals + "  Cow: { name: String }\n") == [
            "Specs/Test.yaml:7:66: error: discriminator value 'cow' of model 'Pet' maps to 'Cow', which is not one of its alternatives",
            "Specs/Test.yaml:7:76: error: discriminator value 'cat' of model 'Pet' maps to 'Cta', which is not one of its alternatives; did you mean 'Cat'?",
        ])
    }

    @Test func aValueThatSelectsTwoAlternatives() {
        #expect(problems(models: "  Pet: { oneOf: [Cat, Dog], discriminator: kind, mapping: { Dog: Cat } }\n" + Self.animals) == [
            "Specs/Test.yaml:7:23: error: discriminator value 'Dog' of model 'Pet' selects both 'Cat' and 'Dog'",
        ])
    }

    @Test func aDiscriminatorNeedsObjectAlternatives() {
        #expect(problems(models: "  Pet: { oneOf: [Cat, String, Role], discriminator: kind }\n  Cat: { name: String }\n  Role: { enum: [a] }\n") == [
            "Specs/Test.yaml:7:23: error: alternative 'String' of model 'Pet' is not an object model, so it cannot have the discriminator 'kind'",
            "Specs/Test.yaml:7:31: error: alternative 'Role' of model 'Pet' is not an object model, so it cannot have the discriminator 'kind'",
        ])
    }

    @Test func anUnknownKeySuggestsTheRightOne() {
        #expect(problems(models: "  Pet: { oneOf: [Cat, Dog], discriminater: kind }\n" + Self.animals) == [
            "Specs/Test.yaml:7:29: error: unknown key 'discriminater' in model 'Pet'; did you mean 'discriminator'?",
        ])
    }
}
