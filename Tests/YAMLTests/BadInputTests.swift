import Diagnostics
import Testing
import YAML

/// Hostile or broken input gives one located error, never a crash or a hang.
@Suite struct BadInputTests {
    /// The whole message of the parse error for `bytes`, or a recorded issue when it parses.
    func message(parsing bytes: [UInt8], file: String = "bad.yaml") -> String? {
        do {
            _ = try YAMLParser.parse(bytes, file: file)
            Issue.record("expected an error")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func invalidUTF8() {
        let bytes = Array("name: ok\nbad: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        // The caret points at the byte that starts the broken sequence; the quoted line shows U+FFFD for it.
        #expect(message(parsing: bytes) == """
            bad.yaml:2:6: error: the file is not UTF-8 text: byte 0xC3 at offset 14 is not valid UTF-8 (in Latin-1 it would be 'Ã'); save the file as UTF-8
            bad: \u{FFFD}(
                 ^
            """)
    }

    @Test func utf16IsNamed() {
        #expect(message(parsing: [0xFF, 0xFE] + Array("n\0a\0".utf8)) == """
            bad.yaml:1:1: error: the file is UTF-16 text (it starts with the byte-order mark 0xFF 0xFE); save it as UTF-8
            """)
    }

    /// A control character other than NUL is libyaml's to refuse; the message names the byte and its offset.
    @Test func controlCharacter() {
        #expect(message(parsing: Array("a: b\u{7}c\n".utf8)) == """
            bad.yaml:1:5: error: invalid input: control characters are not allowed: byte 0x07 at offset 4
            a: b\u{7}c
                ^
            """)
    }

    @Test func tabUsedAsIndentation() {
        #expect(message(parsing: Array("server:\n\thost: x\n".utf8)) == """
            bad.yaml:2:1: error: found a tab character where indentation is expected; YAML indents with spaces only
            \thost: x
            ^
            """)
        #expect(message(parsing: Array("server:\n  \thost: x\n".utf8))?.hasPrefix(
            "bad.yaml:2:3: error: found a tab character where indentation is expected; YAML indents with spaces only\n") == true)
    }

    @Test func unterminatedQuote() {
        // libyaml stops at the end of input; the error points where the quote opened instead.
        #expect(message(parsing: Array("a: 1\nb: \"open\nc: 3\n".utf8)) == """
            bad.yaml:2:4: error: found unexpected end of stream while scanning a quoted scalar
            b: "open
               ^
            """)
    }

    /// The 100,000-character line is quoted as a window of 120 around the column, cut sides marked with `…`.
    @Test func hundredThousandFlowLevels() {
        let line = String(repeating: "[", count: 100_000)
        #expect(message(parsing: Array(line.utf8)) == """
            bad.yaml:1:513: error: nesting is deeper than 512 levels
            …\(String(repeating: "[", count: 120))…
            \(String(repeating: " ", count: 41))^
            """)
    }

    @Test func hundredThousandBlockLevels() {
        let line = String(repeating: "- ", count: 100_000) + "x"
        #expect(message(parsing: Array((line + "\n").utf8)) == """
            bad.yaml:1:1025: error: nesting is deeper than 512 levels
            …\(String(repeating: "- ", count: 60))…
            \(String(repeating: " ", count: 41))^
            """)
    }

    @Test func emptyFileHasNoDocumentButParseDocumentSaysSo() throws {
        #expect(try YAMLParser.parse([UInt8](), file: "empty.yaml").isEmpty)
        do {
            _ = try YAMLParser.parseDocument([UInt8](), file: "empty.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "empty.yaml:1:1: error: the file holds no YAML document")
        }
    }

    @Test func binaryFile() {
        // A fixed linear congruential generator: the same "random" bytes, NULs included, on every run.
        var state: UInt32 = 12345
        let bytes = (0..<4096).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        #expect(bytes.contains(0))
        // A NUL byte says binary, before the bytes that are not UTF-8 (the first of those is at offset 1 here).
        #expect(bytes.firstIndex(of: 0) == 399)
        #expect(message(parsing: bytes, file: "blob.bin") == """
            blob.bin:4:105: error: the file holds a NUL byte (0x00) at offset 399, so it is binary, not YAML text
            """)
    }
}

extension BadInputTests {
    @Test func billionLaughsIsRefusedWhereTheExpansionOverflows() {
        var laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            laughs += "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        // Up to a6's '[' the document holds 1,234,575 nodes, each *a5 adds 1,111,111: the eighth passes 10,000,000.
        #expect(message(parsing: Array(laughs.utf8), file: "lol.yaml") == """
            lol.yaml:7:45: error: the document expands to more than 10000000 nodes (too many aliases)
            a6: &a6 [*a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5]
                                                        ^
            """)
    }
}
