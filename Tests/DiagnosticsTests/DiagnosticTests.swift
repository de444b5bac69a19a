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
