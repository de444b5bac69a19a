import Testing

@testable import EndpointSpec

/// Where an `include` points: relative to the including file's folder, `.` and `..` folded, worked out on bytes.
@Suite struct IncludePathTests {
    @Test(arguments: [
        ("A.yaml", "Specs/Main.yaml", "Specs/A.yaml"),
        ("sub/B.yaml", "Specs/Main.yaml", "Specs/sub/B.yaml"),
        ("../A.yaml", "Specs/sub/B.yaml", "Specs/A.yaml"),
        ("./x/./y.yaml", "Specs/Main.yaml", "Specs/x/y.yaml"),
        ("../../../up.yaml", "Specs/Main.yaml", "../../up.yaml"),
        ("/etc/models.yaml", "Specs/Main.yaml", "/etc/models.yaml"),
        ("/../x.yaml", "Specs/Main.yaml", "/../x.yaml"),
        ("a//b.yaml", "Main.yaml", "a//b.yaml"),
        ("modèles/ünïcode.yaml", "Spécs/Main.yaml", "Spécs/modèles/ünïcode.yaml"),
        ("../Ωmega.yaml", "Spécs/sub/B.yaml", "Spécs/Ωmega.yaml"),
    ])
    func resolvesRelativeToTheIncludingFile(name: String, from path: String, expected: String) {
        #expect(IncludeResolver.resolve(name, from: path) == expected)
    }

    /// A slash followed by a combining mark is one `Character` but still a separator to the file system.
    @Test func separatorsAreBytesNotCharacters() {
        #expect(IncludeResolver.resolve("x/\u{301}y.yaml", from: "Specs/Main.yaml") == "Specs/x/\u{301}y.yaml")
        #expect(IncludeResolver.resolve("../\u{301}.yaml", from: "Specs/sub/B.yaml") == "Specs/\u{301}.yaml")
    }
}
