import Diagnostics
import EndpointSpec
import OpenAPIImport
import Testing

/// A member two documents of one API type differently gets, in the merged client, the type that holds the values of
/// both (an older Kubernetes types `imagePullPolicy` as a string, a newer one as an enumeration), with a located
/// warning; types neither of which holds the other's values stay an error.
struct MergeWideningTests {
    /// Documents a.yaml and b.yaml whose `Meta` has the member `member` typed as written, both with `schemas`.
    static func merge(_ first: String, _ second: String, schemas: String = "") throws -> (spec: Spec, diagnostics: [Diagnostic]) {
        func meta(_ member: String) -> String {
            """
                Meta:
                  type: object
                  required: [member]
                  properties:
                    member: \(member)
            \(schemas)
            """
        }
        let a = try MergeSpecsTests.document("a.yaml", paths: MergeSpecsTests.paths("listA", "/a"), schemas: meta(first))
        let b = try MergeSpecsTests.document("b.yaml", paths: MergeSpecsTests.paths("listB", "/b"), schemas: meta(second))
        return mergeSpecs([a, b])
    }

    static func member(_ spec: Spec) -> Property? {
        guard case .object(let members)? = spec.model(named: "Meta")?.kind else { return nil }
        return members.first { $0.name == "member" }
    }

    static let schemas = """
        Policy: { type: string, enum: [Always, Never] }
        IntOrString: { oneOf: [{ type: integer }, { type: string }] }
        Local: { type: object, required: [name], properties: { name: { type: string } } }
        Wide: { type: object, required: [name], properties: { name: { type: string }, namespace: { type: string } } }
        Required: { type: object, required: [name, namespace], properties: { name: { type: string }, namespace: { type: string } } }
        Other: { type: object, required: [id], properties: { id: { type: integer } } }
    """

    @Test(arguments: [
        ("{ type: string }", "{ $ref: '#/components/schemas/Policy' }", "Policy"),
        ("{ $ref: '#/components/schemas/Policy' }", "{ type: string }", "Policy"),
        ("{ type: string }", "{ $ref: '#/components/schemas/IntOrString' }", "IntOrString"),
        ("{ $ref: '#/components/schemas/Local' }", "{ $ref: '#/components/schemas/Wide' }", "Wide"),
        ("{ type: object, additionalProperties: { type: string } }",
         "{ type: object, additionalProperties: { $ref: '#/components/schemas/IntOrString' } }", "[String: IntOrString]"),
    ])
    func aMemberTypedApartGetsTheTypeHoldingBothWithAWarning(first: String, second: String, wider: String) throws {
        let (merged, diagnostics) = try Self.merge(first, second, schemas: Self.schemas)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        #expect(Self.member(merged)?.type.description == wider)
        let warning = try #require(diagnostics.first { $0.message.hasPrefix("member 'member' of model 'Meta' is") })
        #expect(warning.severity == .warning)
        #expect(warning.message.hasSuffix("it is \(wider) in the merged client, which holds the values of both documents"))
        #expect(warning.headline.hasPrefix("b.yaml:"))
        #expect(warning.notes.first?.headline.hasPrefix("a.yaml:") == true)
    }

    @Test(arguments: [
        ("{ type: string }", "{ type: integer }"),
        // Other has a member Local lacks, and a required one: a Local value is no Other.
        ("{ $ref: '#/components/schemas/Local' }", "{ $ref: '#/components/schemas/Other' }"),
        // Required has every member of Local, but also one a Local value lacks.
        ("{ $ref: '#/components/schemas/Local' }", "{ $ref: '#/components/schemas/Required' }"),
        // One type, two defaults: a missing key cannot be both.
        ("{ type: string, default: a }", "{ type: string, default: b }"),
        // An enumeration holds any string, but not a number.
        ("{ type: integer }", "{ $ref: '#/components/schemas/Policy' }"),
    ])
    func typesNeitherOfWhichHoldsTheOthersValuesStayAnError(first: String, second: String) throws {
        let (_, diagnostics) = try Self.merge(first, second, schemas: Self.schemas)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.message.hasPrefix("model 'Meta' of b.yaml differs from the one of a.yaml (member 'member' differs"))
    }

    @Test func aDefaultWrittenForTheNarrowerTypeMakesTheMemberOptional() throws {
        let (merged, diagnostics) = try Self.merge("{ type: string, default: '' }", "{ $ref: '#/components/schemas/Policy' }", schemas: Self.schemas)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        let member = try #require(Self.member(merged))
        #expect(member.type == .optional(.model("Policy")))
        #expect(member.defaultValue == nil)
        let warning = try #require(diagnostics.first { $0.message.contains("has a default") })
        #expect(warning.message == "member 'member' of model 'Meta' has a default in a.yaml for its type there, String; it is optional in the merged client, a missing key nil")
        #expect(warning.headline.hasPrefix("a.yaml:"))
    }

    @Test func aDefaultOfTheKeptTypeIsKept() throws {
        let (merged, diagnostics) = try Self.merge("{ type: string, default: x }", "{ type: string }")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(Self.member(merged)?.type == .string)
        #expect(Self.member(merged)?.defaultValue != nil)
    }
}
