internal import CYAML
public import Diagnostics

/// Parses YAML text into located node trees.
///
/// ```swift
/// let documents = try YAMLParser.parse(text, file: "Specs/Auth.yaml")
/// ```
public enum YAMLParser {
    /// Parses every document of a stream. A 0-document stream (an empty file, only comments) gives `[]`.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> [YAMLNode] {
        try checkSize(text.utf8.count, file: file, limits: limits)
        return try parse(Array(text.utf8), source: SourceFile(path: file, text: text), limits: limits)
    }

    /// Parses every document of a stream of bytes, which need not be valid UTF-8 (invalid input is an error).
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> [YAMLNode] {
        try checkSize(bytes.count, file: file, limits: limits)
        return try parse(bytes, source: SourceFile(path: file, text: String(decoding: bytes, as: UTF8.self)), limits: limits)
    }

    /// Refuses an oversized input before any work is spent on it.
    private static func checkSize(_ count: Int, file: String, limits: YAMLLimits) throws(DiagnosticError) {
        guard count > limits.maxBytes else { return }
        let message = "the file is \(count) bytes, more than the limit of \(limits.maxBytes) bytes"
        throw DiagnosticError(Diagnostic(.error, message, at: SourceLocation(file: file, line: 1, column: 1)))
    }

    private static func parse(_ bytes: [UInt8], source: SourceFile, limits: YAMLLimits) throws(DiagnosticError) -> [YAMLNode] {
        var builder = TreeBuilder(source: source, limits: limits)
        do {
            try EventReader.read(bytes, source: source) { event throws(DiagnosticError) in
                try builder.handle(event)
            }
        } catch {
            throw error
        }
        return builder.documents
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
