import EndpointSpec

/// Turns arbitrary spec text into Swift source that cannot change the meaning of the code around it.
enum SwiftLiteral {
    /// The raw value of an enum case as a literal of its raw type: a string literal, or a number in Swift's form
    /// (`10`, `0.5` for `.5`), which the spec loader has checked the text is (else a string literal, which does not compile
    /// as a number rather than become code).
    static func enumValue(_ text: String, rawType: TypeRef) -> String {
        guard rawType != .string, let number = EnumCase.normalized(text, rawType: rawType) else { return string(text) }
        return number
    }

    /// The message of the `@available(*, deprecated)` of what the spec marks deprecated, e.g. the endpoint `oldBooks`.
    static func deprecationMessage(_ name: String) -> String {
        string("\(name) is deprecated in the API spec")
    }

    /// A double-quoted Swift string literal whose value is exactly `text`: `\` and `"` are escaped (so `\(`, `"""`
    /// and `#` stay text), line breaks become `\n` and `\r`, and invisible characters (bidi overrides, zero-width
    /// spaces, other control characters) `\u{...}`, so the literal shows what it holds.
    static func string(_ text: String) -> String {
        QuotedLiteral.make(text) { "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }
    }

    /// Doc comment lines (without `///`) for free text: one line per source line, invisible characters
    /// shown as `U+XXXX`, so nothing in the text can end the comment or hide code.
    static func docLines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        if let lines = asciiDocLines(text) { return lines }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            var visible = ""
            for scalar in line.unicodeScalars {
                if QuotedLiteral.isInvisible(scalar) {
                    visible += "U+" + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    visible.unicodeScalars.append(scalar)
                }
            }
            return visible.trimmingTrailingWhitespace()
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// `docLines` of text that is printable ASCII and line breaks only (most descriptions), worked out on bytes;
    /// `nil` for any other text. The `Character` path above took a tenth of importing whole Stripe (openapi-benchmark's
    /// import row), whose descriptions are mostly ASCII.
    private static func asciiDocLines(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
        guard bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == newline || $0 == carriageReturn }) else { return nil }
        var lines: [String] = []
        var start = 0
        var index = 0
        func endLine() {
            var end = index
            while end > start, bytes[end - 1] == space { end -= 1 }
            lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == newline || byte == carriageReturn else {
                index += 1
                continue
            }
            endLine()
            // CR LF is one line break, as it is one `Character`.
            index += byte == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == newline ? 2 : 1
            start = index
        }
        endLine()
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

extension String {
    /// The string without spaces and tabs at its start.
    func trimmingLeadingWhitespace() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }))
    }

    /// The string without spaces and tabs at its end (generated code carries no trailing whitespace).
    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
