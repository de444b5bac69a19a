/// Turns a file's bytes into the text a parser reads, refusing what is not text with a located error that names
/// the byte: a file in UTF-16, a NUL byte (a binary file), a byte sequence that is not UTF-8.
///
/// ```
/// Specs/Shop.yaml:4:12: error: the file is not UTF-8 text: byte 0xE9 at offset 61 is not valid UTF-8 (in Latin-1 it would be 'é'); save the file as UTF-8
/// ```
public enum SourceText {
    /// The text of `bytes`, read from `path`.
    public static func decode(_ bytes: [UInt8], path: String) throws(DiagnosticError) -> String {
        if let bom = utf16ByteOrderMark(bytes) {
            throw DiagnosticError(Diagnostic(
                .error, "the file is UTF-16 text (it starts with the byte-order mark \(bom)); save it as UTF-8",
                at: SourceLocation(file: path, line: 1, column: 1)))
        }
        if let offset = bytes.firstIndex(of: 0) {
            throw refusal(bytes, offset: offset, path: path, "holds a NUL byte (0x00) at offset \(offset), so it is binary, not YAML text")
        }
        if let offset = firstInvalidUTF8(bytes) {
            let byte = bytes[offset]
            let latin1 = byte >= 0xA0 ? " (in Latin-1 it would be '\(Character(Unicode.Scalar(byte)))')" : ""
            throw refusal(
                bytes, offset: offset, path: path,
                "is not UTF-8 text: byte \(hex(byte)) at offset \(offset) is not valid UTF-8\(latin1); save the file as UTF-8")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Checks text already in memory (valid UTF-8 by construction) for what `decode` refuses besides invalid bytes.
    public static func check(_ text: String, path: String) throws(DiagnosticError) {
        var text = text
        guard text.withUTF8({ $0.contains(0) }) else { return }
        _ = try decode(Array(text.utf8), path: path)
    }

    /// `0x0A`.
    public static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    /// The error at the line and column of byte `offset`, quoting its line unless the file is binary.
    private static func refusal(_ bytes: [UInt8], offset: Int, path: String, _ problem: String) -> DiagnosticError {
        let (line, column, lineStart) = position(ofByte: offset, in: bytes)
        var sourceLine: String?
        if bytes[offset] != 0 {
            let lineEnd = bytes[offset...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.count
            sourceLine = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        }
        let location = SourceLocation(file: path, line: line, column: column)
        return DiagnosticError(Diagnostic(.error, "the file \(problem)", at: location, sourceLine: sourceLine))
    }

    /// The 1-based line and column (in Unicode scalars, as every location counts) of byte `offset`, and where its
    /// line starts; the bytes before `offset` are valid UTF-8.
    private static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int, lineStart: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                let pair = byte == UInt8(ascii: "\r") && index + 1 < offset && bytes[index + 1] == UInt8(ascii: "\n")
                index += pair ? 2 : 1
                line += 1
                lineStart = index
            } else {
                index += 1
            }
        }
        let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column, lineStart)
    }

    /// `0xFF 0xFE` or `0xFE 0xFF` when the bytes start with one.
    private static func utf16ByteOrderMark(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE), (0xFE, 0xFF): return "\(hex(bytes[0])) \(hex(bytes[1]))"
        default: return nil
        }
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            guard secondRange.contains(bytes[index + 1]) else { return index }
            for continuation in bytes[(index + 2)..<(index + length)] where continuation & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
