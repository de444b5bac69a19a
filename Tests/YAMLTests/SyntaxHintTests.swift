import Diagnostics
import Testing
import YAML

/// The usual syntax mistakes of hand-written YAML: the caret where the mistake is, and a note that says how to fix it.
@Suite struct SyntaxHintTests {
    func message(_ text: String) -> String? {
        do {
            _ = try YAMLParser.parse(text, file: "h.yaml")
            Issue.record("expected an error")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aBracketInsideAnUnquotedFlowValue() {
        #expect(message("q: { filter: tags[0], x: 1 }\n") == """
            h.yaml:1:18: error: did not find expected ',' or '}' while parsing a flow mapping
            q: { filter: tags[0], x: 1 }
                             ^
            h.yaml:1:14: note: inside a flow collection an unquoted '[' starts a nested one; quote the value: "tags[0]"
            q: { filter: tags[0], x: 1 }
                         ^~~~~~~
            """)
    }

    /// A flow mapping over several lines: the `}` belongs after its last line, before the line that goes back out.
    @Test func anUnclosedMultiLineFlowMapping() {
        #expect(message("server: {\n  host: a.com,\n  port: 80  # the port\n\nendpoints: {}\n") == """
            h.yaml:3:11: error: expected '}' to end the flow mapping
              port: 80  # the port
                      ^
            h.yaml:1:9: note: to match this '{'
            server: {
                    ^
            """)
    }

    /// Without a final line break libyaml puts the end of input on a line of its own; the hint still finds the `]`'s place.
    @Test(arguments: ["tags: [a, b\n", "tags: [a, b"])
    func anUnclosedFlowSequenceAtTheEnd(_ text: String) {
        #expect(message(text) == """
            h.yaml:1:12: error: expected ']' to end the flow sequence
            tags: [a, b
                       ^
            h.yaml:1:7: note: to match this '['
            tags: [a, b
                  ^
            """)
    }

    @Test func aMismatchedBracket() {
        #expect(message("a: { b: [1, 2 }\n") == """
            h.yaml:1:15: error: expected ']' to end the flow sequence, found '}'
            a: { b: [1, 2 }
                          ^
            h.yaml:1:9: note: to match this '['
            a: { b: [1, 2 }
                    ^
            """)
    }

    @Test func aKeyIndentedDeeperThanTheOneAbove() {
        #expect(message("a:\n  b: 1\n    c: 2\n") == """
            h.yaml:3:6: error: mapping values are not allowed in this context
                c: 2
                 ^
            h.yaml:3:5: note: line 3 is indented 4 spaces, more than 'b' on line 2, so it continues the value of 'b'; indent it 2 spaces to make it a key beside 'b'
                c: 2
                ^
            """)
    }

    @Test func aKeyIndentedBetweenTwoLevels() {
        #expect(message("a:\n    b: 1\n  c: 2\n") == """
            h.yaml:3:3: error: did not find expected key while parsing a block mapping
              c: 2
              ^
            h.yaml:1:1: note: line 3 is indented 2 spaces, but the keys of this mapping are indented 0 spaces, like 'a'
            a:
            ^
            h.yaml:2:5: note: to make it a key beside 'b', indent it 4 spaces, as its keys are (column 5)
                b: 1
                ^
            """)
    }

    /// The note names the keys of the mapping above (`b` at 2), not a value nested deeper in one of them (`d` at 4).
    @Test func aKeyIndentedBetweenTwoLevelsIsPointedAtTheKeysOfTheMappingAbove() {
        #expect(message("a:\n  b: 1\n  c:\n    d: 2\n e: 3\n") == """
            h.yaml:5:2: error: did not find expected key while parsing a block mapping
             e: 3
             ^
            h.yaml:1:1: note: line 5 is indented 1 space, but the keys of this mapping are indented 0 spaces, like 'a'
            a:
            ^
            h.yaml:2:3: note: to make it a key beside 'b', indent it 2 spaces, as its keys are (column 3)
              b: 1
              ^
            """)
    }

    @Test func aColonInAnUnquotedValue() {
        #expect(message("title: Part 2: \"The Return\"\n") == """
            h.yaml:1:14: error: mapping values are not allowed in this context
            title: Part 2: "The Return"
                         ^
            h.yaml:1:8: note: an unquoted value cannot hold ': '; quote it: "Part 2: \\"The Return\\""
            title: Part 2: "The Return"
                   ^~~~~~~~~~~~~~~~~~~~
            """)
    }

    /// A quoted value is not the unquoted-colon mistake; an error no hint fits keeps libyaml's words.
    @Test func otherErrorsKeepTheParsersWords() {
        #expect(message("a: b\n- c\n") == """
            h.yaml:2:1: error: did not find expected key while parsing a block mapping
            - c
            ^
            """)
    }
}
