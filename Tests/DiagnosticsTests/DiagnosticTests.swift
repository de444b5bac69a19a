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
        #expect(source.lines.map(String.init) == ["one", "two", "three", "four"])
        #expect(source.line(0) == nil)
        #expect(source.line(5) == nil)
    }
}
