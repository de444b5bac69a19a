import Foundation
import Testing
import TestSupport

/// EndpointRuntime's public API (and EndpointRuntimeTesting's) stays documented: every public declaration has a `///`
/// line, and every public top-level symbol has its line in docs/Architecture.md. Read from the sources
/// (`RuntimePublicAPI`).
@Suite(.timeLimit(.minutes(2))) struct PublicAPIDocumentationTests {
    @Test func everyPublicDeclarationHasADocComment() throws {
        let declarations = try RuntimePublicAPI.declarations()
        #expect(declarations.count > 100, "the scan found \(declarations.count) public declarations: is it reading the runtime?")
        let undocumented = declarations.filter { !$0.isDocumented }
        #expect(undocumented.isEmpty, "public without a /// line:\n\(undocumented.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyPublicTopLevelSymbolIsListedInTheArchitecturePage() throws {
        let page = try String(
            contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("docs/Architecture.md"), encoding: .utf8
        )
        let names = try RuntimePublicAPI.declarations().filter(\.isTopLevel).compactMap(\.name)
        #expect(names.contains("EndpointClient") && names.contains("StubTransport"))
        let unlisted = Set(names.filter { !page.contains("`\($0)") }).sorted()
        #expect(unlisted.isEmpty, "docs/Architecture.md has no line for: \(unlisted.joined(separator: ", "))")
    }

    @Test func theHelpersForGeneratedCodeAreTheSPIOnesAndListedAsSo() throws {
        let page = try String(
            contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("docs/Architecture.md"), encoding: .utf8
        )
        let heading = "**For generated code only**"
        let section = try #require(page.components(separatedBy: heading).dropFirst().first, "docs/Architecture.md has no '\(heading)' section")
        let listed = Set(section.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("- `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line.dropFirst(3)[..<end])
        })
        let spi = Set(try RuntimePublicAPI.declarations().filter { $0.isTopLevel && $0.isGeneratedOnly }.compactMap(\.name))
        #expect(!spi.isEmpty, "no @_spi(Generated) declaration found: is the scan reading the attributes?")
        #expect(listed == spi, "listed for generated code only: \(listed.sorted()); marked @_spi(Generated): \(spi.sorted())")
    }

    @Test func theScanSeesAMissingDocComment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = """
            /// Documented.
            public struct A {
                /// Documented.
                @discardableResult public func f() -> Int { 1 }
                public var bare: Int
            }
            public extension A {}
            @_spi(Generated) public enum B {}
            """
        try Data(source.utf8).write(to: folder.appendingPathComponent("A.swift"))
        let found = try RuntimePublicAPI.declarations(in: folder)
        #expect(found.map(\.line) == [2, 4, 5, 8])
        #expect(found.filter { !$0.isDocumented }.map(\.line) == [5, 8])
        #expect(found.filter(\.isTopLevel).compactMap(\.name) == ["A", "B"])
    }
}
