import Foundation

/// The public declarations of EndpointRuntime and EndpointRuntimeTesting, read from their sources line by line: what
/// the documentation tests hold to the docs and the generator's reserved names hold to the runtime.
public enum RuntimePublicAPI {
    /// One public declaration: where it is and its first line.
    public struct Declaration: CustomStringConvertible, Sendable {
        public let file: String
        public let line: Int
        public let text: String
        /// Whether it is a top-level declaration (not a member, not inside an extension).
        public let isTopLevel: Bool
        /// Whether the line before it (attributes skipped) is a `///` comment.
        public let isDocumented: Bool
        /// Whether it is marked `@_spi(Generated)`, on its line or an attribute line above it.
        public var isGeneratedOnly = false

        public var description: String { "\(file):\(line): \(text)" }

        /// The declared name, e.g. `EndpointClient` for `public final class EndpointClient: Sendable {`.
        public var name: String? {
            let words = text.split(whereSeparator: { " (<:={".contains($0) })
            guard let kind = words.firstIndex(where: { ["struct", "enum", "class", "protocol", "actor", "typealias", "func"].contains($0) }),
                kind + 1 < words.count
            else { return nil }
            return String(words[kind + 1])
        }

        /// Whether it declares a type (a struct, enum, class, protocol, actor or type alias), not a function.
        public var declaresType: Bool {
            text.split(whereSeparator: { " (<:={".contains($0) }).contains { ["struct", "enum", "class", "protocol", "actor", "typealias"].contains($0) }
        }
    }

    static let modules = ["Sources/EndpointRuntime", "Sources/EndpointRuntimeTesting"].map {
        TestEnvironment.repositoryRoot.appendingPathComponent($0)
    }

    /// The public declarations of both modules.
    public static func declarations() throws -> [Declaration] {
        try modules.flatMap { try declarations(in: $0) }
    }

    /// The public declarations of the Swift files in `folder` (`public extension` lines excluded: an extension has
    /// no symbol of its own; its public members are declarations and are checked).
    public static func declarations(in folder: URL) throws -> [Declaration] {
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
    private static func stripAttributes(_ line: String) -> String {
        var rest = Substring(line)
        while rest.hasPrefix("@") {
            var end = rest.index(after: rest.startIndex)
            while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" { end = rest.index(after: end) }
            if end < rest.endIndex, rest[end] == "(", let close = rest[end...].firstIndex(of: ")") { end = rest.index(after: close) }
            rest = rest[end...].drop { $0 == " " }
        }
        return String(rest)
    }
}
