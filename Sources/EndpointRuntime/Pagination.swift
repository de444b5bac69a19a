// EndpointRuntime: Paged endpoints: how the next page is found and the page sequences.

import Foundation

// MARK: - Pagination

/// How the request for an endpoint's next page is found, given the page just received.
///
/// ```swift
/// let rows = client.pages(for: request, pagination: .cursor("_next", from: { $0.next })).items { $0.rows }
/// for try await row in rows { print(row) }
/// ```
///
/// A next URL (from a header, `Link` or the body) is followed only when it is on the client's server (same scheme,
/// host and port, under the base path), so the token is never sent elsewhere. A cursor or URL that was already
/// followed ends the sequence with `EndpointError.invalidRequest` instead of requesting the same pages again.
public struct Pagination<Page: Sendable>: Sendable {
    enum Strategy: Sendable {
        case header(String)
        case link
        case url(@Sendable (Page) -> String?)
        case cursor(parameter: String, from: @Sendable (Page) -> String?)
        case page(parameter: String, itemCount: @Sendable (Page) -> Int)
        case offset(parameter: String, limit: String?, itemCount: @Sendable (Page) -> Int)
    }

    let strategy: Strategy

    /// The next page is at the URL in the response header `name` (e.g. `Next-Page`); none ends the sequence.
    public static func header(_ name: String) -> Pagination { Pagination(strategy: .header(name)) }

    /// The next page is at the `rel="next"` URL of the response's `Link` header; none ends the sequence.
    public static var link: Pagination { Pagination(strategy: .link) }

    /// The next page is at the URL the page gives (e.g. `{ $0.nextURL }`); `nil` or empty ends the sequence.
    public static func url(_ next: @escaping @Sendable (Page) -> String?) -> Pagination { Pagination(strategy: .url(next)) }

    /// The next page is the same request with the query item `parameter` set to the page's cursor (e.g. `{ $0.next }`);
    /// `nil` or empty ends the sequence.
    public static func cursor(_ parameter: String, from cursor: @escaping @Sendable (Page) -> String?) -> Pagination {
        Pagination(strategy: .cursor(parameter: parameter, from: cursor))
    }

    /// The next page is the same request with the query item `parameter` one higher (1 when the first request
    /// did not send it); a page of no items ends the sequence.
    public static func page(_ parameter: String, itemCount: @escaping @Sendable (Page) -> Int) -> Pagination {
        Pagination(strategy: .page(parameter: parameter, itemCount: itemCount))
    }

    /// The next page is the same request with the query item `parameter` advanced by the items received (from 0 when
    /// the first request did not send it); a page of no items, or of fewer than the query item `limit`, ends it.
    public static func offset(
        _ parameter: String, limit: String? = nil, itemCount: @escaping @Sendable (Page) -> Int
    ) -> Pagination {
        Pagination(strategy: .offset(parameter: parameter, limit: limit, itemCount: itemCount))
    }
}

/// What the next request needs to know of the client.
struct PageContext: Sendable {
    /// The server every followed URL must be on.
    var server: ServerAddress
    /// The names of the configuration's default query items: the request builder adds them to every request, so
    /// they are dropped from a followed URL's query rather than sent twice.
    var defaultQueryNames: Set<String>
}

extension Pagination where Page: Decodable {
    /// The request for the page after `response` (the answer to `request`), or `nil` after the last page.
    /// `followed` holds the cursors and URLs followed so far; one seen again is an error.
    func nextRequest(
        after response: Response<Page>, of request: Request<Page>, context: PageContext, followed: inout Set<String>
    ) throws(EndpointError) -> Request<Page>? {
        switch strategy {
        case .header(let name):
            return try following(response.header(name), from: "the header '\(name)'", request, context, &followed)
        case .link:
            return try following(response.header("Link").flatMap(LinkHeader.next), from: "the Link header", request, context, &followed)
        case .url(let next):
            return try following(next(response.body), from: "the page", request, context, &followed)
        case .cursor(let parameter, let cursor):
            guard let cursor = cursor(response.body), !cursor.isEmpty else { return nil }
            guard followed.insert("cursor " + cursor).inserted else {
                throw .invalidRequest("the next page's cursor '\(cursor)' was already followed; stopping rather than loop")
            }
            return request.settingQuery(parameter, to: cursor)
        case .page(let parameter, let itemCount):
            guard itemCount(response.body) > 0 else { return nil }
            let current = request.queryInt(parameter) ?? 1
            return request.settingQuery(parameter, to: String(current + 1))
        case .offset(let parameter, let limit, let itemCount):
            let count = itemCount(response.body)
            guard count > 0 else { return nil }
            if let limit = limit.flatMap(request.queryInt), count < limit { return nil }
            let current = request.queryInt(parameter) ?? 0
            return request.settingQuery(parameter, to: String(current + count))
        }
    }

