import Diagnostics
import Testing
import YAML

@Suite struct ParserTests {
    /// `isNull` says what `resolved == .null` says, without resolving: plain null spellings and `!!null` are null; a
    /// quoted or `!!str` one, text, numbers and collections are not.
    @Test func isNullAgreesWithResolvingToNull() throws {
        let root = try YAMLParser.parseDocument("""
            a: null
            b: ~
            c:
            d: "null"
            e: !!str null
            f: !!null ''
            g: NULL
            h: nil
            i: 0
            j: [null]
            k: { x: null }
            l: !foo null
            """, file: "n.yaml")
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]
        let nodes = try keys.map { try #require(root[$0]) }
        #expect(nodes.map(\.isNull) == nodes.map { $0.resolved == .null })
        #expect(nodes.map(\.isNull) == [true, true, true, false, false, true, true, false, false, false, false, false])
    }

    /// `isBool` says what `resolved == .bool(value)` says, and a collection is no boolean.
    @Test func isBoolAgreesWithResolvingToABool() throws {
        let root = try YAMLParser.parseDocument("a: false\nb: true\nc: 'false'\nd: !!bool true\ne: [false]\nf: { x: false }\ng: 0\n", file: "b.yaml")
        let nodes = try ["a", "b", "c", "d", "e", "f", "g"].map { try #require(root[$0]) }
        #expect(nodes.map { $0.isBool(false) } == nodes.map { $0.resolved == .bool(false) })
        #expect(nodes.map { $0.isBool(true) } == nodes.map { $0.resolved == .bool(true) })
        #expect(nodes.map { $0.isBool(false) } == [true, false, false, false, false, false, false])
    }

    @Test func nodesCarryOneBasedLocationsAndKeepKeyOrder() throws {
        let root = try YAMLParser.parseDocument("name: Auth\nserver:\n  port: 8080\n  host: x\n", file: "a.yaml")
        let server = try #require(root["server"])
        #expect(server.mapping?.map { $0.key.text } == ["port", "host"])
        #expect(server["port"]?.location == SourceLocation(file: "a.yaml", line: 3, column: 9))
        #expect(root["name"]?.location == SourceLocation(file: "a.yaml", line: 1, column: 7))
    }

    @Test func scalarsKeepSourceTextAndStyle() throws {
        let root = try YAMLParser.parseDocument("version: 1.0\ncountry: NO\nq: 'x'\n", file: "a.yaml")
        #expect(root["version"]?.scalar == YAMLScalar("1.0"))
        #expect(root["country"]?.resolved == .string("NO"))
        #expect(root["q"]?.scalar == YAMLScalar("x", style: .singleQuoted))
    }

    @Test func duplicateKeysAreRefused() {
        #expect(throws: DiagnosticError.self) { try YAMLParser.parse("a: 1\nb: 2\na: 3\n", file: "d.yaml") }
        do {
            _ = try YAMLParser.parse("a: 1\nb: 2\na: 3\n", file: "d.yaml")
        } catch {
            #expect(error.description == "d.yaml:3:1: error: duplicate key 'a'\na: 3\n^\nd.yaml:1:1: note: 'a' is first defined here\na: 1\n^")
        }
    }

    /// The spec loader reads past a duplicate key to check the rest: the later pair is left out, and its value kept.
    @Test func duplicateKeysCanBeReadPast() throws {
        let document = try YAMLParser.parseDocumentReadingPastDuplicates("name: a\nnames: [x]\nname: { b: c }\n", file: "d.yaml")
        #expect(document.root.mapping?.map(\.key.text) == ["name", "names"])
        #expect(document.root["name"]?.text == "a")
        #expect(document.problems.map(\.description) == [
            "d.yaml:3:1: error: duplicate key 'name'\nname: { b: c }\n^~~~\nd.yaml:1:1: note: 'name' is first defined here\nname: a\n^~~~",
        ])
        #expect(document.discarded.map(\.mapping?.first?.key.text) == ["b"])
    }

    @Test func duplicatesAreFoundInLargeMappingsToo() throws {
        let keys = (0..<40).map { "k\($0): \($0)\n" }.joined()
        do {
            _ = try YAMLParser.parse(keys + "1: a\n'1': b\nk7: again\n", file: "big.yaml")
            Issue.record("expected a duplicate key error")
        } catch {
            #expect(error.diagnostics.first?.headline == "big.yaml:43:1: error: duplicate key 'k7'")
        }
        #expect(try YAMLParser.parseDocument(keys + "1: a\n'1': b\n", file: "big.yaml").mapping?.count == 42)
    }

    @Test func intAndStringKeysDiffer() throws {
        let root = try YAMLParser.parseDocument("1: a\n'1': b\n", file: "k.yaml")
        #expect(root.mapping?.count == 2)
    }

    @Test func aliasesExpandAndBillionLaughsIsRefused() throws {
        let root = try YAMLParser.parseDocument("a: &x [1, 2]\nb: *x\n", file: "a.yaml")
        #expect(root["b"]?.resolved == .array([.int(1), .int(2)]))
        var laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            laughs += "a\(level): &a\(level) [\(refs)]\n"
        }
        #expect(throws: DiagnosticError.self) { try YAMLParser.parse(laughs, file: "lol.yaml") }
    }

    @Test func deepNestingIsALocatedError() {
        let deep = String(repeating: "[", count: 100_000)
        do {
            _ = try YAMLParser.parse(deep, file: "deep.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.headline == "deep.yaml:1:513: error: nesting is deeper than 512 levels")
        }
    }

    @Test func emptyFileHasNoDocuments() throws {
        #expect(try YAMLParser.parse("", file: "e.yaml").isEmpty)
    }
}
