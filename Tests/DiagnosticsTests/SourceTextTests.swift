@testable import Diagnostics
import Testing

/// What is not text is refused at its first bad byte, by offset and value, located by line and column.
@Suite struct SourceTextTests {
    func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try SourceText.decode(bytes, path: "a.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func textPasses() throws {
        #expect(try SourceText.decode(Array("name: é 👍🏽\r\nx: y\n".utf8), path: "a.yaml") == "name: é 👍🏽\r\nx: y\n")
    }

    @Test func aNulByteIsBinaryAndItsLineIsNotQuoted() {
        #expect(message(Array("a: 1\r\nbé: 2\0\n".utf8)) == "a.yaml:2:6: error: the file holds a NUL byte (0x00) at offset 12, so it is binary, not YAML text")
    }

    @Test func latin1IsNamedWithWhatItWouldBe() {
        #expect(message(Array("one\ncaf".utf8) + [0xE9, 0x0A]) == """
            a.yaml:2:4: error: the file is not UTF-8 text: byte 0xE9 at offset 7 is not valid UTF-8 (in Latin-1 it would be 'é'); save the file as UTF-8
            caf\u{FFFD}
               ^
            """)
    }

    @Test func aByteBelowA0HasNoLatin1Reading() {
        #expect(message([0x61, 0x80]) == "a.yaml:1:2: error: the file is not UTF-8 text: byte 0x80 at offset 1 is not valid UTF-8; save the file as UTF-8\na\u{FFFD}\n ^")
    }

    @Test(arguments: [[0xFF, 0xFE, 0x61, 0x00], [0xFE, 0xFF, 0x00, 0x61]])
    func utf16IsNamedByItsByteOrderMark(_ bytes: [UInt8]) {
        let mark = bytes[0] == 0xFF ? "0xFF 0xFE" : "0xFE 0xFF"
        #expect(message(bytes) == "a.yaml:1:1: error: the file is UTF-16 text (it starts with the byte-order mark \(mark)); save it as UTF-8")
    }

    /// The validator agrees with Swift's own on every malformed form: overlong encodings, surrogates, code points past
    /// U+10FFFF, cut sequences, stray continuation bytes; and on a fixed stream of random bytes.
    @Test func theValidatorAgreesWithSwift() {
        let cases: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF5, 0x80, 0x80, 0x80],
            [0xE2, 0x82], [0x80], [0xBF], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x91, 0x8D],
        ]
        var state: UInt32 = 2024
        let random = (0..<2_000).map { _ in
            (0..<8).map { _ -> UInt8 in
                state = state &* 1_103_515_245 &+ 12345
                return UInt8(truncatingIfNeeded: state >> 16) | 0x80  // high bytes only: where UTF-8 goes wrong
            }
        }
        for bytes in cases + random {
            let swiftAccepts = String(validating: bytes, as: UTF8.self) != nil
            #expect((SourceText.firstInvalidUTF8(bytes) == nil) == swiftAccepts, "\(bytes.map(SourceText.hex))")
        }
    }

    @Test func textInMemoryIsCheckedForNulOnly() throws {
        try SourceText.check("a: b\n", path: "a.yaml")
        #expect(throws: DiagnosticError.self) { try SourceText.check("a: b\0\n", path: "a.yaml") }
    }
}
