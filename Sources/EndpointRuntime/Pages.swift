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
