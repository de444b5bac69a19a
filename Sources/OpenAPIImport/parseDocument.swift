import Diagnostics
import YAML

/// The root of an OpenAPI document's text: JSON read as JSON, YAML as YAML, both located.
///
/// A file named `*.json` is JSON. Another file whose text starts with `{` or `[` is tried as JSON first (libyaml
/// refuses valid JSON such as a surrogate pair `"\ud83d\udc4d"`), then as YAML when it is not JSON (a YAML flow
/// mapping like `{openapi: 3.0.3, ...}` is not), whose errors are then the ones reported.
func parseDocument(_ text: String, file: String) throws(DiagnosticError) -> YAMLNode {
    if file.lowercased().hasSuffix(".json") { return try JSONDocumentParser.parse(text, file: file) }
    if JSONDocumentParser.looksLikeJSON(text), let root = try? JSONDocumentParser.parse(text, file: file) { return root }
    return try YAMLParser.parseDocument(text, file: file)
}
