public import Diagnostics

/// What an import kept, for the line `lint` and `generate` print after an OpenAPI document's warnings.
///
/// ```
/// k8s-apps-v1.json: imported 65 of 77 operations (12 left out); 52 warnings: 22 request bodies, 17 media types, ...
/// ```
public struct ImportSummary: Equatable, Sendable {
    /// The operations the document has (every method of every path item, `trace` included).
    public var operations: Int
    /// The operations the filters (`--include-tag` ...) select; all of them without filters.
    public var selected: Int
    /// The operations that became endpoints.
    public var imported: Int
    /// How many warnings of each kind, most first (then by kind), e.g. `("untyped values", 40)`.
    public var warnings: [WarningCount]

    /// A number of warnings of one kind.
    public struct WarningCount: Equatable, Sendable {
        /// The kind, plural, e.g. `request bodies`.
        public var kind: String
        /// How many.
        public var count: Int
    }

    /// A summary counting `diagnostics`' warnings by kind.
    init(operations: Int, selected: Int, imported: Int, diagnostics: [Diagnostic]) {
        self.operations = operations
        self.selected = selected
        self.imported = imported
        self.warnings = []
        self = counting(diagnostics)
    }

    /// The summary with the warnings of `diagnostics` counted too (`lint` adds the generator's).
    public func counting(_ diagnostics: [Diagnostic]) -> ImportSummary {
        var counts = Dictionary(uniqueKeysWithValues: warnings.map { ($0.kind, $0.count) })
        for diagnostic in diagnostics where diagnostic.severity == .warning {
            counts[Self.kind(of: diagnostic.message), default: 0] += 1
        }
        var result = self
        result.warnings = counts.map { WarningCount(kind: $0.key, count: $0.value) }
            .sorted { ($1.count, $0.kind) < ($0.count, $1.kind) }
        return result
    }

    /// `imported 65 of 77 operations (12 left out); 52 warnings: 22 request bodies, 17 media types`.
    public var description: String {
        var text = "imported \(imported) of \(operations) operation\(operations == 1 ? "" : "s")"
        let notes = [
            selected < operations ? "\(selected) selected by the filters" : nil,
            imported < selected ? "\(selected - imported) left out" : nil,
        ].compactMap { $0 }
        if !notes.isEmpty { text += " (\(notes.joined(separator: ", ")))" }
        let total = warnings.map(\.count).reduce(0, +)
        guard total > 0 else { return text + "; no warnings" }
        return text + "; \(total) warning\(total == 1 ? "" : "s"): " + warnings.map { "\($0.count) \($0.count == 1 ? Self.singular($0.kind) : $0.kind)" }.joined(separator: ", ")
    }

    /// `request body` for `request bodies`, `untyped value` for `untyped values`.
    private static func singular(_ kind: String) -> String {
        if kind.hasSuffix("ies") { return kind.dropLast(3) + "y" }
        if kind.hasSuffix("s") { return String(kind.dropLast()) }
        return kind
    }

    /// The kind of a warning, by what it is about. The messages are ours and worded alike (`the request body of ...`,
    /// `property 'x' of 'Y' is ..., which EndpointGen cannot type`), so their wording tells the kind; the first rule that
    /// matches wins.
    static func kind(of message: String) -> String {
        rules.first { $0.matches(message) }?.kind ?? "other"
    }

    /// The kinds and how a message of each is told, in order (`kind(of:)`); made once, not per message.
    private static let rules: [(kind: String, matches: @Sendable (String) -> Bool)] = [
        ("examples", { $0.containsUTF8("in the document's example at") || $0.containsUTF8("sent as written") }),
        ("untyped values", { $0.containsUTF8("which EndpointGen cannot type") }),
        ("merged unions", { $0.containsUTF8("cannot be an enum of its alternatives") }),
        ("ambiguous unions", { $0.containsUTF8("cannot be told apart") }),
        ("discriminators", { $0.containsUTF8("discriminator") }),
        ("media types", { $0.containsUTF8("which is sent as") }),
        ("request bodies", { $0.containsUTF8("body of ") || $0.containsUTF8("the body member") }),
        ("defaults", { $0.hasPrefix("the default of") }),
        ("references", { $0.containsUTF8("reference") }),
        ("names", { $0.containsUTF8("Swift name") || $0.containsUTF8("is reserved") || $0.containsUTF8("would shadow") }),
        ("empty strings", { $0.containsUTF8("the empty string") }),
        ("parameters", { $0.containsUTF8("parameter") || $0.hasPrefix("the member '") || $0.containsUTF8("placeholder") }),
        ("responses", { $0.containsUTF8("response") || $0.containsUTF8("error bod") }),
        ("security schemes", { $0.containsUTF8("security") || $0.containsUTF8("credential") }),
        ("servers", { $0.containsUTF8("server") }),
        ("enumerations", { $0.containsUTF8("of enum '") }),
        ("cycles", { $0.containsUTF8("refers to itself") }),
    ]
}
