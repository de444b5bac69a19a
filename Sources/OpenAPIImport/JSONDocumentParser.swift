import Diagnostics
import YAML

/// Parses a JSON document (RFC 8259) into the same `YAMLNode` tree the YAML parser builds, so the importer reads both alike.
///
/// JSON is not quite YAML: libyaml refuses a surrogate pair such as `"\ud83d\udc4d"` (valid JSON, and how Twilio writes
/// emoji), so a JSON document is read here. Every node is located at its token (line and column in Unicode scalars, from 1);
/// strings are double-quoted scalars (never resolved to a number or bool), numbers keep their text as written (a big
/// integer loses no digit), `true`, `false` and `null` are plain scalars.
///
/// ```swift
/// let root = try JSONDocumentParser.parse(#"{"openapi": "3.0.3"}"#, file: "api.json")
/// root["openapi"]?.text // "3.0.3"
/// ```
struct JSONDocumentParser {
    private let bytes: [UInt8]
    private let source: SourceFile
    private let maxDepth: Int
    private var index = 0
    private var line = 1
    private var column = 1

    /// The document's root; a located error (with the source line quoted) when the text is not JSON.
    static func parse(_ text: String, file: String, limits: YAMLLimits = .default) throws(DiagnosticError) -> YAMLNode {
        if text.utf8.count > limits.maxBytes {
            let message = "the file is \(text.utf8.count) bytes, more than the limit of \(limits.maxBytes) bytes"
            throw DiagnosticError(Diagnostic(.error, message, at: SourceLocation(file: file, line: 1, column: 1)))
        }
        try SourceText.check(text, path: file)
        var parser = JSONDocumentParser(bytes: Array(text.utf8), source: SourceFile(path: file, text: text), maxDepth: limits.maxDepth)
        return try parser.document()
    }

    /// Whether text looks like JSON: its first character after blanks (and a byte-order mark) is `{` or `[`.
    static func looksLikeJSON(_ text: String) -> Bool {
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        return first == "{" || first == "["
    }

    private init(bytes: [UInt8], source: SourceFile, maxDepth: Int) {
        self.bytes = bytes
        self.source = source
        self.maxDepth = maxDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a UTF-8 byte-order mark is not part of the text
    }

    // MARK: Values

    private mutating func document() throws(DiagnosticError) -> YAMLNode {
        skipBlanks()
        guard index < bytes.count else { throw failure("the file holds no JSON value") }
        let root = try value(depth: 0)
        skipBlanks()
        if index < bytes.count { throw failure("unexpected \(describeHere) after the end of the JSON document") }
        return root
    }