    /// The request for the URL `next` (absolute, or relative to the server's base URL), if it is on the server.
    private func following(
        _ next: String?, from source: String, _ request: Request<Page>, _ context: PageContext, _ followed: inout Set<String>
    ) throws(EndpointError) -> Request<Page>? {
        guard let next, !next.isEmpty else { return nil }
        guard let base = context.server.baseURL, let url = URL(string: next, relativeTo: base)?.absoluteURL,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { throw .invalidRequest("the next page's URL '\(next)' from \(source) is not a valid URL") }
        let basePath = context.server.basePath.hasSuffix("/") ? String(context.server.basePath.dropLast()) : context.server.basePath
        let path = components.path
        guard context.server.isSameOrigin(as: url), basePath.isEmpty || path == basePath || path.hasPrefix(basePath + "/") else {
            throw .invalidRequest(
                "the next page's URL '\(next)' from \(source) is not on the server \(context.server.baseURLString); not following it")
        }
        // The builder expands `{name}` in a path; a followed path is sent as it is, so it may hold no braces.
        guard !path.contains("{"), !path.contains("}") else {
            throw .invalidRequest("the next page's URL '\(next)' from \(source) has '{' or '}' in its path")
        }
        guard followed.insert("url " + url.absoluteString).inserted else {
            throw .invalidRequest("the next page's URL '\(next)' from \(source) was already followed; stopping rather than loop")
        }
        var nextRequest = request
        nextRequest.path = String(path.dropFirst(basePath.count))
        nextRequest.pathParameters = [:]
        nextRequest.query = (components.percentEncodedQueryItems ?? []).compactMap { item in
            let name = Self.formDecoded(item.name)
            return context.defaultQueryNames.contains(name) ? nil : QueryItem(name, Self.formDecoded(item.value ?? ""))
        }
        return nextRequest
    }
}

extension Pagination {
    /// A query's name or value as servers write them in links: `+` is a space (as form encoding, which Python,
    /// PHP and Ruby use, writes it; a literal `+` arrives as `%2B`), then percent-decoded.
    static func formDecoded(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: "%20")
        return spaced.removingPercentEncoding ?? text
    }
}

extension Request {
    /// The request with every query item `name` replaced by one with `value` (added when there was none).
    func settingQuery(_ name: String, to value: String) -> Request {
        var copy = self
        if let index = copy.query.firstIndex(where: { $0.name == name }) {
            copy.query.removeAll { $0.name == name }
            copy.query.insert(QueryItem(name, value), at: index)
        } else {
            copy.query.append(QueryItem(name, value))
        }
        return copy
    }

    /// The query item `name` as an integer, when the request sends exactly one that is.
    func queryInt(_ name: String) -> Int? {
        let values = query.filter { $0.name == name }.flatMap(\.values)
        return values.count == 1 ? Int(values[0]) : nil
    }
}

// MARK: - Pages

/// The pages of a paginated endpoint, fetched one at a time as the loop asks for them, e.g.
/// `for try await page in client.tableRowsPages(...)`. Each page is a request through the client's whole
/// pipeline (retries, auth, rate and concurrency limits); breaking out of the loop or cancelling its task stops
/// before the next request, and the first error (an `EndpointError`) ends the sequence.
public struct Pages<Page: Sendable>: AsyncSequence, Sendable {
    /// Each element is one decoded page.
    public typealias Element = Page

    let first: PageStep<Page>?

    init(first: PageStep<Page>?) {
        self.first = first
    }

    /// The pages of a list, for fakes and tests: `Pages([firstPage, secondPage])`.
    public init(_ pages: [Page]) {
        self.init(first: PageStep.list(pages[...]))
    }

    /// Starts at the first page; nothing is sent until `next()` is called.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(step: first) }

    /// The items of every page, in order, e.g. `pages.items { $0.rows }`.
    public func items<Item: Sendable>(_ items: @escaping @Sendable (Page) -> [Item]) -> PageItems<Item> {
        PageItems(first: first?.map(items))
    }

    /// Fetches one page per `next()`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var step: PageStep<Page>?

        /// The next page, or `nil` after the last one; throws `EndpointError` (`.cancelled` once the task is cancelled).
        public mutating func next() async throws -> Page? {
            guard let step else { return nil }
            self.step = nil  // after an error, the sequence is over
            if Task.isCancelled { throw EndpointError.cancelled }
            let (page, following) = try await step.fetch()
            self.step = following
            return page
        }
    }
}

