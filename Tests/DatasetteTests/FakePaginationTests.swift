import DatasetteAPI
import EndpointRuntime
import TestSupport
import Testing

/// The pages and items methods through the protocol, answered by the generated fake (no server).
struct FakePaginationTests {
    @Test func theFakesPagesGiveTheItemsThroughTheProtocol() async throws {
        var fake = FakeDatasetteClient()
        let asked = Locked<String?>(nil)
        fake.tableRowsPagesHandler = { database, table, size, _, _ in
            asked.withLock { $0 = "\(database)/\(table)/\(size.map(String.init) ?? "-")" }
            return [
                TablePage(database: database, table: table, rows: [Row(id: 1, name: "a", score: 1)], next: "1", nextURL: nil),
                TablePage(database: database, table: table, rows: [Row(id: 2, name: "b", score: 2)], next: nil, nextURL: nil),
            ]
        }
        let client: any DatasetteClientProtocol = fake
        var names: [String] = []
        for try await row in client.tableRowsItems(database: "fixtures", table: "items", size: 2) {
            names.append(row.name)
        }
        #expect(names == ["a", "b"])
        #expect(asked.withLock { $0 } == "fixtures/items/2")
    }

    @Test func aFakeWithoutTheHandlerFailsOnTheFirstPage() async throws {
        let client: any DatasetteClientProtocol = FakeDatasetteClient()
        await #expect(throws: EndpointError.invalidRequest("FakeDatasetteClient.tableRowsPagesHandler is not set")) {
            for try await _ in client.tableRowsPages(database: "fixtures", table: "items") {}
        }
    }
}