    private mutating func value(depth: Int) throws(DiagnosticError) -> YAMLNode {
        let location = here
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return YAMLNode(.scalar(YAMLScalar(try string(), style: .doubleQuoted)), location: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return YAMLNode(.scalar(YAMLScalar(try number())), location: location)
        default:
            for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                advance(by: word.utf8.count)
                return YAMLNode(.scalar(YAMLScalar(word)), location: location)
            }
            throw failure("expected a JSON value, found \(describeHere)")
        }
    }

    private mutating func object(depth: Int) throws(DiagnosticError) -> YAMLNode {
        let location = here
        try checkDepth(depth)
        advance(by: 1)
        var pairs: [YAMLPair] = []
        var keys: [String: SourceLocation] = [:]
        if isEmpty(closedBy: UInt8(ascii: "}")) { return YAMLNode(.mapping(pairs), location: location) }
        repeat {
            skipBlanks()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a quoted key in a JSON object, found \(describeHere)") }
            let keyLocation = here
            let key = try string()
            if let earlier = keys[key] {
                var problem = source.diagnostic(.error, "duplicate key '\(key)'", at: keyLocation)
                problem.notes = [source.diagnostic(.note, "'\(key)' is first defined here", at: earlier)]
                throw DiagnosticError(problem)
            }
            keys[key] = keyLocation
            skipBlanks()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after the key '\(key)', found \(describeHere)") }
            advance(by: 1)
            skipBlanks()
            guard index < bytes.count else { throw failure("the JSON document ends inside an object") }
            let value = try value(depth: depth)
            pairs.append(YAMLPair(key: YAMLNode(.scalar(YAMLScalar(key, style: .doubleQuoted)), location: keyLocation), value: value))
        } while try !closes(UInt8(ascii: "}"), in: "object")
        return YAMLNode(.mapping(pairs), location: location)
    }

    private mutating func array(depth: Int) throws(DiagnosticError) -> YAMLNode {
        let location = here
        try checkDepth(depth)
        advance(by: 1)
        var items: [YAMLNode] = []
        if isEmpty(closedBy: UInt8(ascii: "]")) { return YAMLNode(.sequence(items), location: location) }
        repeat {
            skipBlanks()
            guard index < bytes.count else { throw failure("the JSON document ends inside an array") }
            items.append(try value(depth: depth))
        } while try !closes(UInt8(ascii: "]"), in: "array")
        return YAMLNode(.sequence(items), location: location)
    }

    /// Right after an opening bracket: whether the closing one follows (and is then read).
    private mutating func isEmpty(closedBy closer: UInt8) -> Bool {
        skipBlanks()
        guard peek(closer) else { return false }
        advance(by: 1)
        return true
    }

    /// After an item of a collection: `false` after a `,` (another item follows), `true` at the closing bracket; both
    /// are read. Anything else is an error.
    private mutating func closes(_ closer: UInt8, in collection: String) throws(DiagnosticError) -> Bool {
        skipBlanks()
        if peek(UInt8(ascii: ",")) {
            advance(by: 1)
            return false
        }
        guard peek(closer) else {
            throw failure("expected ',' or '\(Character(Unicode.Scalar(closer)))' in a JSON \(collection), found \(describeHere)")
        }
        advance(by: 1)
        return true
    }

    private func checkDepth(_ depth: Int) throws(DiagnosticError) {
        if depth > maxDepth { throw failure("the JSON document nests deeper than \(maxDepth) levels") }
    }

    // MARK: Tokens

    /// A number as written, checked against JSON's grammar (`-`, digits without leading zeros, fraction, exponent).
    private mutating func number() throws(DiagnosticError) -> String {
        let start = index
        let location = here
        if peek(UInt8(ascii: "-")) { advance(by: 1) }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("expected a digit in a JSON number, found \(describeHere)") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw DiagnosticError(source.diagnostic(.error, "a JSON number cannot start with a zero followed by digits", at: location))
        }
        if peek(UInt8(ascii: ".")) {
            advance(by: 1)
            guard digits() > 0 else { throw failure("expected a digit after '.' in a JSON number, found \(describeHere)") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            advance(by: 1)
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { advance(by: 1) }
            guard digits() > 0 else { throw failure("expected a digit in the exponent of a JSON number, found \(describeHere)") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() -> Int {
        var count = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            advance(by: 1)
            count += 1
        }
        return count
    }

    /// A quoted string with its escapes undone; a surrogate pair (`\ud83d\udc4d`) is one scalar.
    private mutating func string() throws(DiagnosticError) -> String {
        advance(by: 1)
        var result: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("the JSON document ends inside a string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                advance(by: 1)
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escape = here
                advance(by: 1)
                guard index < bytes.count else { throw failure("the JSON document ends inside a string") }
                let letter = bytes[index]
                advance(by: 1)
                switch letter {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(letter)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"): result += Array(String(try unicodeEscape(at: escape)).utf8)
                default:
                    throw DiagnosticError(source.diagnostic(.error, "'\\\(Character(Unicode.Scalar(letter)))' is not a JSON escape; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escape))
                }
            case 0..<0x20:
                throw failure("a control character (\(SourceText.hex(byte))) must be escaped in a JSON string")
            default:
                result.append(byte)
                advance(by: 1)
            }
        }
    }

    /// The scalar of `\uXXXX` (after `\u`), reading the low half of a surrogate pair that follows a high one.
    private mutating func unicodeEscape(at escape: SourceLocation) throws(DiagnosticError) -> Unicode.Scalar {
        let first = try hexQuad(at: escape)
        if (0xD800..<0xDC00).contains(first) {
            if bytes[index...].starts(with: "\\u".utf8) {
                let save = (index, line, column)
                advance(by: 2)
                let second = try hexQuad(at: escape)
                if (0xDC00..<0xE000).contains(second), let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) {
                    return scalar
                }
                (index, line, column) = save
            }
            throw DiagnosticError(source.diagnostic(.error, "the escape '\\u\(Self.hex4(first))' is the first half of a surrogate pair, but no second half follows", at: escape))
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw DiagnosticError(source.diagnostic(.error, "the escape '\\u\(Self.hex4(first))' is the second half of a surrogate pair without a first half", at: escape))
        }
        return scalar
    }

    private mutating func hexQuad(at escape: SourceLocation) throws(DiagnosticError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw DiagnosticError(source.diagnostic(.error, "expected four hexadecimal digits after '\\u' in a JSON string", at: escape))
            }
            value = value << 4 | digit
            advance(by: 1)
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Position

    private var here: SourceLocation { SourceLocation(file: source.path, line: line, column: column) }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// Moves past `count` bytes of one line; a column counts Unicode scalars, so continuation bytes do not count.
    private mutating func advance(by count: Int) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
    }

    private mutating func skipBlanks() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
                column += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                column = 1
            case UInt8(ascii: "\r"):
                index += 1
                if peek(UInt8(ascii: "\n")) { index += 1 }
                line += 1
                column = 1
            default: return
            }
        }
    }

    /// The character at the current position, for messages: `'x'` or `the end of the file`.
    private var describeHere: String {
        guard index < bytes.count else { return "the end of the file" }
        let end = bytes[(index + 1)...].firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    private func failure(_ message: String) -> DiagnosticError {
        DiagnosticError(source.diagnostic(.error, message, at: here))
    }
}
