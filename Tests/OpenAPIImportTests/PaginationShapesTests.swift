import EndpointGenCore
import EndpointSpec
import Testing

/// The pagination code the generator writes compiles without warnings for every strategy and every shape of path:
/// nested, through optional models, to optional and non-optional values, an array response as its own items,
/// deprecated endpoints, completion handlers and every file split (`ClientCompiler` builds it as a module).
@Suite struct PaginationShapesTests {
    static let spec = """
        name: Shapes
        server: { host: shapes.example.com }
        completionHandlers: true
        endpoints:
          cursorInt:
            GET: /a
            params: { after: Int? }
            response: Page
            paginate: { cursor: { from: meta.count, param: after }, items: meta.rows }
          cursorOptionalInt:
            GET: /b
            params: { after: Int64? }
            response: Page
            paginate: { cursor: { from: meta.after, param: after }, items: data }
          cursorString:
            GET: /c
            params: { after: { type: String?, key: _after } }
            response: Page
            paginate: { cursor: { from: token, param: _after } }
          nextURL:
            GET: /d
            response: Page
            deprecated: true
            paginate: { next: { url: meta.next }, items: rows }
          nextOptionalURL:
            GET: /e
            response: Page
            paginate: { next: { url: link }, items: rows }
          header: { GET: /f, response: "[Row]", paginate: { next: { header: Next-Page } } }
          link: { GET: /g, params: { default: { type: Int, default: 1 } }, response: Page, paginate: { next: link } }
          pages: { GET: /h, params: { page: Int? }, response: "[Row]?", paginate: { page: { param: page } } }
          offsets:
            GET: /i
            params: { offset: { type: Int, default: 0 }, limit: { type: Int, default: 10 } }
            response: Page
            paginate: { offset: { param: offset, limit: limit }, items: rows }
        models:
          Page: { rows: "[Row]", data: "[Row]?", token: String?, link: URL, meta: Meta? }
          Meta: { count: Int, after: Int64?, next: URL?, rows: "[Row]" }
          Row: { id: Int }
        """

    @Test(arguments: [FileSplit.automatic, .always])
    func everyStrategyAndPathShapeCompilesWithoutWarnings(split: FileSplit) throws {
        let loaded = try SpecLoader.load(text: Self.spec, path: "Specs/Shapes.yaml") { _ in "" }
        #expect(loaded.warnings.isEmpty)
        let result = try ClientCompiler.compile(loaded.spec, specPath: "Specs/Shapes.yaml", split: split)
        #expect(result.status == 0)
        #expect(result.output == "")
    }
}
