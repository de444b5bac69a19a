import Diagnostics
import Mustache
import Testing

@Suite struct ParseErrorTests {
    static let file = "Templates/Client.swift.mustache"

    /// The whole text of the error compiling `source` gives, or `nil` when it compiles.
    static func compileError(_ source: String) -> String? {
        do {
            _ = try MustacheTemplate(compiling: source, name: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func unclosedSectionPointsAtItsOpeningTag() {
        #expect(Self.compileError("struct A {\n    {{#methods}}\n    func x()\n}\n") == """
            Templates/Client.swift.mustache:2:5: error: unclosed section 'methods'; expected '{{/methods}}'
                {{#methods}}
                ^
            """)
    }

    @Test func mismatchedClosingTagNamesTheOpenSection() {
        #expect(Self.compileError("{{#a}}\n  {{#b}}\n  {{/a}}\n{{/b}}") == """
            Templates/Client.swift.mustache:3:3: error: closing tag 'a' does not match 'b' opened at line 2
              {{/a}}
              ^
            """)
    }

    @Test func closingTagWithoutSection() {
        #expect(Self.compileError("x\n{{/a}}") == "Templates/Client.swift.mustache:2:1: error: closing tag 'a' has no open section\n{{/a}}\n^")
    }

    @Test func unclosedTag() {
        #expect(Self.compileError("Hello {{name\n") == "Templates/Client.swift.mustache:1:7: error: unclosed tag; expected '}}'\nHello {{name\n      ^")
        #expect(Self.compileError("{{{raw}}") == "Templates/Client.swift.mustache:1:1: error: unclosed tag; expected '}}}'\n{{{raw}}\n^")
    }

    @Test func badDelimiterChange() {
        #expect(Self.compileError("a\n{{=<% =}}") == """
            Templates/Client.swift.mustache:2:1: error: invalid delimiters '<%'; expected two delimiters separated by a space, like '{{=<% %>=}}'
            {{=<% =}}
            ^
            """)
    }

    @Test func errorsAfterADelimiterChangeUseTheNewDelimiters() {
        #expect(Self.compileError("{{=<% %>=}}\n<%#a%>") == """
            Templates/Client.swift.mustache:2:1: error: unclosed section 'a'; expected '<%/a%>'
            <%#a%>
            ^
            """)
    }

    @Test func badNames() {
        #expect(Self.compileError("{{}}") == "Templates/Client.swift.mustache:1:1: error: missing name in tag\n{{}}\n^")
        #expect(Self.compileError("{{a b}}") == "Templates/Client.swift.mustache:1:1: error: name 'a b' contains whitespace\n{{a b}}\n^")
        #expect(Self.compileError("{{a..b}}") == "Templates/Client.swift.mustache:1:1: error: invalid name 'a..b'\n{{a..b}}\n^")
    }

    @Test func linesCountInsideMultilineCommentsAndColumnsInScalars() {
        #expect(Self.compileError("{{! one\ntwo }}\né {{/x}}") == "Templates/Client.swift.mustache:3:3: error: closing tag 'x' has no open section\né {{/x}}\n  ^")
    }

    /// The 6,000-character line is quoted as a window of 120 characters around the column.
    @Test func nestingTooDeepIsAnErrorNotACrash() {
        let source = String(repeating: "{{#a}}", count: 1_000)
        let window = String(source.dropFirst(560).prefix(120))
        #expect(Self.compileError(source) == "Templates/Client.swift.mustache:1:601: error: sections nest more than 100 deep\n…\(window)…\n" + String(repeating: " ", count: 41) + "^")
    }

    @Test func libraryReportsTheErrorsOfEveryTemplate() {
        do {
            _ = try MustacheLibrary(templates: ["A": "{{#a}}", "B": "{{/b}}"], fileName: { "Templates/\($0).mustache" })
            Issue.record("expected errors")
        } catch {
            #expect(error.description == """
                Templates/A.mustache:1:1: error: unclosed section 'a'; expected '{{/a}}'
                {{#a}}
                ^
                Templates/B.mustache:1:1: error: closing tag 'b' has no open section
                {{/b}}
                ^
                """)
        }
    }

    /// Random templates built from tag fragments: each compiles and renders, or throws a located error.
    @Test func randomInputNeverCrashes() {
        let pieces = ["{{", "}}", "{{{", "}}}", "#", "^", "/", ">", "<", "$", "!", "=", "&", "a", "b", ".", " ", "\n", "\r\n", "\t", "é", "<%", "%>", "{{=<% %>=}}", "{{#a}}", "{{/a}}", "{{$b}}", "{{/b}}", "{{<P}}", "{{/P}}", "{{>P}}"]
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<2_000 {
            let source = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            do {
                let library = try MustacheLibrary(templates: ["T": source, "P": source])
                _ = try library.render("T", context: ["a": [["a": true]], "b": "x"])
            } catch {
                #expect(error.diagnostics.allSatisfy { $0.location != nil }, "\(source.debugDescription): \(error)")
            }
        }
    }
}

/// A seeded generator, so a failing random template is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
