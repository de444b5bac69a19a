import EndpointRuntime
import Foundation
import HTTPBinAPI
import Testing

/// Structured values in the query and in a form body (issue #23), sent by the generated client to live httpbin, whose
/// `/anything` echoes the keys it received: a deepObject range and list, a joined list and an exploded object in the
/// query; lines, metadata and a union in bracket notation in a form body.
@Suite(.enabled(if: HTTPBinServer.available, HTTPBinServer.why), .timeLimit(.minutes(5)))
struct StructuredParameterTests {
    @Test func aDeepObjectQueryArrivesAsBracketKeys() async throws {
        let client = try HTTPBinServer.client()
        let echo = try await client.searchOrders(
            created: CreatedRange(gt: 1, lt: 2), expand: ["customer", "invoice.lines"], ids: [3, 4, 5], page: OrderPage(limit: 10, after: "o_1"))
        #expect(echo.args["created[gt]"] == "1")
        #expect(echo.args["created[lt]"] == "2")
        #expect(echo.args["expand[]"] == ["customer", "invoice.lines"])
        #expect(echo.args["ids"] == "3,4,5")
        #expect(echo.args["limit"] == "10")
        #expect(echo.args["after"] == "o_1")
        // In the order the parameters are declared, members by name (httpbin echoes the URL decoded).
        #expect(echo.url.hasSuffix(
            "/anything/orders?client_version=0.10.4&created[gt]=1&created[lt]=2&expand[]=customer&expand[]=invoice.lines&ids=3,4,5&after=o_1&limit=10"))
    }

    @Test func aNilMemberAndANilParameterSendNothing() async throws {
        let client = try HTTPBinServer.client()
        let echo = try await client.searchOrders(created: CreatedRange(gt: nil, lt: 9), expand: [], ids: [1])
        #expect(echo.args == ["client_version": "0.10.4", "created[lt]": "9", "ids": "1"])
    }

    @Test func aNestedFormBodyArrivesInBracketNotation() async throws {
        let client = try HTTPBinServer.client()
        let echo = try await client.createOrder(
            items: [OrderLine(price: "p_1", quantity: 2), OrderLine(price: "p 2&3", quantity: 1)], metadata: ["order": "42", "note": "a=b"],
            amount: .createdRange(CreatedRange(gt: 5, lt: nil)), expand: ["customer"])
        #expect(echo.form == [
            "items[0][price]": "p_1", "items[0][quantity]": "2", "items[1][price]": "p 2&3", "items[1][quantity]": "1",
            "metadata[note]": "a=b", "metadata[order]": "42", "amount[gt]": "5", "expand[]": "customer",
        ])
    }

    @Test func aUnionsScalarCaseIsOneField() async throws {
        let client = try HTTPBinServer.client()
        let echo = try await client.createOrder(items: [], metadata: [:], amount: .int(700))
        #expect(echo.form == ["amount": "700"])
    }
}
