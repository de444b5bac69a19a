import Diagnostics

/// Compiles template text into nodes in one pass, applying the spec's standalone-line rules as it goes.
///
/// A tag alone on its line (only blanks around it) is *standalone*: the whole line disappears from
/// the output, and for partials, parents and blocks its leading blanks become indentation.
struct TemplateParser {
    /// How deep sections, parents and blocks may nest in one template: deeper is an error, not a stack overflow.
    static let maxNesting = 100

    private let source: SourceFile
    private let bytes: [UInt8]
    private var position = 0
    private var openDelimiter = Array("{{".utf8)
    private var closeDelimiter = Array("}}".utf8)
    /// The current line (1-based) and the offset where it starts.
    private var line = 1
    private var lineStart = 0
    /// Whether the current line already holds text or a tag that rules out a standalone tag after it.
    private var lineHasContent = false
    /// Where the text not yet turned into a node begins.
    private var textStart = 0
    /// The open sections, parents and blocks, innermost last; `frames[0]` is the template itself.
    private var frames = [Frame(kind: .root, tag: nil, dedent: [], indentation: "")]

    /// Compiles `source`, or throws the first error located in it.
    static func parse(_ source: SourceFile) throws(DiagnosticError) -> [Node] {
        var parser = TemplateParser(source: source)
        return try parser.parse()
    }

    private init(source: SourceFile) {
        self.source = source
        self.bytes = Array(source.text.utf8)
    }

    private mutating func parse() throws(DiagnosticError) -> [Node] {
        while position < bytes.count {
            if matches(openDelimiter, at: position) {
                try parseTag(at: position)
                continue
            }
            position += 1
            if bytes[position - 1] == .newline {
                flushText(upTo: position)
                startLine(at: position)
            }
        }
        flushText(upTo: bytes.count)
        if let unclosed = frames.last, let tag = unclosed.tag {
            throw error("unclosed \(unclosed.kind.noun) '\(tag.name)'; expected '\(delimited("/" + tag.name))'", at: tag.location)
        }
        return frames[0].nodes
    }

    // MARK: Tags

    private mutating func parseTag(at start: Int) throws(DiagnosticError) {
        let tag = try readTag(at: start)
        let cleanBefore = !lineHasContent && bytes[textStart..<start].allSatisfy(\.isBlank)
        let prefix = cleanBefore ? String(decoding: bytes[textStart..<start], as: UTF8.self) : ""
        advanceLines(from: start, to: tag.end)
        let lineEnd = tag.canStandAlone ? endOfBlankLine(from: tag.end) : nil
        let standalone = cleanBefore && lineEnd != nil
        let countsAsContent = countsAsContent(tag.sigil)
        if !standalone && !(tag.sigil == .parent && cleanBefore) {
            flushText(upTo: start)
        }
        if !standalone && countsAsContent {
            lineHasContent = true
        }
        try apply(tag, standalone: standalone, cleanBefore: cleanBefore, prefix: prefix, nextLine: lineEnd)
        if standalone, let lineEnd {
            position = lineEnd
            textStart = lineEnd
            if lineEnd > tag.end, bytes[lineEnd - 1] == .newline { startLine(at: lineEnd) }
        } else {
            position = tag.end
            textStart = tag.end
        }
    }

    private mutating func apply(
        _ tag: RawTag, standalone: Bool, cleanBefore: Bool, prefix: String, nextLine: Int?
    ) throws(DiagnosticError) {
        switch tag.sigil {
        case .comment:
            break
        case .delimiters:
            try changeDelimiters(tag)
        case .section, .inverted:
            try push(Frame(kind: .section(inverted: tag.sigil == .inverted), tag: try name(tag, dotted: true),
                           dedent: frames[frames.count - 1].dedent, indentation: ""), at: tag)
        case .block:
            let outer = frames[frames.count - 1].dedent
            var dedent = outer
            var indentation = cleanBefore ? prefix : ""
            if standalone, let nextLine {
                // The first line of the content sets the block's indentation: it is removed here and
                // added back wherever the block is expanded.
                dedent = Array(bytes[nextLine...].prefix(while: \.isBlank))
                indentation = String(decoding: dedent.dropFirst(outer.commonPrefixCount(with: dedent)), as: UTF8.self)
            }
            try push(Frame(kind: .block, tag: try name(tag, dotted: false), dedent: dedent, indentation: indentation), at: tag)
        case .parent:
            var frame = Frame(kind: .parent, tag: try name(tag, dotted: false), dedent: frames[frames.count - 1].dedent,
                              indentation: standalone ? prefix : "")
            if cleanBefore && !standalone { frame.pendingPrefix = prefix }
            try push(frame, at: tag)
        case .partial:
            append(.partial(try name(tag, dotted: false), indentation: standalone ? prefix : ""))
        case .close:
            try close(tag, standalone: standalone)
        case .raw, .tripleMustache:
            append(.variable(try name(tag, dotted: true), escaped: false))
        case nil:
            append(.variable(try name(tag, dotted: true), escaped: true))
        }
    }

