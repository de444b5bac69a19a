import EndpointSpec
import Testing

/// Type and model rules: each rule's whole message and location.
@Suite struct ModelRuleTests {
    func problems(models: String, response: String = "User") -> [String] {
        SpecTesting.problems(SpecTesting.spec(endpoints: "  a: { GET: /a, response: \"\(response)\" }\n", extra: "models:\n" + models))
    }

    @Test func unknownTypeSuggestsADeclaredModel() {
        #expect(problems(models: "  User: { id: Int }\n", response: "[Usr]") == [
            "Specs/Test.yaml:5:29: error: unknown type 'Usr' in the response of endpoint 'a'; did you mean 'User'?",
        ])
    }

    @Test func unknownTypeSuggestsABuiltIn() {
        #expect(problems(models: "  User: { id: int }\n") == [
            "Specs/Test.yaml:7:15: error: unknown type 'int' in property 'id' of model 'User'; did you mean 'Int'?",
        ])
    }

    @Test(arguments: [
        ("[String", "expected ']'"), ("[Int: String]", "dictionary keys must be String"), ("String??", "'?' may appear only once"),
        ("[]", "unexpected ']'"), ("Str ing", "unexpected 'i'"), ("2fa", "a type name cannot start with a digit"),
    ])
    func malformedTypeSyntax(_ type: String, _ problem: String) {
        #expect(problems(models: "  User: { id: \"\(type)\" }\n") == [
            "Specs/Test.yaml:7:15: error: malformed type '\(type)' in property 'id' of model 'User': \(problem)",
        ])
    }

    /// `sameAs` makes a model another name for another (a typealias): it takes that model's kind, through chains, and
    /// counts as a use of it.
    @Test func aSameAsModelHasTheKindOfTheModelItNames() throws {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a, response: \"[Copy]\" }\n", extra: """
            models:
              User: { id: Int, role: Role }
              Role: { enum: [admin, guest] }
              Member: { sameAs: User, description: A user of a team. }
              Copy: { sameAs: Member }
            """)
        let loaded = try SpecTesting.load(text)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings.map(\.headline))")
        let models = Dictionary(uniqueKeysWithValues: loaded.spec.models.map { ($0.name, $0) })
        #expect(models["Member"]?.sameAs == "User" && models["Copy"]?.sameAs == "Member")
        #expect(models["Copy"]?.kind == models["User"]?.kind)
        #expect(models["Member"]?.description == "A user of a team.")
    }

    @Test func aSameAsThatNamesNoModelOrComesBackIsAnError() {
        #expect(problems(models: "  User: { sameAs: Usr }\n  Usr2: { id: Int }\n", response: "Usr2") == [
            "Specs/Test.yaml:7:19: error: model 'User' is the same as 'Usr', which is no model; did you mean 'Usr2'?",
        ])
        #expect(problems(models: "  User: { sameAs: Other }\n  Other: { sameAs: User }\n") == [
            "Specs/Test.yaml:7:19: error: the 'sameAs' of model 'User' comes back to it: User -> Other -> User",
            "Specs/Test.yaml:8:20: error: the 'sameAs' of model 'Other' comes back to it: Other -> User -> Other",
        ])
        #expect(problems(models: "  User: { sameAs: User, id: Int }\n") == [
            "Specs/Test.yaml:7:19: error: the 'sameAs' of model 'User' comes back to it: User -> User",
            "Specs/Test.yaml:7:25: error: unknown key 'id' in model 'User'; expected one of: sameAs, description",
        ])
    }

    @Test func enumWithoutCases() {
        #expect(problems(models: "  User: { role: Role }\n  Role: { enum: [] }\n") == ["Specs/Test.yaml:8:17: error: enum 'Role' has no cases"])
    }

    @Test func enumWithAnEmptyCase() {
        #expect(problems(models: "  User: { role: Role }\n  Role: { enum: [a, \"\"] }\n") == ["Specs/Test.yaml:8:21: error: enum 'Role' has an empty case"])
    }

    @Test func enumWithADuplicateCase() {
        #expect(problems(models: "  User: { role: Role }\n  Role:\n    enum:\n      - a\n      - b\n      - a\n") == [
            "Specs/Test.yaml:12:9: error: enum 'Role' lists case 'a' twice",
        ])
    }

    @Test func enumCasesThatBecomeTheSameSwiftName() {
        #expect(problems(models: "  User: { state: State }\n  State: { enum: [in-progress, in_progress] }\n") == [
            "Specs/Test.yaml:8:32: error: enum 'State' cases 'in-progress' and 'in_progress' both become the Swift name 'inProgress'",
        ])
    }

    @Test func modelsThatBecomeTheSameSwiftName() {
        #expect(problems(models: "  User: { p: user_profile, q: UserProfile }\n  user_profile: { a: Int }\n  UserProfile: { b: Int }\n") == [
            "Specs/Test.yaml:9:3: error: models 'user_profile' and 'UserProfile' both become the Swift name 'UserProfile'",
        ])
    }

    @Test func propertiesThatBecomeTheSameSwiftName() {
        #expect(problems(models: "  User: { first_name: String, firstName: String }\n") == [
            "Specs/Test.yaml:7:31: error: properties 'first_name' and 'firstName' of model 'User' both become the Swift name 'firstName'",
        ])
    }

    @Test func reservedAndBuiltInModelNames() {
        #expect(problems(models: "  User: { a: Int }\n  Empty: { a: Int }\n  String: { a: Int }\n") == [
            "Specs/Test.yaml:8:3: error: 'Empty' is reserved for responses without a body; give the model another name",
            "Specs/Test.yaml:9:3: error: model 'String' has the name of a built-in type",
        ])
    }

    @Test func defaultThatIsNotAnEnumCase() {
        #expect(problems(models: "  User: { role: { type: Role, default: boss } }\n  Role: { enum: [admin, member] }\n") == [
            "Specs/Test.yaml:7:40: error: the default 'boss' of property 'role' of model 'User' is not a case of enum 'Role'",
        ])
    }

    @Test func defaultThatDoesNotFitItsType() {
        #expect(problems(models: "  User: { age: { type: Int, default: old } }\n") == [
            "Specs/Test.yaml:7:38: error: the default of property 'age' of model 'User' does not fit its type 'Int'",
        ])
    }

    @Test func longFormModelsCarryDescriptions() throws {
        let text = SpecTesting.spec(
            endpoints: "  a: { GET: /a, response: \"[String: Page]\" }\n",
            extra: "models:\n  Page:\n    description: One page.\n    properties:\n      items: { type: \"[Int]\", key: results, description: The items. }\n"
        )
        let model = try #require(try SpecTesting.load(text).spec.models.first)
        #expect(model.description == "One page.")
        guard case .object(let properties) = model.kind else { Issue.record("expected an object"); return }
        #expect(properties.map(\.wireName) == ["results"])
        #expect(properties.map(\.type) == [.array(.int)])
        #expect(properties.map(\.description) == ["The items."])
    }

    /// `type: Int` (or `Int32`, `Int64`, `Double`) makes an enum of numbers: each case must be one, a default is one, and
    /// `10` and `10.0` are one `Double` case.
    @Test func aNumberEnumTakesCasesAndDefaultsOfItsType() throws {
        let text = SpecTesting.spec(endpoints: "  a: { GET: /a, response: User }\n", extra: """
            models:
              User: { level: { type: Level, default: 10 }, weight: { type: "Weight?", default: 0.5 } }
              Level: { type: Int, enum: [0, 10, 20] }
              Weight: { type: Double, enum: { 0.5: Half., 1.25: null } }
            """)
        let models = try SpecTesting.load(text).spec.models
        let level = try #require(models.first { $0.name == "Level" })
        #expect(level.kind == .enumeration(level.cases, rawType: .int))
        #expect(level.cases.map(\.value) == ["0", "10", "20"])
        let weight = try #require(models.first { $0.name == "Weight" })
        #expect(weight.kind == .enumeration(weight.cases, rawType: .double))
        #expect(weight.cases.map(\.description) == ["Half.", nil])
        #expect(problems(models: "  User: { level: { type: Level, default: 30 } }\n  Level: { type: Int, enum: [0, 10] }\n") == [
            "Specs/Test.yaml:7:42: error: the default '30' of property 'level' of model 'User' is not a case of enum 'Level'",
        ])
        #expect(problems(models: "  User: { level: Level }\n  Level: { type: Int, enum: [0, high, 2.5] }\n") == [
            "Specs/Test.yaml:8:33: error: the case 'high' of enum 'Level' is not a value of its type 'Int'",
            "Specs/Test.yaml:8:39: error: the case '2.5' of enum 'Level' is not a value of its type 'Int'",
        ])
        #expect(problems(models: "  User: { weight: Weight }\n  Weight: { type: Double, enum: [10, 10.0] }\n") == [
            "Specs/Test.yaml:8:38: error: enum 'Weight' lists case '10.0' twice",
        ])
        #expect(problems(models: "  User: { on: Flag }\n  Flag: { type: Bool, enum: [true] }\n") == [
            "Specs/Test.yaml:8:17: error: enum 'Flag' cannot be of type 'Bool'; an enum's type is one of 'String', 'Int', 'Int32', 'Int64', 'Double'",
        ])
    }
}

private extension Model {
    var cases: [EnumCase] {
        if case .enumeration(let cases, _) = kind { return cases }
        return []
    }
}
