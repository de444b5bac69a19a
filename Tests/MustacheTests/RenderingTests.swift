import Mustache
import Testing

@Suite struct RenderingTests {
    static func render(_ source: String, _ context: MustacheValue, options: RenderOptions = .init()) throws -> String {
        try MustacheTemplate(compiling: source, name: "T.mustache").render(context, options: options)
    }

    @Test func noneEscapingWritesTextUnchanged() throws {
        let context: MustacheValue = ["text": "a < b && \"c\" > 'd'"]
        #expect(try Self.render("{{text}}", context, options: .init(escaping: .none)) == "a < b && \"c\" > 'd'")
        #expect(try Self.render("{{text}}", context) == "a &lt; b &amp;&amp; &quot;c&quot; &gt; 'd'")
        #expect(try Self.render("{{{text}}}|{{& text}}", context) == "a < b && \"c\" > 'd'|a < b && \"c\" > 'd'")
    }

    @Test func scalarsRenderAsText() throws {
        let context: MustacheValue = ["int": 42, "double": 1.5, "yes": true, "none": nil]
        #expect(try Self.render("{{int}} {{double}} {{yes}} [{{none}}]", context) == "42 1.5 true []")
    }

    @Test func emptyStringAndEmptyListAreFalsey() throws {
        let context: MustacheValue = ["empty": "", "text": "x", "list": [], "zero": 0]
        #expect(try Self.render("{{^empty}}E{{/empty}}{{#text}}T{{/text}}{{^list}}L{{/list}}{{#zero}}Z{{/zero}}", context) == "ETLZ")
    }

    @Test func sectionsPushMapsAndIterateLists() throws {
        let context: MustacheValue = ["api": ["name": "Pets"], "params": [["name": "id"], ["name": "limit"]]]
        #expect(try Self.render("{{#api}}{{name}}{{/api}}({{#params}}{{name}}, {{/params}})", context) == "Pets(id, limit, )")
    }

    @Test func standalonePartialIndentsEveryNonEmptyLine() throws {
        let library = try MustacheLibrary(templates: [
            "Client": "struct C {\n    {{> Method}}\n}\n",
            "Method": "func f() {\n\n    {{body}}\n}\n",
        ])
        let context: MustacheValue = ["body": "a()\nb()"]
        // Blank lines stay empty (no trailing blanks in generated code); data keeps its own line breaks.
        #expect(try library.render("Client", context: context) == "struct C {\n    func f() {\n\n        a()\nb()\n    }\n}\n")
    }

    @Test func nestedStandalonePartialsAddUpTheirIndentation() throws {
        let library = try MustacheLibrary(templates: ["A": "{\n  {{> B}}\n}\n", "B": "[\n  {{> C}}\n]\n", "C": "c\n"])
        #expect(try library.render("A", context: [:]) == "{\n  [\n    c\n  ]\n}\n")
    }

    @Test func compiledTemplateRendersManyContexts() throws {
        let template = try MustacheTemplate(compiling: "Hello {{name}}!", name: "T.mustache")
        #expect(try template.render(["name": "A"]) == "Hello A!")
        #expect(try template.render(["name": "B"]) == "Hello B!")
        #expect(template.name == "T.mustache")
    }
}
