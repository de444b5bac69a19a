public import Diagnostics
public import YAML

extension OpenAPIImporter {
    /// The document's node tree, parsed as an import parses it (a JSON document as JSON, YAML as YAML): the parse
    /// alone, e.g. as the baseline a benchmark measures the import against.
    public static func parse(text: String, path: String) throws(DiagnosticError) -> YAMLNode {
        try parseDocument(text, file: path)
    }
}
