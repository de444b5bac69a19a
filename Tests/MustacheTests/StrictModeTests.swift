import Diagnostics
import Mustache
import Testing

@Suite struct StrictModeTests {
    static let strict = RenderOptions(escaping: .none, strict: true)

    static func library(_ templates: [String: String]) throws -> MustacheLibrary {
        try MustacheLibrary(templates: templates, fileName: { "Templates/\($0).mustache" })
    }

    static func message(_ body: () throws -> String) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func unknownVariableIsLocatedAtItsTag() throws {
        let library = try Self.library(["Client.swift": "// Client\nstruct Client {\n    {{nmae}}\n}\n"])
        let message = Self.message { try library.render("Client.swift", context: ["name": "API"], options: Self.strict) }
        #expect(message == """
            Templates/Client.swift.mustache:3:5: error: unknown variable 'nmae'
                {{nmae}}
                ^
            """)
    }

    @Test func unknownVariableRendersEmptyWhenNotStrict() throws {
        let library = try Self.library(["Client.swift": "[{{nmae}}]"])
        #expect(try library.render("Client.swift", context: ["name": "API"]) == "[]")
    }

    @Test func brokenDottedNameIsUnknown() throws {
        let library = try Self.library(["T": "{{user.nmae}}"])
        let message = Self.message { try library.render("T", context: ["user": ["name": "x"]], options: Self.strict) }
        #expect(message == "Templates/T.mustache:1:1: error: unknown variable 'user.nmae'\n{{user.nmae}}\n^")
    }

    @Test func unknownSectionIsAnError() throws {
        let library = try Self.library(["T": "a\n  {{#params}}x{{/params}}"])
        let message = Self.message { try library.render("T", context: [:], options: Self.strict) }
        #expect(message == "Templates/T.mustache:2:3: error: unknown section 'params'\n  {{#params}}x{{/params}}\n  ^")
    }

    @Test func unknownPartialIsAnErrorOnlyWhenStrict() throws {
        let library = try Self.library(["T": "<{{> Mehtod}}>"])
        #expect(try library.render("T", context: [:]) == "<>")
        let message = Self.message { try library.render("T", context: [:], options: Self.strict) }
        #expect(message == "Templates/T.mustache:1:2: error: unknown partial 'Mehtod'\n<{{> Mehtod}}>\n ^")
    }

    @Test func nullAndFalseAreKnownNames() throws {
        let library = try Self.library(["T": "[{{summary}}]{{^deprecated}}ok{{/deprecated}}"])
        let context: MustacheValue = ["summary": nil, "deprecated": false]
        #expect(try library.render("T", context: context, options: Self.strict) == "[]ok")
    }

    @Test func errorInsideAPartialPointsIntoThePartialsFile() throws {
        let library = try Self.library(["Client": "{{#methods}}\n{{> Method}}\n{{/methods}}", "Method": "func {{nmae}}()\n"])
        let message = Self.message { try library.render("Client", context: ["methods": [["name": "get"]]], options: Self.strict) }
        #expect(message == "Templates/Method.mustache:1:6: error: unknown variable 'nmae'\nfunc {{nmae}}()\n     ^")
    }

    @Test func interpolatingAListIsAnErrorWhenStrict() throws {
        let library = try Self.library(["T": "{{params}}"])
        #expect(try library.render("T", context: ["params": [1, 2]]) == "")
        let message = Self.message { try library.render("T", context: ["params": [1, 2]], options: Self.strict) }
        #expect(message == "Templates/T.mustache:1:1: error: 'params' is a list or map, which has no text to interpolate\n{{params}}\n^")
    }

    @Test func partialIncludingItselfForeverStopsWithALocatedError() throws {
        let library = try Self.library(["Node": "x{{> Node}}"])
        let message = Self.message { try library.render("Node", context: [:]) }
        #expect(message == """
            Templates/Node.mustache:1:2: error: templates nest more than 200 deep; does a partial include itself?
            x{{> Node}}
             ^
            """)
    }

    @Test func templateRenderedAloneHasNoPartials() throws {
        let template = try MustacheTemplate(compiling: "a{{> other}}b", name: "Templates/A.mustache")
        #expect(try template.render([:]) == "ab")
        let message = Self.message { try template.render([:], options: Self.strict) }
        #expect(message == "Templates/A.mustache:1:2: error: unknown partial 'other'\na{{> other}}b\n ^")
    }
}
