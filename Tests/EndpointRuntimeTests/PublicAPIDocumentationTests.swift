import Foundation
import Testing
import TestSupport

/// EndpointRuntime's public API (and EndpointRuntimeTesting's) stays documented: every public declaration has a `///`
/// line, and every public top-level symbol has its line in docs/Architecture.md. Read from the sources.
@Suite(.timeLimit(.minutes(2))) struct PublicAPIDocumentationTests {
    /// One public declaration: where it is and its first line.
    struct Declaration: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        /// Whether it is a top-level declaration (not a member, not inside an extension).
        let isTopLevel: Bool
        /// Whether the line before it (attributes skipped) is a `///` comment.
        let isDocumented: Bool
        /// Whether it is marked `@_spi(Generated)`, on its line or an attribute line above it.
        var isGeneratedOnly = false

        var description: String { "\(file):\(line): \(text)" }

        /// The declared name, e.g. `EndpointClient` for `public final class EndpointClient: Sendable {`.
        var name: String? {
            let words = text.split(whereSeparator: { " (<:={".contains($0) })
            guard let kind = words.firstIndex(where: { ["struct", "enum", "class", "protocol", "actor", "typealias", "func"].contains($0) }),
                kind + 1 < words.count
            else { return nil }
            return String(words[kind + 1])
        }
    }

    static let modules = ["Sources/EndpointRuntime", "Sources/EndpointRuntimeTesting"].map {
        TestEnvironment.repositoryRoot.appendingPathComponent($0)
    }

    /// The public declarations of both modules.
    static func publicAPI() throws -> [Declaration] {
        try modules.flatMap { try declarations(in: $0) }
    }

    /// The public declarations of the Swift files in `folder` (`public extension` lines excluded: an extension has
    /// no symbol of its own; its public members are declarations and are checked).
    static func declarations(in folder: URL) throws -> [Declaration] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        var found: [Declaration] = []
        for file in files {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let code = stripAttributes(line.trimmingCharacters(in: .whitespaces))
                guard code.hasPrefix("public ") || code.hasPrefix("open "),
                    !code.hasPrefix("public import "), !code.hasPrefix("public extension ")
                else { continue }
                // Attribute-only lines (`@discardableResult` above the declaration) stand between it and its comment.
                var before = index - 1
                var attributes = line
                while before >= 0, stripAttributes(lines[before].trimmingCharacters(in: .whitespaces)).isEmpty,
                    lines[before].trimmingCharacters(in: .whitespaces).hasPrefix("@")
                {
                    attributes += lines[before]
                    before -= 1
                }
                let documented = before >= 0 && lines[before].trimmingCharacters(in: .whitespaces).hasPrefix("///")
                found.append(
                    Declaration(
                        file: file, line: index + 1, text: code, isTopLevel: !line.hasPrefix(" ") && !line.hasPrefix("\t"),
                        isDocumented: documented, isGeneratedOnly: attributes.contains("@_spi(Generated)")
                    )
                )
            }
        }
        return found
    }

    /// `line` without leading attributes such as `@discardableResult` or `@_spi(Generated)` (empty for a line of
    /// attributes only).
    static func stripAttributes(_ line: String) -> String {
        var rest = Substring(line)
        while rest.hasPrefix("@") {
            var end = rest.index(after: rest.startIndex)
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" { end = rest.index(after: end) }
            if end < rest.endIndex, rest[end] == "(", let close = rest[end...].firstIndex(of: ")") { end = rest.index(after: close) }
            rest = rest[end...].drop { $0 == " " }
        }
        return String(rest)
    }

    @Test func everyPublicDeclarationHasADocComment() throws {
        let declarations = try Self.publicAPI()
        #expect(declarations.count > 100, "the scan found \(declarations.count) public declarations: is it reading the runtime?")
        let undocumented = declarations.filter { !$0.isDocumented }
        #expect(undocumented.isEmpty, "public without a /// line:\n\(undocumented.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyPublicTopLevelSymbolIsListedInTheArchitecturePage() throws {
        let page = try String(
            contentsOf: TestEnvironment.repositoryRoot.appendingPathComponent("docs/Architecture.md"), encoding: .utf8
        )
        let names = try Self.publicAPI().filter(\.isTopLevel).compactMap(\.name)
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
        let spi = Set(try Self.publicAPI().filter { $0.isTopLevel && $0.isGeneratedOnly }.compactMap(\.name))
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
        let found = try Self.declarations(in: folder)
        #expect(found.map(\.line) == [2, 4, 5, 8])
        #expect(found.filter { !$0.isDocumented }.map(\.line) == [5, 8])
        #expect(found.filter(\.isTopLevel).compactMap(\.name) == ["A", "B"])
    }
}
