import Diagnostics
import YAML

/// A mapping node's pairs, for decoding one spec section.
///
/// Lookups are linear: sections have a handful of keys, where a scan beats hashing.
struct Fields {
    /// The mapping node.
    let node: YAMLNode
    /// The pairs in source order.
    let pairs: [YAMLPair]
    /// The pairs whose keys the section does not know (already reported).
    var unknown: [YAMLPair] = []
    /// The keys the unknown ones were suggested to be: a key missing because it was misspelt is not reported again.
    var suggested: Set<String> = []

    /// The value of `key`, if present.
    subscript(key: String) -> YAMLNode? { pair(key)?.value }

    /// The pair of `key`, if present.
    func pair(_ key: String) -> YAMLPair? { pairs.first { $0.key.text == key } }
}

extension SpecDecoder {
    /// Names people write for a key, from other formats, that are too far from it for a did-you-mean.
    static let keyAliases = ["parameters": "params", "returns": "response", "requestBody": "body", "types": "models"]

    /// The node's pairs, checked against the keys `context` allows; reports a non-mapping, unknown and missing keys.
    ///
    /// `alsoAllowed` accepts keys outside `allowed` (the endpoint's methods), which are then the caller's to check.
    /// A missing required key that an unknown key was suggested to be is not reported: the unknown key was.
    func fields(
        _ node: YAMLNode, _ context: String, allowed: [String], required: [String] = [],
        alsoAllowed: (String) -> Bool = { _ in false }
    ) -> Fields? {
        guard let pairs = mapping(node, context) else { return nil }
        var fields = Fields(node: node, pairs: pairs)
        for pair in pairs {
            guard let key = pair.key.text else {
                sink.error("keys in \(context) must be scalars, not a \(pair.key.kindDescription)", at: pair.key)
                damage.mention(pair.key)
                damage.mention(pair.value)
                fields.unknown.append(pair)
                continue
            }
            if allowed.contains(key) || alsoAllowed(key) { continue }
            let suggestion = Suggestion.closest(to: key, in: allowed) ?? Self.keyAliases[key].flatMap { allowed.contains($0) ? $0 : nil }
            let hint = suggestion.map { "did you mean '\($0)'?" } ?? "expected one of: \(allowed.joined(separator: ", "))"
            sink.error("unknown key '\(key)' in \(context); \(hint)", at: pair.key)
            damage.mention(pair.value)
            fields.unknown.append(pair)
            if let suggestion { fields.suggested.insert(suggestion) }
        }
        for key in required where fields[key] == nil && !fields.suggested.contains(key) {
            sink.error("missing required key '\(key)' in \(context)", at: node.location)
        }
        return fields
    }

    /// The pairs of a mapping node; reports any other kind.
    func mapping(_ node: YAMLNode, _ context: String) -> [YAMLPair]? {
        if let pairs = node.mapping { return pairs }
        if node.scalar != nil, node.resolved == .null { return [] }
        sink.error("expected a mapping for \(context), found a \(node.kindDescription)", at: node)
        damage.mention(node)
        return nil
    }

    /// The items of a sequence node; reports any other kind.
    func sequence(_ node: YAMLNode, _ context: String) -> [YAMLNode]? {
        if let items = node.sequence { return items }
        sink.error("expected a sequence for \(context), found a \(node.kindDescription)", at: node)
        damage.mention(node)
        return nil
    }

    /// A scalar's text as written (`1.0` stays `1.0`); reports any other kind.
    func string(_ node: YAMLNode, _ context: String) -> String? {
        if let text = node.text { return text }
        sink.error("expected a string for \(context), found a \(node.kindDescription)", at: node)
        damage.mention(node)
        return nil
    }

    /// An integer in `range`; reports anything else.
    func int(_ node: YAMLNode, _ context: String, in range: ClosedRange<Int>) -> Int? {
        if case .int(let value) = node.resolved, range.contains(value) { return value }
        let written = node.text.map { "'\($0)'" } ?? "a \(node.kindDescription)"
        sink.error("\(context) must be an integer in \(range.lowerBound)...\(range.upperBound), not \(written)", at: node)
        return nil
    }

    /// `true` or `false`; reports anything else.
    func bool(_ node: YAMLNode, _ context: String) -> Bool? {
        if case .bool(let value) = node.resolved { return value }
        let written = node.text.map { "'\($0)'" } ?? "a \(node.kindDescription)"
        sink.error("\(context) must be true or false, not \(written)", at: node)
        return nil
    }

    /// One of an enumeration's raw values; reports anything else with a suggestion.
    func choice<Choice: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ context: String, as _: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        guard let text = string(node, context) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: text, in: names).map { "did you mean '\($0)'?" }
            ?? "expected one of: \(names.joined(separator: ", "))"
        sink.error("unknown \(context) '\(text)'; \(hint)", at: node)
        return nil
    }
}