    private mutating func push(_ frame: Frame, at tag: RawTag) throws(DiagnosticError) {
        guard frames.count <= Self.maxNesting else {
            throw error("sections nest more than \(Self.maxNesting) deep", at: tag.location)
        }
        frames.append(frame)
    }

    private mutating func close(_ tag: RawTag, standalone: Bool) throws(DiagnosticError) {
        let closing = try name(tag, dotted: false)
        guard frames.count > 1, let open = frames.last?.tag else {
            throw error("closing tag '\(closing.name)' has no open section", at: tag.location)
        }
        guard open.name == closing.name else {
            throw error(
                "closing tag '\(closing.name)' does not match '\(open.name)' opened at line \(open.location.line)",
                at: tag.location)
        }
        let frame = frames.removeLast()
        switch frame.kind {
        case .root:
            break
        case .section(let inverted):
            append(.section(open, inverted: inverted, body: frame.nodes))
        case .block:
            append(.block(Block(tag: open, indentation: frame.indentation, body: frame.nodes)))
        case .parent:
            var overrides: [String: Block] = [:]
            for case .block(let block) in frame.nodes { overrides[block.tag.name] = block }
            var indentation = frame.indentation
            if let prefix = frame.pendingPrefix {
                // The opening tag began a blank line; closing it at the end of a line makes the pair standalone.
                if standalone { indentation = prefix } else { append(.text(prefix)) }
            }
            append(.parent(open, indentation: indentation, overrides: overrides))
        }
    }

    /// Whether a tag, when not standalone, keeps later tags on its line from being standalone.
    /// Parent tags and the blocks directly inside them render nothing where they stand, so they do not.
    private func countsAsContent(_ sigil: Sigil?) -> Bool {
        let innermost = frames[frames.count - 1].kind
        switch sigil {
        case .parent: return false
        case .block: return !innermost.isParent
        case .close: return !(innermost.isParent || (innermost.isBlock && frames.count > 2 && frames[frames.count - 2].kind.isParent))
        default: return true
        }
    }

