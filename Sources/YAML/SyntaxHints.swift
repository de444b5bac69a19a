import Diagnostics

/// What a YAML syntax error most likely means, for the mistakes people make in hand-written specs: where the caret
/// belongs and the notes that say how to fix it.
///
/// libyaml reports where its parser gave up, which is not always where the mistake is: an unclosed `{` is found on
/// the next line, and a key indented one space too far is read as more of the value above it. Each hint is found from
/// libyaml's problem and context marks and the text around them; an error that fits none keeps libyaml's words.
struct SyntaxHints {
    /// The message, location and notes to report.
    struct Hint {
        var message: String
        var line: Int
        var column: Int
        var width = 1
        var notes: [Diagnostic] = []
    }

    /// A 0-based libyaml mark: byte offset, line and column.
    struct Mark {
        var index: Int
        var line: Int
        var column: Int
    }

    let source: SourceFile
    let bytes: UnsafeBufferPointer<UInt8>
    /// The byte ranges of the lines, terminators excluded.
    let lines: [Range<Int>]

    init(source: SourceFile, bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index += 1
                continue
            }
            lines.append(start..<index)
            index += byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            start = index
        }
        lines.append(start..<bytes.count)
        self.lines = lines
    }

    /// The hint for libyaml's `problem` (and `context`) at its marks; `nil` when none fits.
    func hint(problem: String, context: String?, problemMark: Mark, contextMark: Mark) -> Hint? {
        var problemMark = problemMark
        if problemMark.index >= bytes.count {
            // At the end of the input libyaml may count a line break that is not there: the end of the last line.
            let last = lines.count - 1
            problemMark = Mark(index: bytes.count, line: last, column: column(of: bytes.count, onLine: last) - 1)
        }
        // libyaml also breaks lines at U+0085, U+2028 and U+2029, which these lines do not: its marks may then point
        // past them, and no hint is given.
        guard problemMark.line < lines.count, contextMark.line < lines.count,
              problemMark.index <= bytes.count, contextMark.index <= bytes.count,
              problemMark.index >= lines[problemMark.line].lowerBound, problemMark.index <= lines[problemMark.line].upperBound
        else { return nil }
        let message = context.map { "\(problem) \($0)" } ?? problem
        if problem.hasPrefix("did not find expected ',' or '"), let context, context.hasPrefix("while parsing a flow ") {
            let closing = problem.hasSuffix("'}'") ? "}" : "]"
            return unquotedBracket(message, at: problemMark, closing: closing)
                ?? mismatchedBracket(closing: closing, kind: context.dropFirst("while parsing a ".count), at: problemMark, opening: contextMark)
                ?? unclosedFlow(closing: closing, kind: context.dropFirst("while parsing a ".count), problemMark: problemMark, opening: contextMark)
        }
        if problem == "mapping values are not allowed in this context" {
            return colonInAValue(message, at: problemMark) ?? overIndented(message, at: problemMark)
        }
        if problem == "did not find expected key", context == "while parsing a block mapping" {
            return misindentedKey(message, at: problemMark, mapping: contextMark)
        }
        return nil
    }

    // MARK: The hints

    /// `{ GET: /users/{id} }`: a `{` (or `[`) inside a plain scalar of a flow collection opens a nested one.
    private func unquotedBracket(_ message: String, at mark: Mark, closing: String) -> Hint? {
        guard mark.index < bytes.count, bytes[mark.index] == UInt8(ascii: "{") || bytes[mark.index] == UInt8(ascii: "["),
              mark.index > 0, !Self.separators.contains(bytes[mark.index - 1])
        else { return nil }
        let line = lines[mark.line]
        var start = mark.index
        while start > line.lowerBound, !Self.separators.contains(bytes[start - 1]) { start -= 1 }
        // The value runs to the ',' or closing bracket that ends it in the collection, past the brackets it holds.
        var end = mark.index
        var depth = 0
        while end < line.upperBound {
            let byte = bytes[end]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { break }
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                break
            }
            end += 1
        }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let bracket = bytes[mark.index] == UInt8(ascii: "{") ? "{" : "["
        let column = self.column(of: start, onLine: mark.line)
        let note = note(
            "inside a flow collection an unquoted '\(bracket)' starts a nested one; quote the value: \"\(value.replacingQuotes())\"",
            line: mark.line, column: column, width: value.unicodeScalars.count)
        return Hint(message: message, line: mark.line + 1, column: mark.column + 1, notes: [note])
    }

    /// `{ x: [Int }`: a closing bracket of the other kind.
    private func mismatchedBracket(closing: String, kind: Substring, at mark: Mark, opening: Mark) -> Hint? {
        guard mark.index < bytes.count, bytes[mark.index] == UInt8(ascii: "}") || bytes[mark.index] == UInt8(ascii: "]") else { return nil }
        let found = bytes[mark.index] == UInt8(ascii: "}") ? "}" : "]"
        let note = note("to match this '\(closing == "}" ? "{" : "[")'", line: opening.line, column: opening.column + 1, width: 1)
        return Hint(message: "expected '\(closing)' to end the \(kind), found '\(found)'", line: mark.line + 1, column: mark.column + 1, notes: [note])
    }

    /// `server: { host: example.com` and a new line: the `}` belongs where the collection's last line ends, before
    /// the line that goes back to the indentation the `{` was opened at.
    private func unclosedFlow(closing: String, kind: Substring, problemMark: Mark, opening: Mark) -> Hint? {
        guard problemMark.line > opening.line || problemMark.index >= bytes.count else { return nil }
        let openingIndent = indentation(of: opening.line)
        var last = opening.line
        var lineNumber = opening.line + 1
        while lineNumber < lines.count, lineNumber <= problemMark.line {
            if !isBlankOrComment(lineNumber) {
                if indentation(of: lineNumber) <= openingIndent { break }
                last = lineNumber
            }
            lineNumber += 1
        }
        let end = contentEnd(of: last)
        let note = note("to match this '\(closing == "}" ? "{" : "[")'", line: opening.line, column: opening.column + 1, width: 1)
        return Hint(message: "expected '\(closing)' to end the \(kind)", line: last + 1, column: column(of: end, onLine: last), notes: [note])
    }

    /// `description: Note: read this`: a `: ` inside an unquoted value on the line of its key.
    private func colonInAValue(_ message: String, at mark: Mark) -> Hint? {
        let line = lines[mark.line]
        guard let keyEnd = firstMappingColon(in: line), keyEnd < mark.index else { return nil }
        var start = keyEnd + 1
        while start < line.upperBound, bytes[start] == UInt8(ascii: " ") { start += 1 }
        guard start < mark.index, !Self.quotes.contains(bytes[start]) else { return nil }
        let end = contentEnd(of: mark.line)
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let note = note(
            "an unquoted value cannot hold ': '; quote it: \"\(value.replacingQuotes())\"", line: mark.line, column: column(of: start, onLine: mark.line),
            width: value.unicodeScalars.count)
        return Hint(message: message, line: mark.line + 1, column: mark.column + 1, notes: [note])
    }

    /// `    GET: /users` then `     response: User`: a line indented deeper than the key above it continues that
    /// key's value, and its `:` is then not allowed.
    private func overIndented(_ message: String, at mark: Mark) -> Hint? {
        let indent = indentation(of: mark.line)
        guard let previous = previousContentLine(before: mark.line), indentation(of: previous) < indent,
              let key = keyText(of: previous), firstMappingColon(in: lines[previous]).map({ contentEnd(of: previous) > $0 + 1 }) == true
        else { return nil }
        let expected = indentation(of: previous)
        let note = note(
            "line \(mark.line + 1) is indented \(Self.spaces(indent)), more than '\(key)' on line \(previous + 1), so it continues the value of '\(key)'; "
                + "indent it \(Self.spaces(expected)) to make it a key beside '\(key)'",
            line: mark.line, column: indent + 1, width: 1)
        return Hint(message: message, line: mark.line + 1, column: mark.column + 1, notes: [note])
    }

    /// A key indented between two levels: it belongs to neither the mapping it follows nor the one around it.
    private func misindentedKey(_ message: String, at mark: Mark, mapping: Mark) -> Hint? {
        let indent = indentation(of: mark.line)
        // At the mapping's own indentation the line is not a key at all (a `- item`, say): no indentation to suggest.
        guard indent != mapping.column else { return nil }
        var notes: [Diagnostic] = []
        if let outerKey = keyText(of: mapping.line) {
            notes.append(note(
                "line \(mark.line + 1) is indented \(Self.spaces(indent)), but the keys of this mapping are indented \(Self.spaces(mapping.column)), like '\(outerKey)'",
                line: mapping.line, column: mapping.column + 1, width: outerKey.unicodeScalars.count))
        }
        // The deeper mapping it was probably meant for: of the lines above it that are indented deeper, up to one
        // that is not, the least indented (its own keys, not the values nested in them: `GET` at 4, not `id` at 6
        // under `params`), the first of them named.
        var sibling: Int?
        var lineNumber = mark.line - 1
        while lineNumber > mapping.line {
            if !isBlankOrComment(lineNumber) {
                let lineIndent = indentation(of: lineNumber)
                if lineIndent <= indent { break }
                if keyText(of: lineNumber) != nil, sibling.map({ lineIndent <= indentation(of: $0) }) ?? true { sibling = lineNumber }
            }
            lineNumber -= 1
        }
        if let sibling, let innerKey = keyText(of: sibling) {
            let innerIndent = indentation(of: sibling)
            notes.append(note(
                "to make it a key beside '\(innerKey)', indent it \(Self.spaces(innerIndent)), as its keys are (column \(innerIndent + 1))",
                line: sibling, column: innerIndent + 1, width: innerKey.unicodeScalars.count))
        }
        return notes.isEmpty ? nil : Hint(message: message, line: mark.line + 1, column: mark.column + 1, notes: notes)
    }

    // MARK: The text

    /// Bytes after which a plain scalar of a flow collection may start.
    private static let separators: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\t")]
    private static let quotes: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'")]

    private static func spaces(_ count: Int) -> String { count == 1 ? "1 space" : "\(count) spaces" }

    private func note(_ message: String, line: Int, column: Int, width: Int) -> Diagnostic {
        var note = source.diagnostic(.note, message, line: line + 1, column: column)
        note.width = max(width, 1)
        return note
    }

    /// The leading spaces of a 0-based line.
    private func indentation(of line: Int) -> Int {
        let range = lines[line]
        return bytes[range].prefix { $0 == UInt8(ascii: " ") }.count
    }

    private func isBlankOrComment(_ line: Int) -> Bool {
        let first = bytes[lines[line]].first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        return first == nil || first == UInt8(ascii: "#")
    }

    private func previousContentLine(before line: Int) -> Int? {
        var candidate = line - 1
        while candidate >= 0 {
            if !isBlankOrComment(candidate) { return candidate }
            candidate -= 1
        }
        return nil
    }

    /// The byte after a line's last character that is neither a blank nor part of a ` #` comment.
    private func contentEnd(of line: Int) -> Int {
        let range = lines[line]
        var end = range.upperBound
        var index = range.lowerBound
        var quote: UInt8?
        while index < range.upperBound {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if Self.quotes.contains(byte) {
                quote = byte
            } else if byte == UInt8(ascii: "#"), index == range.lowerBound || bytes[index - 1] == UInt8(ascii: " ") {
                end = index
                break
            }
            index += 1
        }
        while end > range.lowerBound, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return end
    }

    /// The offset of the `:` that ends a block mapping key at the start of the line (`key: ` or `- key: `).
    private func firstMappingColon(in line: Range<Int>) -> Int? {
        var index = line.lowerBound
        while index < line.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < line.upperBound, !Self.quotes.contains(bytes[index]) else { return nil }
        while index < line.upperBound {
            if bytes[index] == UInt8(ascii: ":"), index + 1 == line.upperBound || bytes[index + 1] == UInt8(ascii: " ") { return index }
            index += 1
        }
        return nil
    }

    /// The key a line starts with, e.g. `GET` for `    GET: /users`.
    private func keyText(of line: Int) -> String? {
        guard let colon = firstMappingColon(in: lines[line]) else { return nil }
        var start = lines[line].lowerBound
        while start < colon, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "-") { start += 1 }
        return start < colon ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<colon]), as: UTF8.self) : nil
    }

    /// The 1-based column, in Unicode scalars, of the byte at `offset` on a 0-based line.
    private func column(of offset: Int, onLine line: Int) -> Int {
        bytes[lines[line].lowerBound..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
    }
}

extension String {
    /// The text with `"` and `\` escaped, to show inside a double-quoted YAML scalar.
    func replacingQuotes() -> String {
        var escaped = ""
        for character in self {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
