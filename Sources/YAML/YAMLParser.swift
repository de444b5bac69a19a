internal import CYAML
public import Diagnostics

/// Parses YAML text into located node trees.
///
/// ```swift
/// let documents = try YAMLParser.parse(text, file: "Specs/Auth.yaml")
/// ```
public enum YAMLParser {
    /// One document, and the errors it was read past.
    public struct Document: Sendable {
        /// The root node.
        public var root: YAMLNode
        /// Errors that did not stop the parse: each duplicate key (its later pair is left out of the tree), with a
        /// note at the first.
        public var problems: [Diagnostic]
        /// The values of the pairs left out for a duplicate key, for a caller that wants to know what they mention.
        public var discarded: [YAMLNode]
    }

    /// Parses every document of a stream. A 0-document stream (an empty file, only comments) gives `[]`.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> [YAMLNode] {
        let builder = try build(text, file: file, limits: limits)
        guard builder.problems.isEmpty else { throw DiagnosticError(builder.problems) }
        return builder.documents
    }

    /// Parses every document of a stream of bytes, which need not be UTF-8 text: bytes that are not (a NUL byte,
    /// invalid UTF-8, UTF-16) are an error naming the first such byte.
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> [YAMLNode] {
        try checkSize(bytes.count, file: file, limits: limits)
        return try parse(try SourceText.decode(bytes, path: file), file: file, limits: limits)
    }

    /// Parses a stream that must hold exactly one document, reading past duplicate keys: they are returned as
    /// `problems` rather than thrown, so that a caller can go on checking the rest of the document.
    public static func parseDocumentReadingPastDuplicates(_ text: String, file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> Document {
        let builder = try build(text, file: file, limits: limits)
        return Document(root: try single(builder.documents, file: file), problems: builder.problems, discarded: builder.discarded)
    }

    private static func build(_ text: String, file: String, limits: YAMLLimits) throws(DiagnosticError) -> TreeBuilder {
        try checkSize(text.utf8.count, file: file, limits: limits)
        try SourceText.check(text, path: file)
        return try parse(Array(text.utf8), source: SourceFile(path: file, text: text), limits: limits)
    }

    /// Refuses an oversized input before any work is spent on it.
    private static func checkSize(_ count: Int, file: String, limits: YAMLLimits) throws(DiagnosticError) {
        guard count > limits.maxBytes else { return }
        let message = "the file is \(count) bytes, more than the limit of \(limits.maxBytes) bytes"
        throw DiagnosticError(Diagnostic(.error, message, at: SourceLocation(file: file, line: 1, column: 1)))
    }

    private static func parse(_ bytes: [UInt8], source: SourceFile, limits: YAMLLimits) throws(DiagnosticError) -> TreeBuilder {
        var builder = TreeBuilder(source: source, limits: limits)
        do {
            try EventReader.read(bytes, source: source) { event throws(DiagnosticError) in
                try builder.handle(event)
            }
        } catch {
            throw error
        }
        return builder
    }

    /// Parses a stream that must hold exactly one document; an empty stream is an error.
    public static func parseDocument(_ text: String, file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> YAMLNode {
        try single(try parse(text, file: file, limits: limits), file: file)
    }

    /// Parses bytes that must hold exactly one document; an empty stream is an error.
    public static func parseDocument(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> YAMLNode {
        try single(try parse(bytes, file: file, limits: limits), file: file)
    }

    private static func single(_ documents: [YAMLNode], file: String) throws(DiagnosticError) -> YAMLNode {
        switch documents.count {
        case 1:
            return documents[0]
        case 0:
            throw DiagnosticError(Diagnostic(.error, "the file holds no YAML document", at: SourceLocation(file: file, line: 1, column: 1)))
        default:
            throw DiagnosticError(Diagnostic(.error, "expected one YAML document, found \(documents.count)", at: documents[1].location))
        }
    }
}
