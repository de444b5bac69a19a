import Diagnostics
import YAML

/// Walks a spec's YAML nodes into the `Spec` model, reporting every problem at its exact location.
///
/// Resolution happens on the way: types to declared models, path placeholders to parameters, endpoint
/// settings to their effective values. Cross-cutting checks that need the whole spec live in `SpecChecks`.
/// A part that fails to decode is recorded in `damage`, and checks that depend on it stay silent.
struct SpecDecoder {
    /// Where problems go.
    let sink: DiagnosticSink
    /// What did not decode.
    let damage: Damage
    /// Every model name declared in the spec and its includes.
    let modelNames: Set<String>
    /// Parsed type syntax by text: a large spec repeats a few types many times.
    let typeCache = TypeCache()
    /// The spec's `version`, which templates may use as `{version}`.
    var version: String?
    /// The run-time variables the spec declares, by name.
    var variableNames: Set<String> = []

    init(sink: DiagnosticSink, damage: Damage, modelNames: Set<String>) {
        self.sink = sink
        self.damage = damage
        self.modelNames = modelNames
    }

    /// A type as written, e.g. `[User]?`; reports malformed syntax and unknown names, each at the name inside the
    /// type (when an include failed, only names close to a known one: the others it may have declared).
    func type(_ node: YAMLNode, _ context: String) -> TypeRef? {
        guard let text = node.text else {
            // `type: [String]` unquoted is a YAML sequence, `{ a: Int }` a mapping.
            var notes: [Diagnostic] = []
            var span = sink.span(of: node)
            if let written = sink.flowText(of: node) {
                span.width = written.unicodeScalars.count
                notes.append(sink.note("YAML reads an unquoted '\(written.first!)' as the start of a \(node.kindDescription); quote the type: \"\(written)\"", at: span))
            }
            sink.error("expected a string for the type of \(context), found a \(node.kindDescription)", at: span, notes: notes)
            damage.mention(node)
            return nil
        }
        switch typeCache.parse(text) {
        case .failure(let failure):
            sink.error("malformed type '\(text)' in \(context): \(failure)", at: node)
            damage.mention(text)
            return nil
        case .success(let type):
            let unknown = type.modelNames.filter { !modelNames.contains($0) }
            for name in unknown {
                if let note = freeFormNote(for: name, in: node) {
                    sink.error("unknown type '\(name)' in \(context)", at: span(ofWord: name, in: node), notes: [note])
                    continue
                }
                let closest = Suggestion.closest(to: name, in: modelNames.sorted() + TypeRef.builtins.keys.sorted())
                    ?? Self.otherLanguagesTypeNames[name.lowercased()].flatMap { modelNames.contains(name) ? nil : $0 }
                // What an include that failed would have declared is unknown: only a likely typo is reported then.
                guard let closest else {
                    if !damage.includesIncomplete { sink.error("unknown type '\(name)' in \(context)", at: span(ofWord: name, in: node)) }
                    continue
                }
                damage.mention(closest)
                sink.error("unknown type '\(name)' in \(context); did you mean '\(closest)'?", at: span(ofWord: name, in: node))
            }
            return unknown.isEmpty ? type : nil
        }
    }

    /// For the names other languages and libraries give "any JSON value" (`JSONValue`, `Any`), a note naming `JSON`.
    private func freeFormNote(for name: String, in node: YAMLNode) -> Diagnostic? {
        guard Self.freeFormNames.contains(name), !modelNames.contains(name) else { return nil }
        return sink.note("for any JSON value write 'JSON' (in Swift the runtime's JSONValue, with subscripts and decode(as:))", at: span(ofWord: name, in: node))
    }

    /// Built-in types under the names other languages and formats give them (lower-cased), too far from ours for an
    /// edit-distance suggestion: `Datetime?` means `Date?`, `integer` `Int`.
    static let otherLanguagesTypeNames: [String: String] = [
        "datetime": "Date", "timestamp": "Date", "instant": "Date", "date-time": "Date",
        "integer": "Int", "long": "Int64", "number": "Double", "decimal": "Double", "boolean": "Bool",
        "str": "String", "text": "String", "uri": "URL", "guid": "UUID", "bytes": "Data", "binary": "Data", "blob": "Data",
    ]

    /// Type names that mean "any JSON value" elsewhere.
    static let freeFormNames: Set<String> = ["JSONValue", "Any", "AnyCodable", "AnyObject", "Object", "object", "json", "Json"]

    /// A positive duration such as `10s`; reports anything else, with the duration it probably means.
    func duration(_ node: YAMLNode, _ context: String) -> Duration? {
        guard let text = string(node, context) else { return nil }
        if let duration = DurationSyntax.duration(text) { return duration }
        let advice = DurationSyntax.durationSuggestion(for: text).map { "did you mean '\($0)'?" }
            ?? "write a positive number and a unit (ms, s, min, h), e.g. 10s"
        sink.error("\(context) '\(text)' is not a duration; \(advice)", at: node)
        return nil
    }

    /// A scalar's text, or `nil` when absent.
    func optionalString(_ node: YAMLNode?, _ context: String) -> String? {
        node.flatMap { string($0, context) }
    }

    /// The span of the first whole-word occurrence of `word` in a scalar's text (a model name inside `[User]?`,
    /// a placeholder inside a path); the scalar's span when it does not occur.
    func span(ofWord word: String, in node: YAMLNode) -> DiagnosticSink.Span {
        guard let text = node.text else { return sink.span(of: node) }
        let scalars = Array(text.unicodeScalars), target = Array(word.unicodeScalars)
        let isNamePart = { (scalar: Unicode.Scalar) in scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" }
        var start = 0
        while start + target.count <= scalars.count {
            let end = start + target.count
            if Array(scalars[start..<end]) == target, start == 0 || !isNamePart(scalars[start - 1]), end == scalars.count || !isNamePart(scalars[end]) {
                return sink.span(of: node, scalars: start..<end)
            }
            start += 1
        }
        return sink.span(of: node)
    }
}
