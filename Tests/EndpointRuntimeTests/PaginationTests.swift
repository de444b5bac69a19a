import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// A page of the echo server's pagination routes (`/pages/...`): items are the numbers 1...total.
private struct NumberPage: Decodable, Sendable {
    let items: [Int]
    let next: String?
}

/// The strategies Datasette lacks (a named header, page numbers, offsets), a next URL on another origin and a cursor
/// that repeats, against the loopback echo server, which counts every request it gets (`X-Counter`).
@Suite(.enabled(if: EchoServer.available, EchoServer.why), .timeLimit(.minutes(5)))
struct PaginationTests {
    private func items(_ pages: Pages<NumberPage>) async throws -> [Int] {
        var items: [Int] = []
        for try await item in pages.items(\.items) { items.append(item) }
        return items
    }

    @Test func aNamedHeadersURLIsFollowedToTheLastPage() async throws {
        let counter = UUID().uuidString
        let client = EndpointClient(configuration: try EchoServer.configuration(counter: counter))
        let request = Request<NumberPage>(method: .get, path: "/pages/header", query: [QueryItem("per", 7), QueryItem("total", 30)])
        #expect(try await items(client.pages(for: request, pagination: .header("Next-Page"))) == Array(1...30))
        #expect(try await EchoServer.stats(counter).total == 5)
    }

    /// The echo server puts the next page on `localhost`, the same port but another origin than `127.0.0.1`: the first
    /// page arrives, then the sequence fails without sending the request (and so the token) there.
    @Test func aNextURLOnAnotherOriginIsNotFollowed() async throws {
        let counter = UUID().uuidString
        let client = EndpointClient(configuration: try EchoServer.configuration(counter: counter))
        let request = Request<NumberPage>(
            method: .get, path: "/pages/header", query: [QueryItem("per", 5), QueryItem("total", 30), QueryItem("host", "localhost")])
        var iterator = client.pages(for: request, pagination: .header("Next-Page")).makeAsyncIterator()
        #expect(try await iterator.next()?.items == [1, 2, 3, 4, 5])
        do {
            _ = try await iterator.next()
            Issue.record("the next page on localhost was followed")
        } catch let error as EndpointError {
            guard case .invalidRequest(let reason) = error else { throw error }
            #expect(reason.contains("is not on the server http://127.0.0.1:"), "\(reason)")
        }
        #expect(try await iterator.next() == nil)  // the error ended the sequence
        #expect(try await EchoServer.stats(counter).total == 1)
    }

    /// Pages 1 to 4 hold items, page 5 none: five requests, page numbers counted up from the first request's.
    @Test func pageNumbersCountUpUntilAnEmptyPage() async throws {
        let counter = UUID().uuidString
        let client = EndpointClient(configuration: try EchoServer.configuration(counter: counter))
        let request = Request<NumberPage>(method: .get, path: "/pages/numbered", query: [QueryItem("per", 10), QueryItem("total", 35)])
        #expect(try await items(client.pages(for: request, pagination: .page("page", itemCount: { $0.items.count }))) == Array(1...35))
        #expect(try await EchoServer.stats(counter).total == 5)
    }

    /// With the page size's query item named, a short page (5 of 10) is the last; without it, an empty page is.
    @Test(arguments: [("limit", 4), (nil, 5)] as [(String?, Int)])
    func offsetsAdvanceByTheItemsReceived(limit: String?, requests: Int) async throws {
        let counter = UUID().uuidString
        let client = EndpointClient(configuration: try EchoServer.configuration(counter: counter))
        let request = Request<NumberPage>(
            method: .get, path: "/pages/offset", query: [QueryItem("offset", 0), QueryItem("limit", 10), QueryItem("total", 35)])
        let pages = client.pages(for: request, pagination: .offset("offset", limit: limit, itemCount: { $0.items.count }))
        #expect(try await items(pages) == Array(1...35))
        #expect(try await EchoServer.stats(counter).total == requests)
    }

    /// `/pages/stuck` answers the cursor `again` every time: the second page repeats the cursor the first gave, so the
    /// sequence ends with an error rather than asking for the same page forever.
    @Test func aRepeatedCursorEndsTheSequenceWithAnError() async throws {
        let counter = UUID().uuidString
        let client = EndpointClient(configuration: try EchoServer.configuration(counter: counter))
        let pages = client.pages(for: Request<NumberPage>(method: .get, path: "/pages/stuck"), pagination: .cursor("cursor", from: \.next))
        var received = 0
        await #expect(throws: EndpointError.invalidRequest("the next page's cursor 'again' was already followed; stopping rather than loop")) {
            for try await _ in pages {
                received += 1
                if received > 5 { break }  // a loop: the expectations below fail, and the test ends
            }
        }
        #expect(received == 2)
        #expect(try await EchoServer.stats(counter).total == 2)
    }
}

