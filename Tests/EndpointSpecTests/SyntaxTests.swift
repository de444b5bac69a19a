import EndpointSpec
import Testing

/// The small languages inside a spec: Swift names, types and templates.
@Suite struct SyntaxTests {
    @Test(arguments: [
        ("device_type", "deviceType"), ("deviceType", "deviceType"), ("URL", "url"), ("user-ID", "userID"),
        ("2fa", "_2fa"), ("", "_"), ("--", "_2D2D"), ("é-clair", "éClair"), ("Content-Type", "contentType"), ("class", "class"),
    ])
    func memberNames(_ name: String, _ swift: String) {
        #expect(SwiftName.member(name) == swift)
    }

    @Test(arguments: [("user-profile", "UserProfile"), ("user_profile", "UserProfile"), ("Role", "Role"), ("3d model", "_3dModel"), ("", "_")])
    func typeNames(_ name: String, _ swift: String) {
        #expect(SwiftName.type(name) == swift)
    }

    @Test func keywordsAreEscapedAndOtherNamesAreNot() {
        #expect(SwiftName.escaped("class") == "`class`")
        #expect(SwiftName.escaped("Type") == "`Type`")
        #expect(SwiftName.escaped("self") == "`self`")
        #expect(SwiftName.escaped("user") == "user")
    }

    @Test(arguments: [
        ("String", TypeRef.string), ("[Int]", .array(.int)), ("[String: [Int]]?", .optional(.dictionary(.array(.int)))),
        (" [ UUID ] ? ", .optional(.array(.uuid))), ("User", .model("User")), ("[String:Role]", .dictionary(.model("Role"))),
    ])
    func typeSyntaxParses(_ text: String, _ type: TypeRef) {
        #expect(TypeSyntax.parse(text) == .success(type))
    }

    @Test func deeplyNestedTypesAreRefusedNotOverflowed() {
        let deep = String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000)
        guard case .failure(let failure) = TypeSyntax.parse(deep) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.description == "types nest deeper than 32 levels")
    }

    @Test func typesPrintAsTheyAreWritten() {
        #expect(TypeRef.optional(.dictionary(.array(.model("User")))).description == "[String: [User]]?")
    }

    @Test func templatesSplitIntoTextAndPlaceholders() {
        #expect(Template.parse("/users/{id}/posts") == .success([.literal("/users/"), .placeholder("id"), .literal("/posts")]))
        #expect(Template.parse("/a/{") == .failure(.unbalanced))
        #expect(Template.parse("/a/}") == .failure(.unbalanced))
        #expect(Template.parse("/a/{}") == .failure(.badName("")))
    }
}