    private mutating func changeDelimiters(_ tag: RawTag) throws(DiagnosticError) {
        let parts = tag.content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error("invalid delimiters '\(tag.content)'; expected two delimiters separated by a space, like '\(delimited("=<% %>="))'",
                        at: tag.location)
        }
        openDelimiter = Array(parts[0].utf8)
        closeDelimiter = Array(parts[1].utf8)
    }

    /// The tag's name, checked: not empty, no blanks, and for lookups no empty part between dots.
    private func name(_ tag: RawTag, dotted: Bool) throws(DiagnosticError) -> Tag {
        let name = tag.content
        guard !name.isEmpty else { throw error("missing name in tag", at: tag.location) }
        guard !name.contains(where: \.isWhitespace) else {
            throw error("name '\(name)' contains whitespace", at: tag.location)
        }
        guard dotted, name != "." else { return Tag(name: name, path: [], location: tag.location) }
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) else { throw error("invalid name '\(name)'", at: tag.location) }
        return Tag(name: name, path: path, location: tag.location)
    }

    // MARK: Reading

    /// Reads the tag whose opening delimiter is at `start`, up to and including its closing delimiter.
    private func readTag(at start: Int) throws(DiagnosticError) -> RawTag {
        let location = location(of: start)
        var contentStart = start + openDelimiter.count
        let sigil = contentStart < bytes.count ? Sigil(rawValue: bytes[contentStart]) : nil
        if sigil != nil { contentStart += 1 }
        let terminator: [UInt8] = switch sigil {
        case .tripleMustache: [UInt8(ascii: "}")] + closeDelimiter
        case .delimiters: [UInt8(ascii: "=")] + closeDelimiter
        default: closeDelimiter
        }
        guard let contentEnd = firstIndex(of: terminator, from: contentStart) else {
            throw error("unclosed tag; expected '\(String(decoding: terminator, as: UTF8.self))'", at: location)
        }
        let content = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
            .trimmingBlanks()
        return RawTag(sigil: sigil, content: content, start: start, end: contentEnd + terminator.count, location: location)
    }

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        for index in pattern.indices where bytes[offset + index] != pattern[index] { return false }
        return true
    }

    private func firstIndex(of pattern: [UInt8], from offset: Int) -> Int? {
        var candidate = offset
        while candidate + pattern.count <= bytes.count {
            if matches(pattern, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    /// Past the blanks after a tag and its line's end (`\n`, `\r\n` or the end of input), or `nil` if more follows.
    private func endOfBlankLine(from offset: Int) -> Int? {
        var end = offset
        while end < bytes.count, bytes[end].isBlank { end += 1 }
        if end == bytes.count { return end }
        if bytes[end] == .newline { return end + 1 }
        if bytes[end] == .carriageReturn, end + 1 < bytes.count, bytes[end + 1] == .newline { return end + 2 }
        return nil
    }

    // MARK: Text and lines

    private mutating func flushText(upTo end: Int) {
        guard textStart < end else { return }
        let text = bytes[textStart..<end]
        if text.contains(where: { !$0.isBlank && $0 != .newline && $0 != .carriageReturn }) { lineHasContent = true }
        append(.text(String(decoding: text, as: UTF8.self)))
        textStart = end
    }

    /// Begins the line at `offset`, skipping the indentation that the enclosing standalone blocks remove.
    private mutating func startLine(at offset: Int) {
        line += 1
        lineStart = offset
        lineHasContent = false
        let dedent = frames[frames.count - 1].dedent
        let skipped = dedent.commonPrefixCount(with: bytes[offset...].prefix(dedent.count))
        position = offset + skipped
        textStart = position
    }

    /// Counts the newlines inside a tag (comments may span lines) so later locations stay right.
    private mutating func advanceLines(from start: Int, to end: Int) {
        for offset in start..<end where bytes[offset] == .newline {
            line += 1
            lineStart = offset + 1
        }
    }

    private mutating func append(_ node: Node) {
        frames[frames.count - 1].nodes.append(node)
    }

    // MARK: Errors

    private func location(of offset: Int) -> SourceLocation {
        let column = bytes[lineStart..<offset].count(where: { $0 & 0xC0 != 0x80 }) + 1
        return source.location(line: line, column: column)
    }

    private func error(_ message: String, at location: SourceLocation) -> DiagnosticError {
        DiagnosticError(source.diagnostic(.error, message, at: location))
    }

    /// `content` between the current delimiters, for messages: `{{/name}}`.
    private func delimited(_ content: String) -> String {
        String(decoding: openDelimiter, as: UTF8.self) + content + String(decoding: closeDelimiter, as: UTF8.self)
    }
}

/// What the character right after the opening delimiter makes of a tag.
private enum Sigil: UInt8 {
    case section = 35  // #
    case inverted = 94  // ^
    case close = 47  // /
    case partial = 62  // >
    case parent = 60  // <
    case block = 36  // $
    case comment = 33  // !
    case delimiters = 61  // =
    case raw = 38  // &
    case tripleMustache = 123  // {
}

/// A tag as read, before its name is checked.
private struct RawTag {
    let sigil: Sigil?
    /// What stands between the sigil and the closing delimiter, without surrounding blanks.
    let content: String
    /// The offsets of the opening delimiter and just past the closing one.
    let start: Int
    let end: Int
    let location: SourceLocation

    /// Tags that render nothing where they stand, so a line holding only one of them disappears.
    var canStandAlone: Bool {
        switch sigil {
        case .section, .inverted, .close, .partial, .parent, .block, .comment, .delimiters: return true
        case .raw, .tripleMustache, nil: return false
        }
    }
}

/// An open section, parent or block (or the template itself), collecting the nodes inside it.
private struct Frame {
    enum Kind {
        case root, section(inverted: Bool), parent, block

        var isParent: Bool { if case .parent = self { true } else { false } }
        var isBlock: Bool { if case .block = self { true } else { false } }
        /// The word errors use for it.
        var noun: String {
            switch self {
            case .root: "template"
            case .section: "section"
            case .parent: "parent"
            case .block: "block"
            }
        }
    }

    let kind: Kind
    let tag: Tag?
    var nodes: [Node] = []
    /// The blanks removed from the start of every line inside, set by standalone blocks.
    let dedent: [UInt8]
    /// For a parent, the indentation of its template; for a block, the indentation it adds where expanded.
    var indentation: String
    /// The blanks before a parent's opening tag, kept aside until its closing tag tells whether they are indentation.
    var pendingPrefix: String?

    init(kind: Kind, tag: Tag?, dedent: [UInt8], indentation: String) {
        self.kind = kind
        self.tag = tag
        self.dedent = dedent
        self.indentation = indentation
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    /// Space or tab: what indentation and standalone lines are made of.
    fileprivate var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}

extension Sequence<UInt8> {
    /// How many leading elements equal those of `other`.
    fileprivate func commonPrefixCount(with other: some Sequence<UInt8>) -> Int {
        zip(self, other).prefix(while: { $0 == $1 }).count
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingBlanks() -> String {
        let isTrimmed: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}