/// The parts that need no server: `Link` headers, list-backed pages, cancellation before the first page.
struct PaginationPartsTests {
    @Test func aCancelledTaskSendsNoRequest() async throws {
        let stub = StubTransport()
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "example.com")), transport: stub)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            for try await _ in client.pages(for: Request<NumberPage>(method: .get, path: "/p"), pagination: .link) {}
        }
        await #expect(throws: EndpointError.cancelled) { try await task.value }
        #expect(stub.requests.isEmpty)
    }

    @Test func theItemsOfListedPagesComeInOrder() async throws {
        let pages = Pages([NumberPage(items: [1, 2], next: nil), NumberPage(items: [], next: nil), NumberPage(items: [3], next: nil)])
        var items: [Int] = []
        for try await item in pages.items(\.items) { items.append(item) }
        #expect(items == [1, 2, 3])
    }

    /// Links among others, with `rel` lists, unquoted and root-relative; a default query item the link repeats is
    /// sent once; `+` in a link's query is a space and `%2B` a plus; a `Link` without `next` ends the sequence.
    @Test func theNextLinkOfALinkHeaderIsFollowed() async throws {
        let stub = StubTransport()
        let page = #"{"items": [1]}"#
        func reply(link: String) -> StubTransport.Reply {
            StubTransport.Reply(headers: ["Content-Type": "application/json", "Link": link], body: Data(page.utf8))
        }
        stub.enqueue(
            reply(link: #"<https://example.com/api/p?v=1&page=2>; rel="next", <https://example.com/api/p?v=1&page=9>; rel="last""#),
            reply(link: #"<https://example.com/api/p?page=1>; rel="prev", <https://example.com/api/p?page=3>; rel="next last""#),
            reply(link: "</api/p?page=4&q=a+b%2Bc>; rel=next"),
            reply(link: #"<https://example.com/api/p?page=1>; rel="first""#))
        let configuration = ClientConfiguration(
            server: ServerAddress(host: "example.com", basePath: "/api"), defaultQuery: [ParameterTemplate(name: "v", value: "1")])
        let client = EndpointClient(configuration: configuration, transport: stub)
        var count = 0
        for try await _ in client.pages(for: Request<NumberPage>(method: .get, path: "/p"), pagination: .link) { count += 1 }
        #expect(count == 4)
        #expect(stub.requests.map { $0.url?.absoluteString } == [
            "https://example.com/api/p?v=1", "https://example.com/api/p?v=1&page=2", "https://example.com/api/p?v=1&page=3",
            "https://example.com/api/p?v=1&page=4&q=a%20b%2Bc",
        ])
    }

    /// A next URL already followed ends the sequence with an error instead of looping: the first page and the second
    /// arrive, the second's link to itself is refused before it is sent.
    @Test func aNextURLFollowedBeforeEndsTheSequenceWithAnError() async throws {
        let stub = StubTransport { _ in
            StubTransport.Reply(
                headers: ["Content-Type": "application/json", "Next-Page": "https://example.com/api/p?page=2"], body: Data(#"{"items": [1]}"#.utf8))
        }
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "example.com", basePath: "/api")), transport: stub)
        var pages = 0
        await #expect(throws: EndpointError.invalidRequest(
            "the next page's URL 'https://example.com/api/p?page=2' from the header 'Next-Page' was already followed; stopping rather than loop"
        )) {
            for try await _ in client.pages(for: Request<NumberPage>(method: .get, path: "/p"), pagination: .header("Next-Page")) {
                pages += 1
                if pages > 5 { break }  // a loop, bounded here so that the test fails rather than hangs
            }
        }
        #expect(pages == 2)
        #expect(stub.requests.count == 2)
    }

    /// The base path `/api` is a whole segment: a next URL under `/apix` is another API on the host, not followed, while
    /// one under `/api/` is.
    @Test func aNextURLBesideTheBasePathIsNotFollowed() async throws {
        let page = #"{"items": [1]}"#
        func reply(next: String) -> StubTransport.Reply {
            StubTransport.Reply(headers: ["Content-Type": "application/json", "Next-Page": next], body: Data(page.utf8))
        }
        let stub = StubTransport(responses: [reply(next: "https://example.com/api/p?page=2"), reply(next: "https://example.com/apix/p?page=3")])
        let client = EndpointClient(configuration: ClientConfiguration(server: ServerAddress(host: "example.com", basePath: "/api")), transport: stub)
        var iterator = client.pages(for: Request<NumberPage>(method: .get, path: "/p"), pagination: .header("Next-Page")).makeAsyncIterator()
        #expect(try await iterator.next()?.items == [1])
        #expect(try await iterator.next()?.items == [1])
        await #expect(throws: EndpointError.invalidRequest(
            "the next page's URL 'https://example.com/apix/p?page=3' from the header 'Next-Page' is not on the server https://example.com/api; not following it"
        )) { _ = try await iterator.next() }
        #expect(stub.requests.map { $0.url?.absoluteString } == ["https://example.com/api/p", "https://example.com/api/p?page=2"])
    }
}