/// The items of a paginated endpoint's pages, in order, fetching a page when the one before is used up, e.g.
/// `for try await row in client.tableRowsItems(...)`. Cancellation and errors behave as for `Pages`.
public struct PageItems<Item: Sendable>: AsyncSequence, Sendable {
    /// Each element is one item of a page.
    public typealias Element = Item

    let first: PageStep<[Item]>?

    /// Starts at the first page's first item; nothing is sent until `next()` is called.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(step: first) }

    /// Hands out the items of one page, then fetches the next.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var step: PageStep<[Item]>?
        var buffer: IndexingIterator<[Item]> = [].makeIterator()

        /// The next item, or `nil` after the last page's last; throws `EndpointError` (`.cancelled` once the task is cancelled).
        public mutating func next() async throws -> Item? {
            while true {
                if Task.isCancelled {
                    step = nil
                    throw EndpointError.cancelled
                }
                if let item = buffer.next() { return item }
                guard let step else { return nil }
                self.step = nil
                let (items, following) = try await step.fetch()
                self.step = following
                buffer = items.makeIterator()
            }
        }
    }
}

/// One page still to fetch: fetching it gives the page and the step for the page after it (`nil` after the last).
///
/// `fetch` throws only `EndpointError`, but is declared untyped: a stored closure of a typed-throws type needs the
/// Swift 6 runtime's metadata, which macOS 13 and iOS 16 lack.
struct PageStep<Page: Sendable>: Sendable {
    let fetch: @Sendable () async throws -> (Page, PageStep<Page>?)

    /// The steps of a list of pages.
    static func list(_ pages: ArraySlice<Page>) -> PageStep? {
        guard let page = pages.first else { return nil }
        return PageStep { (page, list(pages.dropFirst())) }
    }

    /// A step that fails with `error` without sending anything.
    static func failing(_ error: EndpointError) -> PageStep {
        PageStep { throw error }
    }

    /// The same steps, each giving `transform` of its page.
    func map<Other: Sendable>(_ transform: @escaping @Sendable (Page) -> Other) -> PageStep<Other> {
        PageStep<Other> {
            let (page, following) = try await fetch()
            return (transform(page), following?.map(transform))
        }
    }
}

extension EndpointClient {
    /// The pages of `request` and those after it, as `pagination` finds them; each is sent when the loop asks for it.
    public func pages<Page>(for request: Request<Page>, pagination: Pagination<Page>) -> Pages<Page> {
        let context = PageContext(server: configuration.server, defaultQueryNames: Set(configuration.defaultQuery.map(\.name)))
        return Pages(first: pageStep(request, pagination, context, followed: []))
    }

    private func pageStep<Page>(
        _ request: Request<Page>, _ pagination: Pagination<Page>, _ context: PageContext, followed: Set<String>
    ) -> PageStep<Page> {
        PageStep {
            let response = try await self.response(for: request)
            var followed = followed
            // A next page that must not be requested fails the step after this page, so this page still arrives.
            do throws(EndpointError) {
                let next = try pagination.nextRequest(after: response, of: request, context: context, followed: &followed)
                return (response.body, next.map { self.pageStep($0, pagination, context, followed: followed) })
            } catch {
                return (response.body, .failing(error))
            }
        }
    }
}

extension Pages {
    /// A sequence whose first `next()` throws `error`, e.g. for a fake without an answer.
    public static func failing(_ error: EndpointError) -> Pages {
        Pages(first: .failing(error))
    }
}

// MARK: - LinkHeader

/// Reads a `Link` header (RFC 8288), e.g. `<https://api.example.com/items?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose `rel` includes `next`, or `nil`.
    static func next(in header: String) -> String? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            let afterTarget = rest[rest.index(after: close)...]
            // The link's parameters run to the `,` before the next link, or the end.
            let end = separator(in: afterTarget) ?? afterTarget.endIndex
            if relations(in: afterTarget[..<end]).contains("next") { return target }
            rest = afterTarget[end...]
        }
        return nil
    }

    /// Where the `,` that separates this link from the next (a `,` then blanks then `<`) is.
    private static func separator(in text: Substring) -> Substring.Index? {
        var comma: Substring.Index?
        for index in text.indices {
            switch text[index] {
            case ",": comma = index
            case "<" where comma != nil: return comma
            case " ", "\t": break
            default: comma = nil
            }
        }
        return nil
    }

    /// The lowercased relation types of a link's parameters, e.g. `["next", "last"]` for `; rel="next last"`.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "rel" else { continue }
            let value = pair[1].trimmingWhitespace().trimmingCharacters(in: ["\""])
            return value.split(separator: " ").map { $0.lowercased() }
        }
        return []
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
