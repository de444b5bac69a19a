import Diagnostics
import Testing

@Suite struct DiagnosticTests {
    @Test func printsLikeTheCompilerWithCaret() {
        let source = SourceFile(path: "Specs/Auth.yaml", text: "name: Auth\nendpoints:\n    user: x\n")
        let diagnostic = source.diagnostic(.error, "endpoint 'user' is not a mapping", line: 3, column: 5)
        #expect(diagnostic.description == """
            Specs/Auth.yaml:3:5: error: endpoint 'user' is not a mapping
                user: x
                ^
            """)
    }

    @Test func caretKeepsTabsSoItLinesUp() {
        let source = SourceFile(path: "a.yaml", text: "\tkey: v")
        #expect(source.diagnostic(.warning, "w", line: 1, column: 3).description == "a.yaml:1:3: warning: w\n\tkey: v\n\t ^")
    }

    @Test func aWidthUnderlinesTheTokenAndNotesFollowLocated() {
        let source = SourceFile(path: "a.yaml", text: "endpoints:\n  user:\n    GET: /users/{userId}\n    params: { id: Int }\n")
        var error = source.diagnostic(.error, "path uses '{userId}' but declares no parameter 'userId'", line: 3, column: 17)
        error.width = 8
        var note = source.diagnostic(.note, "parameter 'id' is declared, but the path does not use it", line: 4, column: 15)
        note.width = 2
        error.notes = [note]
        #expect(error.description == """
            a.yaml:3:17: error: path uses '{userId}' but declares no parameter 'userId'
                GET: /users/{userId}
                            ^~~~~~~~
            a.yaml:4:15: note: parameter 'id' is declared, but the path does not use it
                params: { id: Int }
                          ^~
            """)
        #expect(DiagnosticError([error]).description == error.description)
    }

    /// A line longer than 120 characters is quoted as a window of 120 around the column, a third of it before.
    @Test(arguments: [
        // column, window start (0-based), cut before, cut after
        (1, 0, false, true), (41, 0, false, true), (42, 1, true, true), (500, 459, true, true), (1000, 880, true, false), (1001, 880, true, false),
    ])
    func aLongLineIsQuotedAsAWindow(column: Int, start: Int, cutBefore: Bool, cutAfter: Bool) {
        let line = String((0..<1000).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        let diagnostic = Diagnostic(.error, "e", at: SourceLocation(file: "a", line: 1, column: column), sourceLine: line, width: 3)
        let lines = diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let window = String(line.dropFirst(start).prefix(120))
        #expect(lines[1] == (cutBefore ? "…" : "") + window + (cutAfter ? "…" : ""))
        let caretColumn = (cutBefore ? 1 : 0) + column - 1 - start
        // The range stops at the line's end; past it the caret stands after the last character.
        let marks = "^" + String(repeating: "~", count: max(0, min(3, 1000 - (column - 1)) - 1))
        #expect(lines[2] == String(repeating: " ", count: caretColumn) + marks)
    }

    @Test func aRangeIsCutAtTheWindowsEdge() {
        let line = String(repeating: "x", count: 200)
        let lines = { (column: Int) in
            Diagnostic(.error, "e", at: SourceLocation(file: "a", line: 1, column: column), sourceLine: line, width: 50).description
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        // At column 195 the window is the last 120 characters: six of the range are left.
        #expect(lines(195)[2] == " " + String(repeating: " ", count: 114) + "^~~~~~")
        // At column 41 the window is the first 120: the range runs to its end, where the line is cut.
        #expect(lines(41)[1] == String(repeating: "x", count: 120) + "…")
        #expect(lines(41)[2] == String(repeating: " ", count: 40) + "^" + String(repeating: "~", count: 49))
        #expect(lines(101)[2] == " " + String(repeating: " ", count: 40) + "^" + String(repeating: "~", count: 49))
    }

    @Test func unlocatedDiagnosticIsOneLine() {
        #expect(Diagnostic(.error, "no spec given").description == "error: no spec given")
    }

    @Test func errorsSortBySourceOrder() {
        let source = SourceFile(path: "a.yaml", text: "a\nb\nc")
        let late = source.diagnostic(.error, "late", line: 3, column: 1)
        let early = source.diagnostic(.error, "early", line: 1, column: 1)
        let warning = source.diagnostic(.warning, "middle", line: 2, column: 1)
        let error = DiagnosticError([late, warning, early])
        #expect(error.diagnostics.map(\.message) == ["early", "middle", "late"])
        #expect(error.errors.map(\.message) == ["early", "late"])
    }

    @Test func sourceFileSplitsEveryLineEnding() {
        let source = SourceFile(path: "a", text: "one\r\ntwo\rthree\nfour")
        #expect((1...4).map(source.line) == ["one", "two", "three", "four"])
        #expect(source.line(0) == nil)
        #expect(source.line(5) == nil)
    }

    /// `line(_:)` scans bytes; these texts put combining marks, emoji and every terminator next to line breaks,
    /// and each line must be what splitting the `Character`s gives.
    @Test(arguments: [
        "", "\n", "\r\n\r\n", "\r\r\n\n", "a\n\u{301}b\r\u{301}\r\n\u{301}", "é\r\n👍🏽\rß\n\n", "x\u{2028}y\u{85}z\r",
    ])
    func sourceFileLinesEqualCharacterSplit(text: String) {
        let expected = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        let source = SourceFile(path: "a", text: text)
        #expect((1...expected.count).map(source.line) == expected.map(String.init))
        #expect(source.line(expected.count + 1) == nil)
    }
}
