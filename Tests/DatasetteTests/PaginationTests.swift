import DatasetteAPI
import EndpointRuntime
import Foundation
import Testing

/// The generated pagination against live Datasette: every row once by each of its three ways to the next page,
/// cancellation between pages, the rate limit across pages, and the server's error message.
@Suite(DatasetteServer.needed, .timeLimit(.minutes(5)))
struct PaginationTests {
    /// The ids of every row the sequence gives, in order.
    private func ids(_ rows: PageItems<Row>) async throws -> [Int] {
        var ids: [Int] = []
        for try await row in rows { ids.append(row.id) }
        return ids
    }

    /// 3,000 rows, 250 a page: twelve requests, the first without a cursor and each later one with the cursor its
    /// previous page gave; the last page's `next` is null, so nothing follows it.
    @Test func theNextCursorReachesTheLastRowSeeingEachOnce() async throws {
        let transport = RecordingTransport()
        let client = DatasetteClient(configuration: try DatasetteServer.configuration(), transport: transport)
        #expect(try await ids(client.tableRowsItems(database: "fixtures", table: "items", size: 250)) == Array(1...DatasetteServer.rowCount))
        #expect(transport.urls.count == 12)
        #expect(transport.queryValues("_next") == [nil] + (1...11).map { String($0 * 250) })
    }

    @Test func theNextURLReachesTheLastRowSeeingEachOnce() async throws {
        let transport = RecordingTransport()
        let client = DatasetteClient(configuration: try DatasetteServer.configuration(), transport: transport)
        #expect(try await ids(client.tableRowsByURLItems(database: "fixtures", table: "items", size: 500)) == Array(1...DatasetteServer.rowCount))
        #expect(transport.urls.count == 6)
        // Followed as given: the next URL keeps the page size and shape.
        #expect(transport.queryValues("_size") == Array(repeating: "500", count: 6))
        #expect(transport.queryValues("_shape") == Array(repeating: "objects", count: 6))
    }

    @Test func theLinkHeaderReachesTheLastRowSeeingEachOnce() async throws {
        let transport = RecordingTransport()
        let client = DatasetteClient(configuration: try DatasetteServer.configuration(), transport: transport)
        var pages: [[Int]] = []
        for try await page in client.tableRowsByLinkPages(database: "fixtures", table: "items", size: 1000) {
            pages.append(page.rows.map(\.id))
        }
        #expect(pages == [Array(1...1000), Array(1001...2000), Array(2001...3000)])
        #expect(transport.queryValues("_next") == [nil, "1000", "2000"])
    }

    /// The loop's task is cancelled after the second page: the third is never requested, and the loop ends with
    /// `.cancelled`.
    @Test func cancellingBetweenPagesRequestsNoFurtherPage() async throws {
        let transport = RecordingTransport()
        let client = DatasetteClient(configuration: try DatasetteServer.configuration(), transport: transport)
        let task = Task {
            var pages = 0
            for try await _ in client.tableRowsPages(database: "fixtures", table: "items", size: 100) {
                pages += 1
                if pages == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return pages
        }
        await #expect(throws: EndpointError.cancelled) { try await task.value }
        #expect(transport.urls.count == 2)
    }

    /// One request per 400 ms: each page's request starts at least that long after the one before (less 20 ms for
    /// the steps between the limiter and the transport). Without the limit they start tens of milliseconds apart.
    @Test func theRateLimitHoldsAcrossPages() async throws {
        var configuration = try DatasetteServer.configuration()
        configuration.rateLimit = RateLimit(count: 1, interval: .milliseconds(400))
        let transport = RecordingTransport()
        let client = DatasetteClient(configuration: configuration, transport: transport)
        var count = 0
        for try await page in client.tableRowsPages(database: "fixtures", table: "items", size: 750) {
            count += page.rows.count
        }
        #expect(count == DatasetteServer.rowCount)
        let starts = transport.starts
        #expect(starts.count == 4)
        for (earlier, later) in zip(starts, starts.dropFirst()) {
            #expect(later - earlier >= .milliseconds(380), "pages started \(later - earlier) apart")
        }
    }

    /// Datasette's message is under `error` (the spec's `errors.messageField`): it reaches the caller of the sequence.
    @Test func aMissingTablesMessageReachesTheCaller() async throws {
        let client = DatasetteClient(configuration: try DatasetteServer.configuration())
        do {
            for try await _ in client.tableRowsItems(database: "fixtures", table: "nope") {
                Issue.record("a missing table gave a row")
            }
            Issue.record("a missing table gave no error")
        } catch let error as EndpointError {
            #expect(error.statusCode == 404)
            #expect(error.failureReason == "The server answered 404: Table not found")
        }
    }

    /// The single-page call stays as it is, and a bad query's message arrives the same way.
    @Test func aRowQueryReturnsItsRowAndABadOneItsMessage() async throws {
        let client = DatasetteClient(configuration: try DatasetteServer.configuration())
        let result = try await client.rowQuery(database: "fixtures", sql: "select id, name, score from items where id = :id", id: 5)
        #expect(result.rows == [Row(id: 5, name: "item 5", score: 35)])
        do {
            _ = try await client.rowQuery(database: "fixtures", sql: "select nope")
            Issue.record("a bad query succeeded")
        } catch {
            #expect(error.failureReason == "The server answered 400: no such column: nope")
        }
    }
}
