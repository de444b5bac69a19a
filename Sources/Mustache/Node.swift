import Diagnostics

/// One piece of a compiled template; a template is a list of these, sections hold their own.
enum Node: Sendable {
    /// Literal text of at most one line: it ends at its newline, so indentation can go before each line.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    case variable(Tag, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(Tag, inverted: Bool, body: [Node])
    /// `{{> name}}`; a standalone tag's leading whitespace becomes the partial's indentation.
    case partial(Tag, indentation: String)
    /// `{{< name}}…{{/name}}`: renders template `name` with its blocks replaced by `overrides`.
    case parent(Tag, indentation: String, overrides: [String: Block])
    /// `{{$ name}}…{{/name}}`: a default that an enclosing parent tag may replace.
    case block(Block)
}

/// The name of a tag and where it stands, for lookups and for errors.
struct Tag: Sendable {
    /// The name as written, e.g. `user.name`, `.` or `Client.swift`.
    let name: String
    /// The name split at dots for lookups; empty for the implicit iterator `.`.
    let path: [String]
    /// The tag's opening delimiter in its template file.
    let location: SourceLocation
}

/// A `{{$ name}}` block: its content, and the indentation it adds where it is expanded.
struct Block: Sendable {
    /// The block's tag: its name is shared by the default and its overrides.
    let tag: Tag
    /// Added to every line of the content rendered here, so overriding content lines up with the default.
    let indentation: String
    /// The content, dedented at compile time by its own indentation.
    let body: [Node]
}
