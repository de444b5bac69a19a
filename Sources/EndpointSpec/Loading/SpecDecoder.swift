import Diagnostics
import YAML

/// Walks a spec's YAML nodes into the `Spec` model, reporting every problem at its exact location.
///
/// Resolution happens on the way: types to declared models, path placeholders to parameters, endpoint
/// settings to their effective values. Cross-cutting checks that need the whole spec live in `SpecChecks`.
struct SpecDecoder {
    /// Where problems go.
    let sink: DiagnosticSink
    /// Every model name declared in the spec and its includes.
    let modelNames: Set<String>
    /// Parsed type syntax by text: a large spec repeats a few types many times.
    let typeCache = TypeCache()
    /// The spec's `version`, which templates may use as `{version}`.
    var version: String?
    /// The run-time variables the spec declares, by name.
    var variableNames: Set<String> = []

    init(sink: DiagnosticSink, modelNames: Set<String>) {
        self.sink = sink
        self.modelNames = modelNames
    }

    /// A type as written, e.g. `[User]?`; reports malformed syntax and unknown names.
    func type(_ node: YAMLNode, _ context: String) -> TypeRef? {
        guard let text = string(node, "the type of \(context)") else { return nil }
        switch typeCache.parse(text) {
        case .failure(let failure):
            sink.error("malformed type '\(text)' in \(context): \(failure)", at: node.location)
            return nil
        case .success(let type):
            let unknown = type.modelNames.filter { !modelNames.contains($0) }
            for name in unknown {
                let hint = Suggestion.hint(for: name, in: modelNames.sorted() + TypeRef.builtins.keys.sorted())
                sink.error("unknown type '\(name)' in \(context)\(hint)", at: node.location)
            }
            return unknown.isEmpty ? type : nil
        }
    }

    /// A positive duration such as `10s`; reports anything else.
    func duration(_ node: YAMLNode, _ context: String) -> Duration? {
        guard let text = string(node, context) else { return nil }
        if let duration = DurationSyntax.duration(text) { return duration }
        sink.error("\(context) '\(text)' is not a duration; write a positive number and a unit (ms, s, min, h), e.g. 10s", at: node.location)
        return nil
    }

    /// A scalar's text, or `nil` when absent.
    func optionalString(_ node: YAMLNode?, _ context: String) -> String? {
        node.flatMap { string($0, context) }
    }
}
