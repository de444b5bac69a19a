import Diagnostics
import YAML

/// The checks of `SpecLimits` that need the parsed files: counts, checked before anything is decoded, and names.
struct LimitChecks {
    let limits: SpecLimits
    let sink: DiagnosticSink

    /// Reports too many endpoints or models at the first one over the limit; false when the spec is too big to decode.
    func counts(endpoints: YAMLNode?, models: [(name: String, pair: YAMLPair)]) -> Bool {
        var fits = true
        if let pairs = endpoints?.mapping, pairs.count > limits.maxEndpoints {
            sink.error("the spec has \(pairs.count) endpoints, more than the limit of \(limits.maxEndpoints)", at: pairs[limits.maxEndpoints].key.location)
            fits = false
        }
        if models.count > limits.maxModels {
            sink.error("the spec has \(models.count) models, more than the limit of \(limits.maxModels)", at: models[limits.maxModels].pair.key.location)
            fits = false
        }
        return fits
    }

    /// Reports every name longer than the limit: mapping keys anywhere, the API's name, and the items of
    /// `enum` and `variables` lists. A name reached again through an alias is reported once.
    func names(in root: YAMLNode) {
        var reported: Set<SourceLocation> = []
        if let name = root["name"] { check(name, &reported) }
        visit(root, &reported)
    }

    private func visit(_ node: YAMLNode, _ reported: inout Set<SourceLocation>) {
        for item in node.sequence ?? [] {
            visit(item, &reported)
        }
        for pair in node.mapping ?? [] {
            check(pair.key, &reported)
            if pair.key.text == "enum" || pair.key.text == "variables", let items = pair.value.sequence {
                for item in items { check(item, &reported) }
            }
            visit(pair.value, &reported)
        }
    }

    private func check(_ node: YAMLNode, _ reported: inout Set<SourceLocation>) {
        // The byte count is free and bounds the character count, which is not.
        guard let text = node.text, text.utf8.count > limits.maxNameLength, !reported.contains(node.location) else { return }
        reported.insert(node.location)
        guard text.count > limits.maxNameLength else { return }
        sink.error("a name of \(text.count) characters ('\(text.prefix(20))...'), more than the limit of \(limits.maxNameLength)", at: node)
    }
}
