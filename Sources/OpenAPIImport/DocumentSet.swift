import Foundation
import Diagnostics
import YAML

/// The documents of one import: the one the user named and every local file its `$ref`s reach, parsed once each.
final class DocumentSet {
    private var roots: [String: YAMLNode] = [:]
    /// References resolved so far, by the file they are written in and their text: a large document refers to the
    /// same schemas thousands of times, and each JSON-pointer step scans a mapping. (Failures are not kept: each
    /// use gets its own located warning.)
    private var resolved: [String: (target: DocumentNode, key: String)] = [:]
    private let readFile: (String) throws -> String
    /// What each referenced file's root becomes once parsed: a Swagger 2.0 document's files are read in 3.0 terms.
    var translate: ((YAMLNode) -> YAMLNode)?
    private let diagnostics: ImportDiagnostics

    /// A set whose first document is already parsed; `readFile` reads the others by path.
    init(mainPath: String, root: YAMLNode, readFile: @escaping (String) throws -> String, diagnostics: ImportDiagnostics) {
        roots[mainPath] = root
        self.readFile = readFile
        self.diagnostics = diagnostics
    }

    /// What a reference points at, and a key naming the target uniquely (`file#pointer`); `nil` after a warning.
    func resolve(_ reference: String, from node: DocumentNode) -> (target: DocumentNode, key: String)? {
        let cacheKey = node.file + "\u{0}" + reference
        if let known = resolved[cacheKey] { return known }
        let result = resolveUncached(reference, from: node)
        if let result { resolved[cacheKey] = result }
        return result
    }

    private func resolveUncached(_ reference: String, from node: DocumentNode) -> (target: DocumentNode, key: String)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        let file = filePart.isEmpty ? node.file : Self.join(directoryOf: node.file, filePart)
        if filePart.contains("://") {
            diagnostics.warning("the remote reference '\(reference)' is not supported: only references within the document and to local files are", at: node.node.location)
            return nil
        }
        guard let root = document(file, referencedAt: node) else { return nil }
        var current = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let name = Self.unescape(String(token))
            if let items = current.sequence, let index = Int(name), items.indices.contains(index) {
                current = items[index]
            } else if let value = current[name] {
                current = value
            } else {
                diagnostics.warning("the reference '\(reference)' points at nothing in \(file)", at: node.node.location)
                return nil
            }
        }
        return (DocumentNode(node: current, file: file), "\(file)#\(pointer)")
    }

    /// The root of a document, parsed on first use.
    private func document(_ path: String, referencedAt node: DocumentNode) -> YAMLNode? {
        if let root = roots[path] { return root }
        let text: String
        do {
            text = try readFile(path)
        } catch {
            diagnostics.warning("cannot read the referenced file '\(path)': \(error)", at: node.node.location)
            return nil
        }
        diagnostics.register(path: path, text: text)
        do {
            let parsed = try parseDocument(text, file: path)
            let root = translate?(parsed) ?? parsed
            roots[path] = root
            return root
        } catch {
            for diagnostic in error.diagnostics {
                diagnostics.warning("the referenced file does not parse: \(diagnostic.message)", at: diagnostic.location ?? node.node.location)
            }
            return nil
        }
    }

    /// `~1` is `/` and `~0` is `~` in a JSON pointer; URI fragments may percent-encode characters.
    static func unescape(_ token: String) -> String {
        let decoded = token.removingPercentEncoding ?? token
        return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// `relative` resolved against the folder of `file`, with `.` and `..` folded, e.g. `specs/common.yaml`.
    static func join(directoryOf file: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        var components = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for component in relative.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != "..", !last.isEmpty { components.removeLast() } else { components.append("..") }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
