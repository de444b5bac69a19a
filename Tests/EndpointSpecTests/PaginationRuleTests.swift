import Diagnostics
import EndpointSpec
import Testing

/// `paginate:` decodes into the strategy it names, and each mistake the corpus does not show is a located error.
@Suite struct PaginationRuleTests {
    /// A spec whose endpoint `rows` (query parameters `after`, `page`, `offset`, `limit`) has `paginate` as given.
    static func spec(_ paginate: String, response: String = "Page") -> String {
        SpecTesting.spec(
            endpoints: """
                  rows:
                    GET: /rows
                    params: { after: String?, page: Int?, offset: Int?, limit: Int? }
                    response: \(response)
                    paginate: \(paginate)

                """,
            extra: """
                models:
                  Page: { rows: "[Row]", meta: Meta, next: String? }
                  Meta: { next: URL?, total: Int }
                  Row: { id: Int }

                """)
    }

    static func pagination(_ paginate: String, response: String = "Page") throws -> Pagination? {
        try SpecTesting.load(spec(paginate, response: response)).spec.endpoints.first?.pagination
    }

    @Test func eachStrategyDecodes() throws {
        #expect(try Self.pagination("{ next: link, items: rows }")?.next == .link)
        #expect(try Self.pagination("{ next: { header: Next-Page } }")?.next == .header("Next-Page"))
        guard case .url(let url) = try Self.pagination("{ next: { url: meta.next } }")?.next else { throw Unexpected() }
        #expect(url.keys == ["meta", "next"])
        guard case .cursor(let from, let parameter) = try Self.pagination("{ cursor: { from: next, param: after }, items: rows }")?.next
        else { throw Unexpected() }
        #expect(from.keys == ["next"] && parameter.name == "after")
        guard case .page(let page) = try Self.pagination("{ page: { param: page }, items: rows }")?.next else { throw Unexpected() }
        #expect(page.name == "page")
        guard case .offset(let offset, let limit) = try Self.pagination("{ offset: { param: offset, limit: limit }, items: rows }")?.next
        else { throw Unexpected() }
        #expect(offset.name == "offset" && limit?.name == "limit")
        #expect(try Self.pagination("{ page: { param: page } }", response: "\"[Row]\"")?.items == nil)
    }

    @Test func aPaginateWithoutStrategyIsAnError() {
        #expect(SpecTesting.problems(Self.spec("{ items: rows }")) == [
            "Specs/Test.yaml:9:5: error: 'paginate' of endpoint 'rows' needs a strategy to find the next page: one of next, cursor, page, offset"
        ])
    }

    @Test func aNextWithBothHeaderAndURLIsAnError() {
        #expect(SpecTesting.problems(Self.spec("{ next: { header: Next, url: next } }")) == [
            "Specs/Test.yaml:9:39: error: 'next' of 'paginate' of endpoint 'rows' takes 'header' or 'url', not both"
        ])
    }

    @Test func aPathWithAnEmptyKeyIsAnError() {
        #expect(SpecTesting.problems(Self.spec("{ next: link, items: rows..id }")) == [
            "Specs/Test.yaml:9:36: error: the items of 'paginate' of endpoint 'rows' 'rows..id' has an empty key; write JSON keys joined by '.', e.g. 'meta.next'"
        ])
    }

    @Test func aPathThroughAnArrayIsAnError() {
        #expect(SpecTesting.problems(Self.spec("{ next: link, items: rows.id }")) == [
            "Specs/Test.yaml:9:36: error: 'rows.id' in 'paginate' of endpoint 'rows' reads 'id' from '[Row]', which is not an object model"
        ])
    }

    @Test func aNextURLThatIsNoTextIsAnError() {
        #expect(SpecTesting.problems(Self.spec("{ next: { url: meta.total } }")) == [
            "Specs/Test.yaml:9:30: error: the next page's URL 'meta.total' of 'paginate' of endpoint 'rows' is 'Int'; it must be a String or URL"
        ])
    }

    /// A model that did not decode is reported once, where it is written, not again by the paths that read it.
    @Test func aBrokenPageModelIsNotReportedAgainByThePaths() {
        let text = Self.spec("{ cursor: { from: next, param: after }, items: rows }").replacingOccurrences(
            of: "Page: { rows: \"[Row]\", meta: Meta, next: String? }", with: "Page: { rows: \"[Rwo]\", meta: Meta, next: String? }")
        #expect(SpecTesting.problems(text) == [
            "Specs/Test.yaml:11:19: error: unknown type 'Rwo' in property 'rows' of model 'Page'; did you mean 'Row'?"
        ])
    }

    private struct Unexpected: Error {}
}
