import EndpointRuntime
import Foundation
import HTTPBinAPI
import TestSupport
import Testing

/// The generated pages and items methods of the strategies Datasette lacks (a named header, page numbers, offsets),
/// with the HTTPBin client pointed at the loopback echo server's `/pages` routes; the echo server counts the requests
/// of each test in its own bucket (`X-Counter`).
@Suite(.enabled(if: TestEnvironment.canRun(needingServer: "ENDPOINTGEN_ECHO_SERVER"), "needs the loopback echo server: run bash Tests/run.sh"), .timeLimit(.minutes(5)))
struct PaginationEchoTests {
    /// A client for the echo server whose requests it counts under `counter`.
    private func client(counter: String) throws -> HTTPBinClient {
        let url = try #require(TestEnvironment.serverURL("ENDPOINTGEN_ECHO_SERVER"), "ENDPOINTGEN_ECHO_SERVER is not set")
        var configuration = HTTPBinClient.defaultConfiguration
        configuration.server = try #require(ServerAddress(url: url))
        configuration.variables = ["platform": "linux"]
        configuration.defaultHeaders.append(ParameterTemplate(name: "X-Counter", value: counter))
        return HTTPBinClient(configuration: configuration)
    }

    /// How many requests the echo server counted under `counter`.
    private func requests(counter: String) async throws -> Int {
        let url = try #require(TestEnvironment.serverURL("ENDPOINTGEN_ECHO_SERVER"), "ENDPOINTGEN_ECHO_SERVER is not set")
        let stats = EndpointClient(configuration: ClientConfiguration(server: try #require(ServerAddress(url: url))))
        return try await stats.send(Request<Count>(method: .get, path: "/stats", query: [QueryItem("counter", counter)])).total
    }

    private struct Count: Decodable, Sendable { let total: Int }

    @Test func theNextPageHeaderIsFollowedToTheLastItem() async throws {
        let counter = UUID().uuidString
        var items: [Int] = []
        for try await item in try client(counter: counter).headerNumbersItems(per: 8, total: 50) { items.append(item) }
        #expect(items == Array(1...50))
        #expect(try await requests(counter: counter) == 7)
    }

    @Test func pageNumbersCountUpUntilAnEmptyPage() async throws {
        let counter = UUID().uuidString
        var pages: [[Int]] = []
        for try await page in try client(counter: counter).pageNumbersPages(per: 20, total: 45) { pages.append(page.items) }
        #expect(pages == [Array(1...20), Array(21...40), Array(41...45), []])
        #expect(try await requests(counter: counter) == 4)
    }

    /// The last page holds 5 of the 10 the `limit` asks for, so it is the last: no request for an empty page.
    @Test func offsetsAdvanceUntilAShortPage() async throws {
        let counter = UUID().uuidString
        var items: [Int] = []
        for try await item in try client(counter: counter).offsetNumbersItems(limit: 10, total: 35) { items.append(item) }
        #expect(items == Array(1...35))
        #expect(try await requests(counter: counter) == 4)
    }
}

