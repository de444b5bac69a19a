/// How a template renders: escaping of `{{name}}` tags and whether unknown names are errors.
public struct RenderOptions: Hashable, Sendable {
    /// What `{{name}}` does to the text it writes; `{{{name}}}` and `{{& name}}` never escape.
    public enum Escaping: Hashable, Sendable {
        /// Replaces `&`, `<`, `>` and `"` with HTML entities, as the Mustache spec requires.
        case html
        /// Writes text unchanged: for generated Swift, which escapes its string literals itself.
        case none
    }

    /// The escaping of `{{name}}` tags.
    public var escaping: Escaping
    /// When true, an unknown variable, section or partial is a located error instead of rendering empty.
    public var strict: Bool

    /// The spec's behaviour by default: HTML escaping, unknown names render empty.
    public init(escaping: Escaping = .html, strict: Bool = false) {
        self.escaping = escaping
        self.strict = strict
    }
}
